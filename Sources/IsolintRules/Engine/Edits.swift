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
        return reindented(text, from: firstIndent, to: indent, lineEnding: eol)
    }

    /// Lines after the first moved from indentation `original` to `indent` (lines indented
    /// less lose what they have; blank lines become empty). The first line is kept as it is.
    public static func reindented(_ text: String, from original: String, to indent: String, lineEnding: String)
        -> String
    {
        let lines = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        ).map(String.init)
        var out = [lines.first ?? ""]
        for line in lines.dropFirst() {
            if line.allSatisfy(\.isWhitespace) {
                out.append("")
            } else if line.hasPrefix(original) {
                out.append(indent + line.dropFirst(original.count))
            } else {
                out.append(indent + line.drop { $0 == " " || $0 == "\t" })
            }
        }
        return out.joined(separator: lineEnding)
    }

    /// Wraps a closure's (or a code block's) statements in `wrapper { … }`: inline for one-line closures, on lines
    /// of their own (indented one more step) otherwise.
    public static func wrapStatements(
        of closure: Int32, with wrapper: String, _ tree: SyntaxTree, placeholder: String? = nil
    ) -> [ByteEdit]? {
        let stmts = tree.statements(of: closure)
        guard let first = stmts.first, let last = stmts.last else { return nil }
        let open = wrapper.hasSuffix(" in") ? wrapper : wrapper + " {"
        let openText = wrapper.hasSuffix(" in") ? open : open
        let start = tree.start(first)
        let end = tree.range(of: last).upperBound
        let braceLine = tree.source.line(of: tree.start(closure))
        let eol = tree.lineEnding
        if tree.source.line(of: start) == braceLine {
            var prefix = openText + " "
            if let placeholder { prefix = "/* \(placeholder.dropFirst(3)) */ " + prefix }
            return [Edits.insert(prefix, at: start), Edits.insert(" }", at: end)]
        }
        let indent = tree.indentation(at: start)
        let unit = Edits.indentUnit(tree, outer: tree.start(closure), inner: start)
        var edits: [ByteEdit] = []
        var head = ""
        if let placeholder { head += indent + placeholder + eol }
        head += indent + openText + eol
        edits.append(Edits.insert(head, at: tree.lineStart(start)))
        // One more indentation step on every line of the body.
        let firstLine = tree.source.line(of: start), lastLine = tree.source.line(of: end)
        for line in firstLine...lastLine {
            let r = tree.source.lineRange(line)
            if r.isEmpty { continue }
            edits.append(Edits.insert(unit, at: r.lowerBound))
        }
        edits[1...].sort { $0.range.lowerBound < $1.range.lowerBound }
        edits.append(Edits.insert(eol + indent + "}", at: end))
        // The head goes at the same offset as the first line's indent step: merge them.
        if edits.count > 1, edits[1].range.lowerBound == edits[0].range.lowerBound {
            edits[0].newText += edits[1].newText
            edits.remove(at: 1)
        }
        return edits
    }
}
