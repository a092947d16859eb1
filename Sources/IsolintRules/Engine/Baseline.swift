import IsolintSyntax

/// Today's findings, recorded so that CI fails only on new ones (`isolint lint --write-baseline
/// FILE`, then `--baseline FILE`). A finding is known by its rule, its file and the text of its
/// line(s) with whitespace normalised — not by line numbers, which move when code above changes —
/// plus how many findings share that key, so that a second copy of a known hazard is still new.
///
/// The file is JSON, sorted so that it diffs well:
/// `{"version":1,"findings":[{"rule","file","text","count"}]}`; `file` is relative to the
/// directory holding the baseline.
public struct Baseline: Sendable, Equatable {
    public struct Key: Hashable, Sendable, Comparable {
        public var rule: String
        public var file: String
        public var text: String

        public init(rule: String, file: String, text: String) {
            self.rule = rule
            self.file = file
            self.text = text
        }

        public static func < (a: Key, b: Key) -> Bool {
            (a.file, a.rule, a.text) < (b.file, b.rule, b.text)
        }
    }

    /// Lines of a finding's range that go into its key (a long range keys on its start).
    static let keyLines = 3

    public var counts: [Key: Int] = [:]

    public init() {}

    /// The baseline of these reports; `file` turns a report's path into the recorded one.
    public init(_ reports: [FileReport], file: (String) -> String) {
        for r in reports {
            let path = file(r.path)
            for f in r.findings { counts[Self.key(f, in: r.source, file: path), default: 0] += 1 }
        }
    }

    public static func key(_ f: Finding, in source: SourceFile, file: String) -> Key {
        let first = source.line(of: f.range.lowerBound)
        let last = f.range.isEmpty ? first : source.line(of: max(f.range.lowerBound, f.range.upperBound - 1))
        var words: [Substring] = []
        for l in first...min(last, first + keyLines - 1) {
            let text = source.text(source.lineRange(l))
            words += text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{0C}" })
        }
        return Key(rule: f.ruleID, file: file, text: words.joined(separator: " "))
    }

    public var total: Int { counts.values.reduce(0, +) }

    /// The findings not in the baseline, and how many baseline entries went unused (fixed since).
    public func newFindings(_ reports: [FileReport], file: (String) -> String) -> (reports: [FileReport], stale: Int) {
        var left = counts
        var out: [FileReport] = []
        out.reserveCapacity(reports.count)
        for var r in reports {
            let path = file(r.path)
            r.findings = r.findings.filter { f in
                let k = Self.key(f, in: r.source, file: path)
                guard let n = left[k], n > 0 else { return true }
                left[k] = n - 1
                return false
            }
            out.append(r)
        }
        return (out, left.values.reduce(0, +))
    }

    // MARK: File

    public func json() -> String {
        let entries: [JSON] = counts.keys.sorted().map { k in
            .object([
                ("rule", .string(k.rule)), ("file", .string(k.file)), ("text", .string(k.text)),
                ("count", .int(counts[k] ?? 0)),
            ])
        }
        return JSON.object([("version", .int(1)), ("findings", .array(entries))]).render(pretty: true) + "\n"
    }

    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> Baseline {
        let json: JSON
        do {
            json = try JSON.parse(bytes)
        } catch {
            throw ParseError(message: "not valid JSON: \(error)")
        }
        guard json["version"]?.int == 1 else { throw ParseError(message: "expected \"version\": 1") }
        guard let entries = json["findings"]?.array else { throw ParseError(message: "expected a \"findings\" array") }
        var b = Baseline()
        for (i, e) in entries.enumerated() {
            guard let rule = e["rule"]?.string, let file = e["file"]?.string, let text = e["text"]?.string else {
                throw ParseError(message: "findings[\(i)]: expected string \"rule\", \"file\" and \"text\"")
            }
            let count = e["count"]?.int ?? 1
            guard count > 0 else { throw ParseError(message: "findings[\(i)]: \"count\" must be positive") }
            b.counts[Key(rule: rule, file: file, text: text), default: 0] += count
        }
        return b
    }
}
