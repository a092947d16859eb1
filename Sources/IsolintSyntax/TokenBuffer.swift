/// The lexer's growing array of tokens. An `Array` append checks uniqueness and capacity in a
/// call of its own, once per token: a tenth of lexing. Owned by one `LexerState`, which hands
/// the tokens over as an array with `finish()`, which frees the buffer.
struct TokenBuffer {
    /// Nil while nothing is allocated (before the first append, after `finish()`).
    private var base: UnsafeMutablePointer<Token>?
    private(set) var count = 0
    private var capacity = 0

    init(capacity: Int) {
        if capacity > 0 {
            base = .allocate(capacity: capacity)
            self.capacity = capacity
        }
    }

    var indices: Range<Int> { 0..<count }
    var last: Token? { count > 0 ? base?[count - 1] : nil }

    /// Bounds-checked as an array's subscript is.
    subscript(i: Int) -> Token {
        get {
            precondition(i >= 0 && i < count, "token index out of range")
            return base?[i] ?? Token(kind: .eof, start: 0, end: 0)
        }
        set {
            precondition(i >= 0 && i < count, "token index out of range")
            base?[i] = newValue
        }
    }

    @inline(__always) mutating func append(_ token: Token) {
        if count == capacity { grow(to: max(16, capacity * 2)) }
        guard let base else { return }
        (base + count).initialize(to: token)
        count += 1
    }

    mutating func append(contentsOf tokens: ArraySlice<Token>) {
        reserveCapacity(count + tokens.count)
        for t in tokens { append(t) }
    }

    /// The tokens of an old version past an edit, moved by the edit's length: copied whole,
    /// then their offsets moved in place.
    mutating func append(contentsOf tokens: ArraySlice<Token>, shiftedBy delta: Int32) {
        reserveCapacity(count + tokens.count)
        guard let base, !tokens.isEmpty else { return }
        tokens.withUnsafeBufferPointer { source in
            guard let from = source.baseAddress else { return }
            (base + count).initialize(from: from, count: source.count)
        }
        if delta != 0 {
            for k in count..<(count + tokens.count) {
                base[k].start &+= delta
                base[k].end &+= delta
            }
        }
        count += tokens.count
    }

    mutating func reserveCapacity(_ n: Int) {
        if n > capacity { grow(to: n) }
    }

    /// Tokens are plain values: dropping them needs no deinitialisation.
    mutating func removeAll() { count = 0 }

    @inline(never) private mutating func grow(to n: Int) {
        let bigger = UnsafeMutablePointer<Token>.allocate(capacity: n)
        if let base {
            bigger.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = bigger
        capacity = n
    }

    /// The tokens as an array; the buffer is freed and left empty.
    mutating func finish() -> [Token] {
        guard let base else { return [] }
        let tokens = Array(UnsafeBufferPointer(start: base, count: count))
        base.deallocate()
        self.base = nil
        capacity = 0
        count = 0
        return tokens
    }
}
