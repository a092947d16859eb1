// String, regex and keyword scanning for the lexer.

private let slash = UInt8(ascii: "/"), quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#")
private let backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
private let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
private let lparen = UInt8(ascii: "("), rparen = UInt8(ascii: ")"), star = UInt8(ascii: "*")

/// A string literal being lexed. While its interpolation code is lexed as ordinary tokens,
/// `depth` counts the parentheses opened inside it; a `)` at depth 0 resumes the string body.
struct StringFrame {
    var token: Int
    var hashes: Int
    var multiline: Bool
    var depth: Int
}

extension LexerState {
    /// Emits the literal token (its end patched when the literal closes) and scans its body.
    /// Interpolations are lexed as `(` tokens… `)` right after the literal's token, so their
    /// code (closures included) is parsed like any other; nesting depth lives in `frames`,
    /// not on the call stack.
    mutating func lexString(_ start: Int, hashes: Int) {
        let q = start + hashes
        var multiline = at(q + 1) == quote && at(q + 2) == quote
        if multiline, hashes > 0 {
            // A raw `#"""#` is one line holding a quote: the compiler reads the triple quote as
            // single-line when the closing delimiter follows on the same line.
            var k = q + 1
            while k < n, p[k] != newline, p[k] != cr {
                if p[k] == quote, hashesFollow(k + 1, hashes) { multiline = false; break }
                k += 1
            }
        }
        i = q + (multiline ? 3 : 1)
        emit(.stringLiteral, start)
        frames.append(StringFrame(token: tokens.count - 1, hashes: hashes, multiline: multiline, depth: 0))
        continueString()
    }

    @inline(__always) func hashesFollow(_ j: Int, _ count: Int) -> Bool {
        if count == 0 { return true }
        guard j + count <= n else { return false }
        for k in j..<(j + count) where p[k] != hash { return false }
        return true
    }

    /// Scans the body of the innermost string from `i` until it closes or an interpolation opens.
    mutating func continueString() {
        guard let f = frames.last else { return }
        while i < n {
            let c = p[i]
            if c == quote {
                if f.multiline {
                    if at(i + 1) == quote, at(i + 2) == quote, hashesFollow(i + 3, f.hashes) {
                        i += 3 + f.hashes
                        closeString(unterminated: false)
                        return
                    }
                } else if hashesFollow(i + 1, f.hashes) {
                    i += 1 + f.hashes
                    closeString(unterminated: false)
                    return
                }
                i += 1
            } else if c == backslash, hashesFollow(i + 1, f.hashes) {
                let j = i + 1 + f.hashes
                if at(j) == lparen {
                    tokens[f.token].flags.insert(.hasInterpolation)
                    i = j
                    let s = i
                    i += 1
                    emit(.lParen, s)
                    return
                }
                i = min(j + 1, n)
            } else if (c == newline || c == cr) && !f.multiline {
                closeString(unterminated: true)
                return
            } else {
                i += 1
            }
        }
        closeString(unterminated: true)
    }

    mutating func closeString(unterminated: Bool) {
        guard let f = frames.popLast() else { return }
        tokens[f.token].end = Int32(i)
        if unterminated { tokens[f.token].flags.insert(.unterminated) }
        if tokens.count - 1 > f.token {
            interpolatedStringEnds[Int32(tokens.count - 1)] = Int32(i)
            if frames.isEmpty { interpolationSpans.append(Int32(f.token + 1)..<Int32(tokens.count)) }
        }
    }

    /// Whether a `/` here may open a regex literal: only where an expression can start.
    func regexAllowed() -> Bool {
        guard let last = tokens.last else { return true }
        switch last.kind {
        case .lParen, .lBracket, .lBrace, .comma, .colon, .semicolon, .equal, .arrow, .infixQuestion, .prefixAmp:
            return true
        case .operator:
            return !last.flags.contains(.postfixOperator)
        case .keyword:
            switch last.keyword {
            case .return, .case, .in, .if, .guard, .while, .where, .throw, .try, .switch, .is, .else:
                return true
            default:
                return false
            }
        case .identifier:
            return last.keyword == .await
        default:
            return false
        }
    }

    /// `/…/` on one line: not starting with whitespace, not ending with whitespace, no
    /// unbalanced `)` (so `foo(/, /)` stays two operators).
    func scanBareRegex(from start: Int) -> Int? {
        let first = at(start + 1)
        if first == space || first == tab || first == newline || first == cr || first == 0 || first == slash
            || first == star
        {
            return nil
        }
        var k = start + 1
        var depth = 0
        while k < n {
            let c = p[k]
            switch c {
            case newline, cr:
                return nil
            case backslash:
                k += 2
                continue
            case lparen:
                depth += 1
            case rparen:
                depth -= 1
                if depth < 0 { return nil }
            case slash:
                let before = p[k - 1]
                if before == space || before == tab { return nil }
                return k + 1
            default:
                break
            }
            k += 1
        }
        return nil
    }

    /// `#/…/#` (any number of `#`); multi-line when nothing but spaces follows the opening.
    func scanExtendedRegex(from start: Int, hashes: Int) -> Int? {
        var k = start + hashes + 1
        var j = k
        while j < n, p[j] == space || p[j] == tab { j += 1 }
        let multiline = j >= n || p[j] == newline || p[j] == cr
        while k < n {
            let c = p[k]
            if c == backslash { k += 2; continue }
            if c == slash, hashesFollow(k + 1, hashes) { return k + 1 + hashes }
            if !multiline, c == newline || c == cr { return nil }
            k += 1
        }
        return nil
    }
}

// MARK: - Keyword lookup

/// Keywords in an open-addressed hash table keyed by a word's length and first eight bytes:
/// one or two probes per identifier, none of the per-length lists of arrays that the lookup
/// walked before (a quarter of lexing an identifier). Each slot holds its entry (no second
/// array to index): a miss, most identifiers, reads one slot.
final class KeywordTable: Sendable {
    static let shared = KeywordTable()

    /// One keyword: its first eight bytes (little-endian, zero-padded) and length; `tail`
    /// indexes `tails` (the bytes past eight) for the few longer words. Length 0: empty slot.
    struct Slot {
        var head: UInt64 = 0
        var length: UInt8 = 0
        var keyword = Keyword.none
        var reserved = false
        var tail: UInt8 = 0
    }

    private let tails: [[UInt8]]
    /// Fewer than a quarter of the slots are used.
    private let slots: [Slot]
    private static let slotBits = 9
    /// By length: bit `b - 0x40` set when a keyword of that length starts with byte `b` (every
    /// keyword starts in `@`...DEL). Most identifiers are no keyword, and most of those fail
    /// this test, which costs no call.
    private let firstBytes: [UInt64]

    /// Whether `lookup` may find a keyword for a word of `length` bytes starting with `first`.
    @inline(__always) func mayBeKeyword(first: UInt8, length: Int) -> Bool {
        guard length < firstBytes.count, first &- 0x40 < 0x40 else { return false }
        return firstBytes[length] >> UInt64(first &- 0x40) & 1 != 0
    }

    private init() {
        var firstBytes = [UInt64](repeating: 0, count: maxKeywordLength + 1)
        var tails: [[UInt8]] = []
        var slots = [Slot](repeating: Slot(), count: 1 << Self.slotBits)
        let words =
            reservedWords.map { ($0.text, $0.keyword, true) } + contextualWords.map { ($0.text, $0.keyword, false) }
        for (text, keyword, isReserved) in words {
            var head: UInt64 = 0
            for (k, b) in text.prefix(8).enumerated() { head |= UInt64(b) << (8 * UInt64(k)) }
            var h = Self.slot(head, text.count)
            while slots[h].length > 0 { h = (h + 1) & ((1 << Self.slotBits) - 1) }
            var tail: UInt8 = 0
            if text.count > 8 {
                tail = UInt8(tails.count)
                tails.append(Array(text.dropFirst(8)))
            }
            slots[h] = Slot(
                head: head, length: UInt8(text.count), keyword: keyword, reserved: isReserved, tail: tail)
            // Every word fits (LexerIdentifierTests finds each one through the table).
            if text.count < firstBytes.count, let b = text.first, b &- 0x40 < 0x40 {
                firstBytes[text.count] |= 1 << UInt64(b &- 0x40)
            }
        }
        (self.tails, self.slots, self.firstBytes) = (tails, slots, firstBytes)
    }

    @inline(__always) private static func slot(_ head: UInt64, _ length: Int) -> Int {
        Int(truncatingIfNeeded: ((head ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - slotBits))
    }

    /// The keyword `p[start..<start + length]` spells, if any.
    @inline(__always)
    func lookup(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> (keyword: Keyword, reserved: Bool) {
        guard length > 0, length <= maxKeywordLength, start >= 0, start + length <= p.count else {
            return (.none, false)
        }
        var head: UInt64 = 0
        if start + 8 <= p.count {
            head = UnsafeRawBufferPointer(p).loadUnaligned(fromByteOffset: start, as: UInt64.self)
            if length < 8 { head &= (1 << (8 * UInt64(length))) - 1 }
        } else {
            for k in 0..<min(length, 8) { head |= UInt64(p[start + k]) << (8 * UInt64(k)) }
        }
        return slots.withUnsafeBufferPointer { slots in
            var h = Self.slot(head, length)
            while true {
                let e = slots[h]
                if e.length == 0 { return (.none, false) }
                if e.head == head, Int(e.length) == length, length <= 8 || matches(p, start + 8, tails[Int(e.tail)]) {
                    return (e.keyword, e.reserved)
                }
                h = (h + 1) & ((1 << Self.slotBits) - 1)
            }
        }
    }
}

let maxKeywordLength = 20

@inline(__always)
private func matches(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ text: [UInt8]) -> Bool {
    if p[start] != text[0] { return false }
    var k = 1
    while k < text.count {
        if p[start + k] != text[k] { return false }
        k += 1
    }
    return true
}

func lookupPoundWord(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Keyword {
    for (text, kw) in poundWords where text.count == length && matches(p, start, text) {
        return kw
    }
    return .none
}
