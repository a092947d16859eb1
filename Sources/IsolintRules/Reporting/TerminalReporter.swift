import IsolintSyntax

/// The output for a person at a terminal (ruff's and swiftc's full format): each finding with its
/// source line, a caret under its range, the fixes on offer and the rule's one-line summary, then
/// a summary by rule. Colour (ANSI SGR) only when asked; the caller decides from the terminal and
/// `NO_COLOR`.
///
///     error[global-mutable-state]: Global 'count' is shared mutable state.
///       --> Sources/App/Main.swift:2:19
///        |
///      2 | let s = "é😀"; var count = 0
///        |                ^^^^^^^^^
///        = fix: Make it a constant (`let`) (preferred)
///        = rule: Static or global mutable state that no global actor isolates.
public enum TerminalReporter {
    /// Lines of a multi-line range shown before the rest is elided.
    static let maxLines = 3

    public static func render(_ reports: [FileReport], filesScanned: Int, color: Bool) -> String {
        let paint = Paint(enabled: color)
        var out = ""
        var byRule: [String: (severity: Severity, count: Int)] = [:]
        for r in reports {
            for f in r.findings {
                out += finding(f, in: r, paint: paint)
                out += "\n"
                let seen = byRule[f.ruleID]
                byRule[f.ruleID] = (max(seen?.severity ?? f.severity, f.severity), (seen?.count ?? 0) + 1)
            }
        }
        out += summary(byRule, paint: paint)
        // The closing line is the one-line format's, so both formats end alike.
        return out + Reporter.summaryLine(reports, filesScanned: filesScanned)
    }

    /// One finding: header, location, the source lines with carets, fixes and the rule's summary.
    static func finding(_ f: Finding, in r: FileReport, paint: Paint) -> String {
        let source = r.source
        let (line, column) = source.lineColumn(of: f.range.lowerBound)
        let firstLine = source.line(of: f.range.lowerBound)
        // A range that ends at a line start covers nothing on that line.
        let endOffset = max(f.range.lowerBound, f.range.upperBound - 1)
        let lastLine = f.range.isEmpty ? firstLine : source.line(of: endOffset)
        let shownLast = min(lastLine, firstLine + maxLines - 1)
        let gutter = String(shownLast + 1).count
        let pad = String(repeating: " ", count: gutter)
        let bar = paint.gutter("|")
        var out =
            paint.severity(f.severity, "\(f.severity.rawValue)[\(f.ruleID)]") + paint.bold(": \(f.message)") + "\n"
        out += "\(pad)\(paint.gutter("-->")) \(r.path):\(line):\(column)\n"
        out += "\(pad) \(bar)\n"
        for l in firstLine...shownLast {
            let lineRange = source.lineRange(l)
            let text = source.bytes[lineRange]
            let number = String(l + 1)
            out += String(repeating: " ", count: gutter - number.count) + paint.gutter(number) + " \(bar) "
            out += expandTabs(String(decoding: text, as: UTF8.self)) + "\n"
            let from = max(f.range.lowerBound, lineRange.lowerBound) - lineRange.lowerBound
            let to = min(max(f.range.upperBound, f.range.lowerBound), lineRange.upperBound) - lineRange.lowerBound
            let lead = DisplayWidth.of(text.prefix(from))
            let width = max(1, DisplayWidth.of(text.prefix(to)) - lead)
            if l == firstLine || to > from {
                out += "\(pad) \(bar) " + String(repeating: " ", count: lead)
                out += paint.severity(f.severity, String(repeating: "^", count: width)) + "\n"
            }
        }
        if shownLast < lastLine {
            out +=
                "\(pad) \(bar) "
                + paint.gutter("… \(lastLine - shownLast) more line\(lastLine - shownLast == 1 ? "" : "s")")
            out += "\n"
        }
        for note in f.notes {
            let (nl, nc) = source.lineColumn(of: note.range.lowerBound)
            out += "\(pad) \(paint.gutter("=")) \(paint.bold("note")): \(note.message) (\(r.path):\(nl):\(nc))\n"
        }
        for fix in f.fixes {
            var tags: [String] = []
            if fix.isPreferred { tags.append("preferred") }
            if fix.needsReview { tags.append("needs review") }
            let suffix = tags.isEmpty ? "" : " (\(tags.joined(separator: ", ")))"
            out += "\(pad) \(paint.gutter("=")) \(paint.fix("fix")): \(fix.title)\(suffix)\n"
        }
        if let d = RuleCatalog.descriptor(f.ruleID) {
            out += "\(pad) \(paint.gutter("=")) \(paint.bold("rule")): \(d.summary) (isolint explain \(f.ruleID))\n"
        }
        return out
    }

    /// Counts by rule, most frequent first (ties in id order), as ruff's `--statistics`.
    static func summary(_ byRule: [String: (severity: Severity, count: Int)], paint: Paint) -> String {
        guard !byRule.isEmpty else { return "" }
        let rows = byRule.sorted { a, b in
            a.value.count != b.value.count ? a.value.count > b.value.count : a.key < b.key
        }
        let countWidth = rows.map { String($0.value.count).count }.max() ?? 1
        let idWidth = rows.map(\.key.count).max() ?? 0
        var out = paint.bold("Findings by rule:") + "\n"
        for (id, entry) in rows {
            let n = String(entry.count)
            let level = entry.severity.rawValue
            out += "  " + String(repeating: " ", count: countWidth - n.count) + n + "  "
            out += paint.severity(entry.severity, level) + String(repeating: " ", count: 8 - level.count)
            out += id + String(repeating: " ", count: idWidth - id.count)
            if let d = RuleCatalog.descriptor(id) { out += "  " + d.summary }
            out += "\n"
        }
        return out
    }

    static func expandTabs(_ s: String) -> String { s.replacingOccurrences(of: "\t", with: "    ") }
}

/// ANSI colours, or plain text when disabled.
struct Paint {
    var enabled: Bool

    func sgr(_ code: String, _ s: String) -> String { enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
    func bold(_ s: String) -> String { sgr("1", s) }
    func gutter(_ s: String) -> String { sgr("1;34", s) }
    func fix(_ s: String) -> String { sgr("1;32", s) }
    func severity(_ level: Severity, _ s: String) -> String {
        switch level {
        case .error: sgr("1;31", s)
        case .warning: sgr("1;33", s)
        case .info: sgr("1;36", s)
        case .hint: sgr("2", s)
        }
    }
}

/// Terminal columns a line prefix takes: wide (East Asian and emoji) scalars take two, combining
/// marks, variation selectors and joiners none, a tab four (the renderer expands tabs to four).
enum DisplayWidth {
    static func of(_ bytes: ArraySlice<UInt8>) -> Int {
        var width = 0
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars { width += of(scalar) }
        return width
    }

    static func of(_ s: Unicode.Scalar) -> Int {
        if s == "\t" { return 4 }
        let v = s.value
        if v == 0x200D || (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) { return 0 }
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if s.properties.isEmojiPresentation { return 2 }
        // East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt, the main ranges).
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x20000...0x2FFFD, 0x30000...0x3FFFD,
        ]
        return wide.contains { $0.contains(v) } ? 2 : 1
    }
}
