import Foundation
import Testing

@testable import IsolintSyntax

/// Where two trees differ first (tokens, comments, brackets, nodes, items, children); nil when
/// they hold the same.
private func firstDifference(_ a: SyntaxTree, _ b: SyntaxTree) -> String? {
    if a.tokens != b.tokens { return "tokens" }
    if a.comments != b.comments { return "comments" }
    if a.matching != b.matching { return "bracket partners" }
    if a.interpolatedStringEnds != b.interpolatedStringEnds || a.interpolationSpans != b.interpolationSpans {
        return "interpolations"
    }
    if let k = a.nodes.indices.first(where: { $0 >= b.nodes.count || a.nodes[$0] != b.nodes[$0] }) {
        return "node \(k): \(a.nodes[k]) against \(k < b.nodes.count ? "\(b.nodes[k])" : "none")"
    }
    if a.nodes.count != b.nodes.count { return "\(a.nodes.count) nodes against \(b.nodes.count)" }
    if a.items != b.items { return "items" }
    if a.longLookaheads != b.longLookaheads { return "long lookaheads" }
    if a.childStart != b.childStart || a.childList != b.childList { return "children" }
    return nil
}

private func roundTrip(_ source: SourceFile) -> (parsed: SyntaxTree, unpacked: SyntaxTree?) {
    let parsed = SyntaxTree.parse(source)
    return (parsed, PackedTree(parsed).unpack(for: source))
}

@Suite struct PackedTreeTests {
    /// The parser's fixtures and the project's own sources, as real code: the tree unpacked is
    /// the tree parsed, node for node.
    @Test func realFilesUnpackToWhatTheParserMade() throws {
        let paths = realSwiftFiles()
        #expect(paths.count > 100)
        for path in paths {
            let source = SourceFile(path: path, bytes: try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
            let (parsed, unpacked) = roundTrip(source)
            let back = try #require(unpacked, "\(path)")
            #expect(firstDifference(parsed, back) == nil, "\(path)")
        }
    }

    /// Nodes that take long records: a parent 40,000 nodes back (a block's last statements), a
    /// declaration whose name follows 300 attribute tokens, a node of more than 65,535 tokens,
    /// a half-typed file (error nodes) and an empty one.
    @Test func farParentsLongNodesAndHalfTypedCodeUnpack() throws {
        let statements = String(repeating: "x += 1\n", count: 20_000)
        let attributes = String(repeating: "@A ", count: 150)
        let texts = [
            "func f() {\n\(statements)}\n",
            "\(attributes)func g() {}\n",
            "let a = [\(String(repeating: "1, ", count: 40_000))]\n",
            "class C { func f( { let x = [1, 2 }\n @MainActor var",
            "",
        ]
        for text in texts {
            let (parsed, unpacked) = roundTrip(SourceFile(path: "t.swift", text: text))
            let back = try #require(unpacked, "\(text.prefix(40))")
            #expect(firstDifference(parsed, back) == nil, "\(text.prefix(40))")
        }
    }

    /// What no parser makes still round-trips: a parent after its child and far off, names
    /// before the first token (one before: the value a short record keeps for "none") and far
    /// after it, negative and huge token indices, every flag.
    @Test func anyNodeFieldsRoundTrip() throws {
        let source = SourceFile(path: "t.swift", text: "let a = 1\n")
        let parsed = SyntaxTree.parse(source)
        var nodes = parsed.nodes
        let odd: [Node] = [
            Node(
                kind: .call, flags: NodeFlags(rawValue: 0xFFFF), parent: 9, firstToken: 3, endToken: 2, name: 2,
                keyword: -1),
            Node(kind: .closure, flags: [], parent: .min, firstToken: .max, endToken: .min, name: .max, keyword: .min),
            Node(kind: .unknown, flags: [], parent: -1, firstToken: -5, endToken: 70_000, name: -2, keyword: 400),
            Node(kind: .identifierExpr, flags: [], parent: 0, firstToken: 1, endToken: 2, name: 0, keyword: 1),
        ]
        nodes.append(contentsOf: odd)
        let tree = SyntaxTree(source: source, stream: parsed.stream, nodes: nodes, items: parsed.items)
        let back = try #require(PackedTree(tree).unpack(for: source))
        #expect(back.nodes == nodes)
        #expect(back.items == parsed.items)
    }

    /// Every field at a short record's limit and one past it (which needs a long record): the
    /// parent 32,767 nodes back and 32,768 ahead (after its child, as a call is after its callee)
    /// and one further each way, a first token 127 after and 128 before the previous node's and
    /// one further, 65,535 and 65,536 tokens, a name and an introducer 254 and 255 tokens after
    /// the first.
    @Test func fieldsAtTheShortRecordsLimitsRoundTrip() throws {
        let source = SourceFile(path: "t.swift", text: "let a = 1\n")
        let parsed = SyntaxTree.parse(source)
        var nodes = parsed.nodes
        func add(parent: (Int32) -> Int32, step: Int32, length: Int32 = 1, name: Int32 = -1, keyword: Int32 = -1) {
            let i = Int32(nodes.count)
            let first = (nodes.last?.firstToken ?? 0) + step
            nodes.append(
                Node(
                    kind: .identifierExpr, flags: [], parent: parent(i), firstToken: first, endToken: first + length,
                    name: name < 0 ? -1 : first + name, keyword: keyword < 0 ? -1 : first + keyword))
        }
        add(parent: { _ in 0 }, step: 1_000)
        for d: Int32 in [32_767, 32_768, -32_768, -32_769] { add(parent: { $0 - d }, step: 0) }
        for s: Int32 in [127, -128, 128, -129] { add(parent: { $0 - 1 }, step: s) }
        for l: Int32 in [65_535, 65_536] { add(parent: { $0 - 1 }, step: 0, length: l) }
        for o: Int32 in [0, 254, 255] {
            add(parent: { $0 - 1 }, step: 0, name: o)
            add(parent: { $0 - 1 }, step: 0, keyword: o)
        }
        let tree = SyntaxTree(source: source, stream: parsed.stream, nodes: nodes, items: parsed.items)
        let back = try #require(PackedTree(tree).unpack(for: source))
        #expect(back.nodes == nodes)
    }

    /// A tree packed for one text is not handed out for another (the file changed between the
    /// two reads of a run).
    @Test func anotherTextGetsNoTree() {
        let before = SourceFile(path: "t.swift", text: "let fine = 1\n")
        let packed = PackedTree(SyntaxTree.parse(before))
        #expect(packed.unpack(for: before)?.nodes.count == SyntaxTree.parse(before).nodes.count)
        #expect(packed.unpack(for: SourceFile(path: "t.swift", text: "var fine = 1\n")) == nil)
        #expect(packed.unpack(for: SourceFile(path: "t.swift", text: "let fine = 10\n")) == nil)
    }

    /// Ten bytes a node and five a token on ordinary code: the point of packing (a `Node` takes
    /// 24 bytes and its place among its parent's children four more).
    @Test func packedTreesAreSmall() {
        let source = SourceFile(
            path: "t.swift", text: String(repeating: "func f(a: Int) -> Int { return a + 1 } // sum\n", count: 100))
        let tree = SyntaxTree.parse(source)
        let packed = PackedTree(tree)
        #expect(
            packed.packedCount
                <= tree.nodes.count * 10 + tree.tokens.count * 5 + tree.comments.count * 3 + tree.items.count * 8 + 64)
    }
}
