import IsolintRules

/// `diff -u` output for `isolint fix --dry-run`: `--- a/PATH`, `+++ b/PATH`, hunks with three
/// lines of context. Line breaks are printed as the file has them; a last line without one is
/// followed by `\ No newline at end of file`.
enum UnifiedDiff {
    static func render(path: String, old: [UInt8], new: [UInt8], context: Int = 3) -> String {
        let hunks = LineDiff.hunks(old, new)
        guard !hunks.isEmpty else { return "" }
        let oldLines = LineDiff.lines(old)
        let newLines = LineDiff.lines(new)
        // Hunks whose context would touch are printed as one.
        var groups: [[LineDiff.Hunk]] = []
        for h in hunks {
            if let last = groups.last?.last, h.old.lowerBound - last.old.upperBound <= 2 * context {
                groups[groups.count - 1].append(h)
            } else {
                groups.append([h])
            }
        }
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        func line(_ bytes: [UInt8], _ range: Range<Int>, _ mark: Character) {
            let text = String(decoding: bytes[range], as: UTF8.self)
            out.append(mark)
            out += text
            if bytes[range].last != 0x0A { out += "\n\\ No newline at end of file\n" }
        }
        for group in groups {
            guard let first = group.first, let last = group.last else { continue }
            let oldStart = max(0, first.old.lowerBound - context)
            let oldEnd = min(oldLines.count, last.old.upperBound + context)
            let newStart = first.new.lowerBound - (first.old.lowerBound - oldStart)
            let newEnd = last.new.upperBound + (oldEnd - last.old.upperBound)
            func header(_ start: Int, _ count: Int) -> String {
                // diff -u: an empty range is named by the line before it.
                count == 0 ? "\(start),0" : (count == 1 ? "\(start + 1)" : "\(start + 1),\(count)")
            }
            out += "@@ -\(header(oldStart, oldEnd - oldStart)) +\(header(newStart, newEnd - newStart)) @@\n"
            var o = oldStart
            for h in group {
                while o < h.old.lowerBound {
                    line(old, oldLines[o], " ")
                    o += 1
                }
                for k in h.old { line(old, oldLines[k], "-") }
                for k in h.new { line(new, newLines[k], "+") }
                o = h.old.upperBound
            }
            while o < oldEnd {
                line(old, oldLines[o], " ")
                o += 1
            }
        }
        return out
    }
}
