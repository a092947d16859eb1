/// Recursive-descent structural parser. Recursion depth is bounded by `maxDepth`: past it,
/// nested constructs are kept as `unknown` nodes covering their balanced tokens, so hostile
/// nesting degrades to a partial tree instead of overflowing the stack.
struct Parser {
    let toks: UnsafeBufferPointer<Token>
    let match: UnsafeBufferPointer<Int32>
    let src: UnsafeBufferPointer<UInt8>
    var pos = 0
    var nodes: PlainBuffer<Node>
    /// Where each top-level item starts (see `parseTopLevel`).
    var items: [TopLevelItem] = []
    var current: Int32 = -1
    var depth = 0
    static let maxDepth = 150

    /// `nodes` is where the nodes go, made with room for `nodeCapacity(tokens:)`.
    init(
        tokens: UnsafeBufferPointer<Token>, matching: UnsafeBufferPointer<Int32>, source: UnsafeBufferPointer<UInt8>,
        nodes: PlainBuffer<Node>
    ) {
        self.toks = tokens
        self.match = matching
        self.src = source
        self.nodes = nodes
    }

    /// Real code has about two nodes for three tokens (a corpus of 3,638 files: 0.67, at most
    /// 0.99): room for three in four means the buffer rarely grows (and copies) while parsing.
    static func nodeCapacity(tokens: Int) -> Int { tokens / 4 * 3 + 16 }

    // MARK: Token access

    @inline(__always) var tok: Token { toks[pos] }
    @inline(__always) func peek(_ k: Int = 1) -> Token { toks[min(pos + k, toks.count - 1)] }
    @inline(__always) func token(_ k: Int) -> Token { toks[min(max(k, 0), toks.count - 1)] }
    @inline(__always) var atEOF: Bool { toks[pos].kind == .eof }
    @inline(__always) mutating func advance() { if pos < toks.count - 1 { pos += 1 } }
    @inline(__always) func isKeyword(_ k: Keyword) -> Bool {
        toks[pos].keyword == k && toks[pos].kind != .stringLiteral
    }
    @inline(__always) func at(_ kind: TokenKind) -> Bool { toks[pos].kind == kind }

    /// Consumes the current token when it is `kind`.
    @inline(__always) @discardableResult
    mutating func eat(_ kind: TokenKind) -> Bool {
        if toks[pos].kind == kind { advance(); return true }
        return false
    }

    @inline(__always) @discardableResult
    mutating func eatKeyword(_ k: Keyword) -> Bool {
        if toks[pos].keyword == k { advance(); return true }
        return false
    }

    /// Index just past the bracket matching the opener at `k`, or `k + 1` when unmatched.
    @inline(__always) func afterMatching(_ k: Int) -> Int {
        let m = Int(match[k])
        return m > k ? m + 1 : k + 1
    }

    // MARK: Nodes

    @discardableResult
    mutating func open(_ kind: NodeKind, at first: Int? = nil) -> Int32 {
        let index = Int32(nodes.count)
        nodes.append(
            Node(
                kind: kind, flags: NodeFlags(rawValue: 0), parent: current, firstToken: Int32(first ?? pos),
                endToken: Int32(first ?? pos), name: -1, keyword: -1))
        current = index
        return index
    }

    mutating func close(_ node: Int32) {
        nodes[Int(node)].endToken = Int32(max(pos, Int(nodes[Int(node)].firstToken)))
        current = nodes[Int(node)].parent
    }

    /// A childless node covering tokens `first..<end`.
    @discardableResult
    mutating func leaf(_ kind: NodeKind, from first: Int, to end: Int, name: Int = -1) -> Int32 {
        let index = Int32(nodes.count)
        nodes.append(
            Node(
                kind: kind, flags: NodeFlags(rawValue: 0), parent: current, firstToken: Int32(first),
                endToken: Int32(end), name: Int32(name), keyword: -1))
        return index
    }

    /// Puts a new node of `kind` around the already-parsed `base` and makes it current.
    mutating func wrap(_ base: Int32, _ kind: NodeKind) -> Int32 {
        let index = Int32(nodes.count)
        let b = nodes[Int(base)]
        nodes.append(
            Node(
                kind: kind, flags: NodeFlags(rawValue: 0), parent: b.parent, firstToken: b.firstToken,
                endToken: b.endToken, name: -1, keyword: -1))
        nodes[Int(base)].parent = index
        current = index
        return index
    }

    /// Skips a balanced group or one token into an `unknown` node (used past `maxDepth` and for
    /// recovery), always consuming at least one token.
    mutating func skipUnknown() {
        let start = pos
        switch tok.kind {
        case .lParen, .lBrace, .lBracket:
            pos = min(afterMatching(pos), toks.count - 1)
            if pos == start { advance() }
        default:
            advance()
        }
        let n = leaf(.unknown, from: start, to: pos)
        nodes[Int(n)].flags.insert(.isError)
    }

    /// Runs `body` one level deeper, or skips what is there when the nesting is too deep.
    @inline(__always)
    mutating func nested(_ body: (inout Parser) -> Void) {
        if depth >= Parser.maxDepth {
            skipUnknown()
            return
        }
        depth += 1
        body(&self)
        depth -= 1
    }

    // MARK: Generic skimming

    /// Skips `<…>` starting at an operator token beginning with `<`, counting angle brackets
    /// inside operator tokens (`>>` closes two). Stops early at `{`, `;` or end of file.
    mutating func skipAngles(initialDepth: Int = 0) {
        var depthCount = initialDepth
        repeat {
            let t = tok
            switch t.kind {
            case .operator:
                depthCount += angleDelta(t)
                advance()
            case .lParen, .lBracket:
                pos = afterMatching(pos)
            case .lBrace, .rBrace, .semicolon, .eof, .rParen, .rBracket:
                return
            default:
                advance()
            }
        } while depthCount > 0
    }

    func angleDelta(_ t: Token) -> Int {
        var d = 0
        var k = Int(t.start)
        while k < Int(t.end) {
            let c = src[k]
            if c == UInt8(ascii: "<") { d += 1 } else if c == UInt8(ascii: ">") { d -= 1 }
            k += 1
        }
        return d
    }

    /// `Module::name`: skips the selector, returning the index of the name that follows.
    mutating func skipModuleSelectors(_ name: inout Int32) {
        while at(.colonColon), peek().isWord {
            advance()
            name = Int32(pos)
            advance()
        }
    }

    /// Whether the current token is an operator whose text starts with `c`.
    @inline(__always) func isOperator(startingWith c: UInt8) -> Bool {
        let t = toks[pos]
        return t.kind == .operator && src[Int(t.start)] == c
    }

    /// Whether token `t` is exactly the one-byte operator `c`.
    @inline(__always) func isOperator(_ t: Token, _ c: UInt8) -> Bool {
        t.kind == .operator && t.end - t.start == 1 && src[Int(t.start)] == c
    }
}
