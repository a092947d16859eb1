/// A growing array of plain values (tokens, nodes) for the lexer and the parser. An `Array`
/// append checks uniqueness and capacity in a call of its own, and so does every write through
/// its subscript: a tenth of lexing and parsing. Owned by one lexer or parser, which hands its
/// contents over as an array with `finish()` (that frees the buffer), or fills the storage of the
/// array it becomes (`collect`).
struct PlainBuffer<Element: BitwiseCopyable> {
    /// Nil while nothing is allocated (before the first append, after `finish()`).
    private var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private var capacity = 0
    /// Whether `base` is the storage of an array being made (`collect`): not this buffer's to free.
    private var borrowed = false

    init(capacity: Int = 0) {
        if capacity > 0 {
            base = .allocate(capacity: capacity)
            self.capacity = capacity
        }
    }

    private init(borrowing storage: UnsafeMutableBufferPointer<Element>) {
        base = storage.baseAddress
        capacity = storage.baseAddress == nil ? 0 : storage.count
        borrowed = true
    }

    /// The elements `fill` appends, as an array. While they fit `capacity` they are written
    /// straight into the array's storage: `finish()` copies the whole buffer (the copies of the
    /// tokens and nodes were 1.4% of a lint run). Past `capacity`, the buffer moves to storage of
    /// its own and the array is made from it.
    static func collect(capacity: Int, _ fill: (inout PlainBuffer) -> Void) -> [Element] {
        var spilled: PlainBuffer?
        let array = [Element](unsafeUninitializedCapacity: max(capacity, 16)) { storage, initialized in
            var buffer = PlainBuffer(borrowing: storage)
            fill(&buffer)
            if buffer.borrowed {
                initialized = buffer.count
            } else {
                initialized = 0
                spilled = buffer
            }
        }
        if var spilled { return spilled.finish() }
        return array
    }

    var indices: Range<Int> { 0..<count }
    var isEmpty: Bool { count == 0 }
    var last: Element? { count > 0 ? base?[count - 1] : nil }

    /// Bounds-checked as an array's subscript is.
    subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < count, "index out of range")
            // Non-nil whenever `count > 0`.
            return base.unsafelyUnwrapped[i]
        }
        set {
            precondition(i >= 0 && i < count, "index out of range")
            base.unsafelyUnwrapped[i] = newValue
        }
    }

    @inline(__always) mutating func append(_ element: Element) {
        if count == capacity { grow(to: max(16, capacity * 2)) }
        guard let base else { return }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func append(contentsOf elements: ArraySlice<Element>) {
        reserveCapacity(count + elements.count)
        guard let base, !elements.isEmpty else { return }
        // Raw bytes: `initialize(from:count:)` copied element by element.
        elements.withUnsafeBufferPointer { source in
            guard let from = source.baseAddress else { return }
            UnsafeMutableRawPointer(base + count).copyMemory(
                from: from, byteCount: source.count * MemoryLayout<Element>.stride)
        }
        count += elements.count
    }

    mutating func reserveCapacity(_ n: Int) {
        if n > capacity { grow(to: n) }
    }

    /// Plain values need no deinitialisation: dropping them is forgetting them.
    mutating func removeAll() { count = 0 }

    @inline(never) private mutating func grow(to n: Int) {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: n)
        if let base {
            UnsafeMutableRawPointer(bigger).copyMemory(from: base, byteCount: count * MemoryLayout<Element>.stride)
            if !borrowed { base.deallocate() }
        }
        base = bigger
        capacity = n
        borrowed = false
    }

    /// The contents as an array (a copy); the buffer is freed and left empty.
    mutating func finish() -> [Element] {
        guard let base else { return [] }
        let n = count
        let elements = [Element](unsafeUninitializedCapacity: n) { buffer, initialized in
            if let to = buffer.baseAddress {
                UnsafeMutableRawPointer(to).copyMemory(from: base, byteCount: n * MemoryLayout<Element>.stride)
            }
            initialized = n
        }
        if !borrowed { base.deallocate() }
        self.base = nil
        borrowed = false
        capacity = 0
        count = 0
        return elements
    }
}

typealias TokenBuffer = PlainBuffer<Token>

extension PlainBuffer where Element == Token {
    /// Adds flags to the last token, if any (trivia after it: `spaceAfter`).
    @inline(__always) mutating func insertIntoLast(_ flags: TokenFlags) {
        guard count > 0, let base else { return }
        base[count - 1].flags.formUnion(flags)
    }

    /// The tokens of an old version past an edit, moved by the edit's length: copied whole,
    /// then their offsets moved in place.
    mutating func append(contentsOf tokens: ArraySlice<Token>, shiftedBy delta: Int32) {
        let first = count
        append(contentsOf: tokens)
        guard delta != 0, let base else { return }
        for k in first..<count {
            base[k].start &+= delta
            base[k].end &+= delta
        }
    }
}
