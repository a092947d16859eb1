import Foundation
import IsolintSyntax

/// Suppression directives read from `//` comments:
/// `// isolint:disable-next-line a, b`, `// isolint:disable-line a` (trailing),
/// `// isolint:disable a` … `// isolint:enable a`, `// isolint:disable-file a`; `all` matches
/// every rule. A directive without ids means `all`; `enable all` ends every open block.
public struct Suppressions: Sendable {
    public enum Form: String, Sendable {
        case disableNextLine = "disable-next-line", disableLine = "disable-line", disable, enable, disableFile =
            "disable-file"
    }

    public struct Directive: Sendable, Equatable {
        public var form: Form
        public var ids: [String]
        /// Byte range of the comment.
        public var range: Range<Int>
        /// Zero-based line of the comment.
        public var line: Int
    }

    /// The id that matches every rule.
    public static let allRules = "all"

    public private(set) var directives: [Directive] = []
    /// Line ranges (zero-based, inclusive) per rule id; "all" for every rule.
    private var lineRanges: [String: [ClosedRange<Int>]] = [:]
    private var fileWide: Set<String> = []

    public init(tree: SyntaxTree) {
        let source = tree.source
        source.bytes.withUnsafeBufferPointer { bytes in
            for c in tree.comments where !c.isBlock && Suppressions.mayBeDirective(bytes, c.range) {
                guard let d = Suppressions.parse(source.bytes, c.range, line: source.line(of: Int(c.start))) else {
                    continue
                }
                directives.append(d)
            }
        }
        var open: [String: Int] = [:]
        for d in directives {
            for id in d.ids {
                switch d.form {
                case .disableNextLine: lineRanges[id, default: []].append((d.line + 1)...(d.line + 1))
                case .disableLine: lineRanges[id, default: []].append(d.line...d.line)
                case .disableFile: fileWide.insert(id)
                case .disable: if open[id] == nil { open[id] = d.line }
                case .enable where id == Suppressions.allRules:
                    // `// isolint:enable` (all) ends every open block, whichever rules it names.
                    for (rule, start) in open { lineRanges[rule, default: []].append(start...d.line) }
                    open = [:]
                case .enable:
                    if let start = open.removeValue(forKey: id) { lineRanges[id, default: []].append(start...d.line) }
                }
            }
        }
        for (id, start) in open { lineRanges[id, default: []].append(start...Int.max - 1) }
    }

    /// `//`, blanks, then `isolint:` — checked on the bytes, so that the many comments that are
    /// not directives cost no String.
    static func mayBeDirective(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound + 2
        while i < range.upperBound, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
        let marker: StaticString = "isolint:"
        guard range.upperBound - i >= marker.utf8CodeUnitCount else { return false }
        for k in 0..<marker.utf8CodeUnitCount where bytes[i + k] != marker.utf8Start[k] { return false }
        return true
    }

    /// Parses one `//` comment; nil when it is not a directive.
    static func parse(_ bytes: [UInt8], _ range: Range<Int>, line: Int) -> Directive? {
        var text = Substring(String(decoding: bytes[range], as: UTF8.self))
        guard text.hasPrefix("//"), !text.hasPrefix("///") else { return nil }
        text = text.dropFirst(2).drop(while: { $0 == " " || $0 == "\t" })
        guard text.hasPrefix("isolint:") else { return nil }
        text = text.dropFirst("isolint:".count).drop(while: { $0 == " " })
        let word = text.prefix { !$0.isWhitespace && $0 != "," }
        // Longest form first: `disable-next-line` before `disable`.
        let forms: [Form] = [.disableNextLine, .disableLine, .disableFile, .disable, .enable]
        guard let form = forms.first(where: { $0.rawValue == word }) else { return nil }
        var rest = text.dropFirst(word.count)
        // `-- reason` ends the id list.
        if let dashes = rest.range(of: "--") { rest = rest[..<dashes.lowerBound] }
        var ids = rest.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        // `-- reason` or other trailing words after the first id list are not ids.
        ids = ids.map { String($0.split(separator: " ").first ?? "") }.filter { !$0.isEmpty }
        if ids.isEmpty { ids = ["all"] }
        return Directive(form: form, ids: ids, range: range, line: line)
    }

    /// No directive at all (the usual case: nothing to check per finding).
    public var isEmpty: Bool { directives.isEmpty }

    public func isSuppressed(_ ruleID: String, line: Int) -> Bool {
        // A directive's own unknown ids are reported whatever `all` it also names.
        let keys = ruleID == UnknownRuleInSuppression.descriptor.id ? [ruleID] : [ruleID, Suppressions.allRules]
        if keys.contains(where: fileWide.contains) { return true }
        for key in keys {
            for r in lineRanges[key] ?? [] where r.contains(line) { return true }
        }
        return false
    }
}
