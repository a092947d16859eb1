import IsolintSyntax

/// Text edits that keep the user's formatting: inserted lines take the indentation of the line
/// they go above and the file's own line ending.
public enum Edits {
    public static func insert(_ text: String, at offset: Int) -> ByteEdit {
        ByteEdit(range: offset..<offset, newText: text)
    }

    public static func replace(_ range: Range<Int>, with text: String) -> ByteEdit {
        ByteEdit(range: range, newText: text)
    }

    /// A new line `text` above the line containing `offset`, indented like it.
    public static func lineAbove(_ tree: SyntaxTree, _ offset: Int, _ text: String) -> ByteEdit {
        let start = tree.lineStart(offset)
        return ByteEdit(range: start..<start, newText: tree.indentation(at: offset) + text + tree.lineEnding)
    }

    /// Offset of a declaration's first modifier or introducer keyword (after its attributes).
    public static func afterAttributes(_ tree: SyntaxTree, _ decl: Int32) -> Int {
        if let m = tree.modifiers(of: decl).first { return tree.start(m) }
        let k = tree[decl].keyword
        return k >= 0 ? tree.startOf(token: k) : tree.start(decl)
    }

    /// The indentation step the file uses inside `block` (difference between the block's line
    /// and its first statement's), four spaces when it cannot tell.
    public static func indentUnit(_ tree: SyntaxTree, outer: Int, inner: Int) -> String {
        let a = tree.indentation(at: outer), b = tree.indentation(at: inner)
        if b.count > a.count, b.hasPrefix(a) { return String(b.dropFirst(a.count)) }
        return a.contains("\t") ? "\t" : "    "
    }

    /// The statements of a closure body re-indented to `indent` (the first line is returned
    /// without indentation: it goes where the replaced call started).
    /// `skippingLeading`: statements to leave out at the start (a `guard let self` the new
    /// code already has).
    public static func reindentedBody(
        _ tree: SyntaxTree, _ closure: Int32, indent: String, skippingLeading skip: Int = 0
    ) -> String? {
        let stmts = Array(tree.statements(of: closure).dropFirst(skip))
        guard let first = stmts.first, let last = stmts.last else { return nil }
        let start = tree.start(first)
        let end = tree.range(of: last).upperBound
        let text = tree.source.text(start..<end)
        let eol = tree.lineEnding
        // `\r\n` is one Character: split on any line break.
        let lines = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        ).map(String.init)
        // The body's own indentation: that of its first line when it starts a line.
        let firstIndent =
            tree.lineStart(start) + tree.indentation(at: start).utf8.count == start
            ? tree.indentation(at: start)
            : lines.dropFirst().filter { !$0.allSatisfy(\.isWhitespace) }.map {
                String($0.prefix { $0 == " " || $0 == "\t" })
            }.min { $0.count < $1.count } ?? ""
        var out: [String] = [lines[0]]
        for line in lines.dropFirst() {
            if line.allSatisfy(\.isWhitespace) {
                out.append("")
            } else if line.hasPrefix(firstIndent) {
                out.append(indent + line.dropFirst(firstIndent.count))
            } else {
                out.append(indent + line.drop { $0 == " " || $0 == "\t" })
            }
        }
        return out.joined(separator: eol)
    }
}
