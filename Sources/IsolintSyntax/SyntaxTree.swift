/// A parsed file: its tokens, comments and the structural tree. Nodes are stored in one array
/// and addressed by index; children are kept in source order in one flat list.
public final class SyntaxTree: Sendable {
    public let source: SourceFile
    public let tokens: [Token]
    public let comments: [Comment]
    public let matching: [Int32]
    public let interpolatedStringEnds: [Int32: Int32]
    public let nodes: [Node]
    /// Where each top-level item starts, in order.
    public let items: [TopLevelItem]
    let interpolationSpans: [Range<Int32>]
    let longLookaheads: [Int32]
    // Read by the inlinable accessors below (rules ask for children and nodes millions of times).
    @usableFromInline let childStart: [Int32]
    @usableFromInline let childList: [Int32]

    /// Lexes and parses a file. Never fails: malformed input gives a partial tree with
    /// `unknown` nodes and `isError` flags.
    public static func parse(_ source: SourceFile) -> SyntaxTree {
        let stream = Lexer.tokenize(source.bytes)
        var items: [TopLevelItem] = []
        let nodes = PlainBuffer<Node>.collect(capacity: Parser.nodeCapacity(tokens: stream.tokens.count)) { nodes in
            stream.tokens.withUnsafeBufferPointer { toks in
                stream.matching.withUnsafeBufferPointer { match in
                    source.bytes.withUnsafeBufferPointer { bytes in
                        var parser = Parser(tokens: toks, matching: match, source: bytes, nodes: nodes)
                        parser.parseSourceFile()
                        nodes = parser.nodes
                        items = parser.items
                    }
                }
            }
        }
        return SyntaxTree(source: source, stream: stream, nodes: nodes, items: items)
    }

    public static func parse(path: String = "<memory>", text: String) -> SyntaxTree {
        parse(SourceFile(path: path, text: text))
    }

    init(
        source: SourceFile, stream: TokenStream, nodes: [Node], items: [TopLevelItem],
        children: ChildTables? = nil
    ) {
        self.source = source
        self.tokens = stream.tokens
        self.comments = stream.comments
        self.matching = stream.matching
        self.interpolatedStringEnds = stream.interpolatedStringEnds
        self.interpolationSpans = stream.interpolationSpans
        self.longLookaheads = stream.longLookaheads
        self.nodes = nodes
        self.items = items
        let tables = children ?? ChildTables(nodes)
        self.childStart = tables.start
        self.childList = tables.list
    }

    public var root: Int32 { 0 }

    /// Children of a node in source order; none for an index that names no node (`-1`).
    @inlinable
    public func children(_ node: Int32) -> ArraySlice<Int32> {
        guard node >= 0, Int(node) < nodes.count else { return childList[0..<0] }
        return childList[Int(childStart[Int(node)])..<Int(childStart[Int(node) + 1])]
    }

    /// A node, or `Node.none` for an index that names no node (`-1` means "none" everywhere in
    /// the tree: a parent of the root, a missing name): half-typed code reaches every accessor.
    @inlinable
    public subscript(_ node: Int32) -> Node {
        guard node >= 0, Int(node) < nodes.count else { return .none }
        return nodes[Int(node)]
    }

    /// A token, or the end-of-file token for an index that names no token (`-1`, or one past
    /// the end as a node's `endToken` can be).
    @inlinable
    public func token(at index: Int32) -> Token {
        guard index >= 0, Int(index) < tokens.count else { return tokens[tokens.count - 1] }
        return tokens[Int(index)]
    }

    /// Children of a given kind.
    @inlinable
    public func children(_ node: Int32, kind: NodeKind) -> [Int32] {
        // Counted first, then filled at their number: no array for none, and no growth.
        let count = childCount(node, kind: kind)
        guard count > 0 else { return [] }
        var out: [Int32] = []
        out.reserveCapacity(count)
        forEachChild(node, kind: kind) { out.append($0) }
        return out
    }

    @inlinable
    public func firstChild(_ node: Int32, kind: NodeKind) -> Int32? {
        let (first, end) = childIndices(node)
        for i in first..<end {
            let c = childList[i]
            if nodes[Int(c)].kind == kind { return c }
        }
        return nil
    }

    /// The first child of a kind that satisfies `predicate`, without the array `children(_:kind:)`
    /// makes (hot paths ask one question of a node's attributes or modifiers).
    @inlinable
    public func firstChild(_ node: Int32, kind: NodeKind, where predicate: (Int32) throws -> Bool) rethrows -> Int32? {
        let (first, end) = childIndices(node)
        for i in first..<end {
            let c = childList[i]
            if nodes[Int(c)].kind == kind, try predicate(c) { return c }
        }
        return nil
    }

    /// Each child of a kind in source order, without the array `children(_:kind:)` makes (an
    /// allocation per call: 200k a run, most of them for a loop over parameters or bindings).
    @inlinable
    public func forEachChild(_ node: Int32, kind: NodeKind, _ body: (Int32) throws -> Void) rethrows {
        let (first, end) = childIndices(node)
        for i in first..<end {
            let c = childList[i]
            if nodes[Int(c)].kind == kind { try body(c) }
        }
    }

    /// How many children of a kind a node has.
    @inlinable
    public func childCount(_ node: Int32, kind: NodeKind) -> Int {
        let (first, end) = childIndices(node)
        var count = 0
        for i in first..<end where nodes[Int(childList[i])].kind == kind { count += 1 }
        return count
    }

    /// The child at position `i` of `childIndices` (a checked index, as a slice's is).
    @inlinable
    public func child(at i: Int) -> Int32 { childList[i] }

    /// The positions of a node's children in `childList` (an empty range for no node): walks
    /// that only read them take no slice (a slice retains the list).
    @inlinable
    public func childIndices(_ node: Int32) -> (first: Int, end: Int) {
        guard node >= 0, Int(node) < nodes.count else { return (0, 0) }
        return (Int(childStart[Int(node)]), Int(childStart[Int(node) + 1]))
    }

    /// Pushes a node's children on a walk's stack, the last first, so that `popLast` visits them
    /// in source order (without the generic append of a reversed slice, a tenth of some walks).
    @inlinable
    public func pushChildren(of node: Int32, onto stack: inout [Int32]) {
        let (first, end) = childIndices(node)
        var k = end
        while k > first {
            k -= 1
            stack.append(childList[k])
        }
    }

    /// The nodes of the top-level item holding `node` (an item's nodes are contiguous and
    /// hold all of its descendants); nil for the file's root and for no node.
    public func itemNodes(containing node: Int32) -> Range<Int32>? {
        guard node > 0, Int(node) < nodes.count else { return nil }
        // The last item starting at or before the node.
        var lo = 0, hi = items.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if items[mid].firstNode <= node { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else { return nil }
        let end = lo < items.count ? items[lo].firstNode : Int32(nodes.count)
        return items[lo - 1].firstNode..<end
    }

    /// Byte range covered by a node (from its first token to the end of its last).
    @inlinable
    public func range(of node: Int32) -> Range<Int> {
        let n = self[node]
        let first = Int(n.firstToken)
        let last = Int(n.endToken) - 1
        guard first < tokens.count, last >= first else {
            let o = first < tokens.count ? Int(tokens[first].start) : source.bytes.count
            return o..<o
        }
        return Int(tokens[first].start)..<end(ofToken: min(last, tokens.count - 1))
    }

    /// Where a node ending on token `t` ends: the token's end, or, for the `)` closing the last
    /// interpolation of a string literal, the literal's end.
    @inlinable
    public func end(ofToken t: Int) -> Int {
        let token = token(at: Int32(truncatingIfNeeded: t))
        if token.kind == .rParen, let stringEnd = interpolatedStringEnds[Int32(t)] { return Int(stringEnd) }
        return Int(token.end)
    }

    /// Byte range of a token; the empty range at the end of the file for no token.
    @inlinable
    public func tokenRange(_ token: Int32) -> Range<Int> { self.token(at: token).range }

    /// The text of a token; identifiers lose their backticks.
    @inlinable
    public func text(token: Int32) -> String {
        guard token >= 0, Int(token) < tokens.count else { return "" }
        var r = tokens[Int(token)].range
        if tokens[Int(token)].flags.contains(.backticked), r.count >= 2 { r = (r.lowerBound + 1)..<(r.upperBound - 1) }
        return source.text(r)
    }

    @inlinable
    public func text(of node: Int32) -> String { source.text(range(of: node)) }

    /// Whether token `token` has exactly this text, backticks included (no allocation); for the
    /// text as `text(token:)` gives it, see `token(_:equals:)`.
    @inlinable
    public func token(_ token: Int32, is text: StaticString) -> Bool {
        guard token >= 0, Int(token) < tokens.count else { return false }
        let t = tokens[Int(token)]
        let length = Int(t.end - t.start)
        guard length == text.utf8CodeUnitCount else { return false }
        return source.bytes.withUnsafeBufferPointer { p in
            let s = text.utf8Start
            for k in 0..<length where p[Int(t.start) + k] != s[k] { return false }
            return true
        }
    }

    /// The bytes of token `token`'s name: its text with backticks dropped, as `text(token:)`
    /// gives it; nil for no token.
    @inlinable
    public func nameRange(token: Int32) -> Range<Int>? {
        guard token >= 0, Int(token) < tokens.count else { return nil }
        let t = tokens[Int(token)]
        let start = Int(t.start)
        let end = Int(t.end)
        return t.flags.contains(.backticked) && end - start >= 2 ? (start + 1)..<(end - 1) : start..<end
    }

    /// Whether token `token`'s text (backticks dropped, as `text(token:)` gives it) starts with
    /// `prefix`, without making a `String`.
    public func token(_ token: Int32, hasPrefix prefix: StaticString) -> Bool {
        guard let r = nameRange(token: token) else { return prefix.utf8CodeUnitCount == 0 }
        let length = prefix.utf8CodeUnitCount
        guard r.count >= length, r.lowerBound >= 0, r.upperBound <= source.bytes.count else { return false }
        return source.bytes.withUnsafeBufferPointer { p in
            let s = prefix.utf8Start
            for k in 0..<length where p[r.lowerBound + k] != s[k] { return false }
            return true
        }
    }

    /// Whether token `token`'s text (backticks dropped, as `text(token:)` gives it) is `text`,
    /// without making a `String`: rules ask this of most call and name nodes.
    @inlinable
    public func token(_ token: Int32, equals text: String) -> Bool {
        guard let r = nameRange(token: token) else { return text.isEmpty }
        let utf8 = text.utf8
        guard r.count == utf8.count else { return false }
        guard r.lowerBound >= 0, r.upperBound <= source.bytes.count else { return self.text(token: token) == text }
        let start = r.lowerBound
        // Byte by byte over the two buffers, the name read where it is: comparing the UTF-8 view
        // with an array slice went through generic iterators, and the mutable copy of the name
        // `withUTF8` needs made a call cost 82 instructions, not 60.
        let same = source.bytes.withUnsafeBufferPointer { bytes in
            utf8.withContiguousStorageIfAvailable { name in
                var k = 0
                while k < name.count {
                    if bytes[start &+ k] != name[k] { return false }
                    k &+= 1
                }
                return true
            }
        }
        return same ?? (self.text(token: token) == text)
    }

    /// The length in bytes of `text(token:)` (backticks dropped), without making it: a cheap
    /// test before comparing a name.
    @inlinable
    public func nameLength(token: Int32) -> Int {
        // Not through `nameRange`: asked of every identifier of a body by some rules, the
        // optional range cost a fifth more.
        guard token >= 0, Int(token) < tokens.count else { return 0 }
        let t = tokens[Int(token)]
        let n = Int(t.end) - Int(t.start)
        return t.flags.contains(.backticked) && n >= 2 ? n - 2 : n
    }

    /// `name(of: node) == text`, without making a `String`.
    @inlinable
    public func name(of node: Int32, is text: String) -> Bool { token(self[node].name, equals: text) }

    /// Name of a declaration or the member of an access, or "".
    @inlinable
    public func name(of node: Int32) -> String { text(token: self[node].name) }

    /// The enclosing node chain, innermost first, excluding the node itself.
    @inlinable
    public func ancestors(_ node: Int32) -> [Int32] {
        var out: [Int32] = []
        var p = self[node].parent
        while p >= 0, out.count < nodes.count {
            out.append(p)
            p = self[p].parent
        }
        return out
    }
}
