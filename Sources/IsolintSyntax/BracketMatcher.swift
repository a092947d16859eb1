/// Pairs brackets with a stack, a token at a time: the lexer's pass over a whole file and the
/// unpacking of kept tokens (`PackedTokens`, which pairs them as it decodes each token instead
/// of going over them all again) give the same pairs. A closer that does not match the innermost
/// opener closes the nearest opener of its own kind (the ones skipped stay unmatched), so one
/// stray `)` does not unbalance every brace after it.
struct BracketMatcher {
    /// The open brackets, innermost last, with their kinds (no look back at the tokens).
    private var stack: [(token: Int32, kind: TokenKind)] = []

    init() { stack.reserveCapacity(64) }

    /// Notes token `i` of kind `kind`; a closer's pair is written into `match` (both ways),
    /// which holds -1 for every token not paired.
    @inline(__always)
    mutating func add(_ kind: TokenKind, at i: Int32, into match: UnsafeMutableBufferPointer<Int32>) {
        // The six bracket kinds are consecutive: one comparison passes over other tokens.
        let first = TokenKind.lParen.rawValue
        if kind.rawValue &- first > TokenKind.rBracket.rawValue &- first { return }
        switch kind {
        case .lParen, .lBrace, .lBracket:
            stack.append((i, kind))
        case .rParen, .rBrace, .rBracket:
            let opener: TokenKind = kind == .rParen ? .lParen : (kind == .rBrace ? .lBrace : .lBracket)
            var k = stack.count - 1
            // A `}` may close over stray `(`/`[`; a `)`/`]` never closes over a `{`.
            while k >= 0 {
                let open = stack[k].kind
                if open == opener { break }
                if open == .lBrace { k = -1; break }
                k -= 1
            }
            guard k >= 0 else { return }
            let o = stack[k].token
            guard UInt(bitPattern: Int(o)) < UInt(match.count), UInt(bitPattern: Int(i)) < UInt(match.count) else {
                return
            }
            match[Int(o)] = i
            match[Int(i)] = o
            // Nearly always the innermost opener: a pop, not a range removed.
            if k == stack.count - 1 { stack.removeLast() } else { stack.removeLast(stack.count - k) }
        default:
            break
        }
    }
}
