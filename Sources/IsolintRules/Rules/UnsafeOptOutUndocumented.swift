import IsolintSyntax

/// `unsafe-opt-out-undocumented`: `nonisolated(unsafe)` or `@unchecked Sendable` without a
/// comment saying why it is safe.
public struct UnsafeOptOutUndocumented: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "unsafe-opt-out-undocumented", severity: .warning,
        summary: "`nonisolated(unsafe)` or `@unchecked Sendable` without a comment saying what makes it safe.",
        explanation: """
            ## What it finds
            A `nonisolated(unsafe)` modifier or an `@unchecked Sendable` conformance with no comment on its \
            line and no comment block directly above its declaration (a blank line breaks the block).

            ## Why it matters in Swift 6
            Both switch the compiler's data-race checking off for that declaration. The comment is the only \
            enforcement left: the next person to touch the code needs to know which lock, queue or \
            write-once discipline keeps it race-free.

            ## Fix
            Insert `// Safety: <what makes this race-free>` above the declaration and make it true — or \
            remove the opt-out (a `Mutex`, an actor or `@MainActor` often makes it unnecessary).

            ## Before / after
            ```swift
            nonisolated(unsafe) static var formatter = DateFormatter()

            // Safety: configured once in init(), then only read.
            nonisolated(unsafe) static var formatter = DateFormatter()
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.modifier, .attribute] }

    public func check(_ node: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        let decl: Int32
        let what: String
        if tree[node].kind == .modifier {
            let n = tree[node]
            guard tree.token(n.name, is: "nonisolated"), n.endToken - n.firstToken == 4,
                tree.token(n.name + 2, is: "unsafe")
            else { return }
            decl = n.parent
            what = "nonisolated(unsafe)"
        } else {
            guard tree.token(tree[node].name, is: "unchecked") else { return }
            // `@unchecked` on the `Sendable` entry of an inheritance clause.
            let type = tree[node].parent
            guard type >= 0, tree[type].kind == .type, tree.name(of: type, is: "Sendable") else { return }
            guard let owner = tree.enclosing(node, SyntaxTree.typeDeclKinds) else { return }
            decl = owner
            what = "@unchecked Sendable"
        }
        guard decl >= 0 else { return }
        let anchorLine = tree.source.line(of: tree.start(node))
        let declLine = tree.source.line(of: tree.start(decl))
        if hasJustification(tree, anchorLine: anchorLine, declLine: declLine) { return }
        findings.append(
            file.finding(
                Self.descriptor, tree.range(of: node),
                "\(what) turns off the compiler's data-race checking here; say what makes it safe in a `// Safety:` comment.",
                fixes: [
                    Fix(
                        title: "Add a `// Safety:` comment", needsReview: true,
                        edits: [Edits.lineAbove(tree, tree.start(decl), "// Safety: <what makes this race-free>")])
                ]))
    }

    /// A comment on the anchor's line, or a comment ending on the line just above the declaration.
    /// Comments are in source order and do not overlap: a binary search finds the first one that
    /// can matter, so a file with thousands of opt-outs costs a logarithm each, not a scan.
    func hasJustification(_ tree: SyntaxTree, anchorLine: Int, declLine: Int) -> Bool {
        let comments = tree.comments
        let fromLine = max(0, min(anchorLine, declLine - 1))
        let fromOffset = Int(tree.source.lineStarts[min(fromLine, tree.source.lineStarts.count - 1)])
        var lo = 0
        var hi = comments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(comments[mid].end) <= fromOffset { lo = mid + 1 } else { hi = mid }
        }
        var k = lo
        while k < comments.count {
            let c = comments[k]
            let startLine = tree.source.line(of: Int(c.start))
            if startLine > anchorLine { break }
            let endLine = tree.source.line(of: max(Int(c.start), Int(c.end) - 1))
            if startLine <= anchorLine && anchorLine <= endLine { return true }
            if endLine == declLine - 1 { return true }
            k += 1
        }
        return false
    }

}
