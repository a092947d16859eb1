import IsolintSyntax

/// A line diff of two versions of a file (Myers' O(ND) algorithm on the lines between the common
/// prefix and suffix). `isolint fix --dry-run` prints it as a unified diff; the language server
/// turns it into the edits of a fix-all that took several passes.
public enum LineDiff {
    /// Lines `old` of the first text became lines `new` of the second (0-based, end exclusive).
    public struct Hunk: Sendable, Equatable {
        public var old: Range<Int>
        public var new: Range<Int>
    }

    /// The byte range of each line, its line break included (a line ends after `\n`).
    public static func lines(_ bytes: [UInt8]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            out.append(start..<(i + 1))
            start = i + 1
        }
        if start < bytes.count { out.append(start..<bytes.count) }
        return out
    }

    /// The hunks that turn `a` into `b`, in order. Past `maximumDistance` changed lines the
    /// middle of the files is one hunk (a correct diff, if not the shortest).
    public static func hunks(_ a: [UInt8], _ b: [UInt8], maximumDistance: Int = 1000) -> [Hunk] {
        let la = lines(a)
        let lb = lines(b)
        func same(_ i: Int, _ j: Int) -> Bool {
            la[i].count == lb[j].count && a[la[i]].elementsEqual(b[lb[j]])
        }
        var prefix = 0
        while prefix < la.count, prefix < lb.count, same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < la.count - prefix, suffix < lb.count - prefix, same(la.count - 1 - suffix, lb.count - 1 - suffix)
        {
            suffix += 1
        }
        let n = la.count - prefix - suffix
        let m = lb.count - prefix - suffix
        if n == 0 && m == 0 { return [] }
        let whole = Hunk(old: prefix..<(prefix + n), new: prefix..<(prefix + m))
        if n == 0 || m == 0 { return [whole] }
        guard let script = myers(n, m, limit: maximumDistance, { same(prefix + $0, prefix + $1) }) else {
            return [whole]
        }
        // Group the script's runs of changed lines into hunks.
        var out: [Hunk] = []
        var x = 0
        var y = 0
        var k = 0
        while k < script.count {
            if script[k] == .equal {
                x += 1
                y += 1
                k += 1
                continue
            }
            let x0 = x
            let y0 = y
            while k < script.count, script[k] != .equal {
                if script[k] == .delete { x += 1 } else { y += 1 }
                k += 1
            }
            out.append(Hunk(old: (prefix + x0)..<(prefix + x), new: (prefix + y0)..<(prefix + y)))
        }
        return out
    }

    enum Step: Equatable { case equal, delete, insert }

    /// The shortest edit script from n lines to m lines, nil past `limit` differences.
    static func myers(_ n: Int, _ m: Int, limit: Int, _ equal: (Int, Int) -> Bool) -> [Step]? {
        let maxD = min(n + m, limit)
        let offset = maxD + 1
        var v = [Int](repeating: 0, count: 2 * maxD + 3)
        // trace[d]: v[-d...d] before round d (what round d extended).
        var trace: [[Int]] = []
        var found: Int?
        for d in 0...maxD {
            trace.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, equal(x, y) {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m {
                    found = d
                    break
                }
            }
            if found != nil { break }
        }
        guard let distance = found else { return nil }
        var steps: [Step] = []
        var x = n
        var y = m
        var d = distance
        while d > 0 {
            let row = trace[d]
            func at(_ k: Int) -> Int { row[k + d] }
            let k = x - y
            let previousK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
            let previousX = at(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                steps.append(.equal)
                x -= 1
                y -= 1
            }
            steps.append(x == previousX ? .insert : .delete)
            x = previousX
            y = previousY
            d -= 1
        }
        while x > 0, y > 0 {
            steps.append(.equal)
            x -= 1
            y -= 1
        }
        return steps.reversed()
    }

    /// Edits on `a` that give `b`, one per hunk (whole lines replaced).
    public static func edits(from a: [UInt8], to b: [UInt8]) -> [ByteEdit] {
        let la = lines(a)
        let lb = lines(b)
        return hunks(a, b).map { h in
            let start = h.old.lowerBound < la.count ? la[h.old.lowerBound].lowerBound : a.count
            let end = h.old.isEmpty ? start : la[h.old.upperBound - 1].upperBound
            let newStart = h.new.lowerBound < lb.count ? lb[h.new.lowerBound].lowerBound : b.count
            let newEnd = h.new.isEmpty ? newStart : lb[h.new.upperBound - 1].upperBound
            return ByteEdit(range: start..<end, newText: String(decoding: b[newStart..<newEnd], as: UTF8.self))
        }
    }
}
