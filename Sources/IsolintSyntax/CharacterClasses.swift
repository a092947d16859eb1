// Byte and scalar classes of the Swift lexical grammar.

@inlinable func isIdentifierHead(_ c: UInt8) -> Bool {
    (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F
}

/// `A-Z a-z _ 0-9 $`: one bit per ASCII byte, no table to load.
@inlinable func isIdentifierBody(_ c: UInt8) -> Bool {
    // Bits 0-63: `$` (0x24) and `0-9` (0x30-0x39); bits 64-127: `A-Z`, `_`, `a-z`.
    let low: UInt64 = 0x03FF_0010_0000_0000
    let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
    if c < 64 { return low >> UInt64(c) & 1 != 0 }
    if c < 128 { return high >> UInt64(c - 64) & 1 != 0 }
    return false
}

/// How many leading bytes of `w` (eight bytes, little-endian) are ASCII identifier-body bytes
/// (`A-Z a-z _ 0-9 $`), 0 to 8. Each byte is tested at once by the "has between" bit trick:
/// `(127 + hi - b)` and `(b + 127 - lo)` both have the high bit set exactly when lo < b < hi,
/// with no carry between bytes (b's high bit is masked off and tested on its own).
@inline(__always) func identifierBodyPrefix(_ w: UInt64) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let ascii = ~w & high
    @inline(__always) func between(_ x: UInt64, _ lo: UInt64, _ hi: UInt64) -> UInt64 {
        (ones &* (127 + hi) &- x) & (x &+ ones &* (127 - lo))
    }
    let x = w & 0x7F7F_7F7F_7F7F_7F7F
    // `b | 0x20` folds A-Z onto a-z; nothing else lands in a-z (`@` -> `` ` ``, `[` -> `{`, `_` -> DEL).
    let letters = between(x | 0x2020_2020_2020_2020, 0x60, 0x7B)
    let digits = between(x, 0x2F, 0x3A)
    let underscore = between(x, 0x5E, 0x60)
    let dollar = between(x, 0x23, 0x25)
    let body = (letters | digits | underscore | dollar) & ascii
    let stop = ~body & high
    return stop == 0 ? 8 : stop.trailingZeroBitCount >> 3
}

@inlinable func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

@inlinable func isHexDigit(_ c: UInt8) -> Bool {
    isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46)
}

/// `/ = - + ! * % < > & | ^ ~ ?` — ASCII operator characters (`.` is handled separately).
@inlinable func isASCIIOperatorChar(_ c: UInt8) -> Bool {
    switch c {
    case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"),
        UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"),
        UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
        UInt8(ascii: "~"), UInt8(ascii: "?"):
        return true
    default:
        return false
    }
}

/// Scalars that may start an operator (The Swift Programming Language, "Operators").
func isUnicodeOperatorHead(_ s: UInt32) -> Bool {
    switch s {
    case 0x00A1...0x00A7, 0x00A9, 0x00AB, 0x00AC, 0x00AE, 0x00B0...0x00B1, 0x00B6, 0x00BB,
        0x00BF, 0x00D7, 0x00F7, 0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E,
        0x2041...0x2053, 0x2055...0x205E, 0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF,
        0x2E00...0x2E7F, 0x3001...0x3003, 0x3008...0x3020, 0x3030:
        return true
    default:
        return false
    }
}

/// Combining scalars that may continue an operator (and an identifier).
func isUnicodeCombining(_ s: UInt32) -> Bool {
    switch s {
    case 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F,
        0xE0100...0xE01EF:
        return true
    default:
        return false
    }
}

/// Decodes one UTF-8 scalar at `i`. Returns its value and byte length, or length 0 when the
/// bytes there are not valid UTF-8.
@inline(__always)
func decodeScalar(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> (scalar: UInt32, length: Int) {
    let n = p.count
    let b0 = p[i]
    if b0 < 0x80 { return (UInt32(b0), 1) }
    @inline(__always) func cont(_ k: Int) -> UInt32? {
        guard k < n else { return nil }
        let b = p[k]
        return b & 0xC0 == 0x80 ? UInt32(b & 0x3F) : nil
    }
    if b0 & 0xE0 == 0xC0 {
        guard b0 >= 0xC2, let c1 = cont(i + 1) else { return (0, 0) }
        return ((UInt32(b0 & 0x1F) << 6) | c1, 2)
    }
    if b0 & 0xF0 == 0xE0 {
        guard let c1 = cont(i + 1), let c2 = cont(i + 2) else { return (0, 0) }
        let s = (UInt32(b0 & 0x0F) << 12) | (c1 << 6) | c2
        guard s >= 0x800, !(0xD800...0xDFFF).contains(s) else { return (0, 0) }
        return (s, 3)
    }
    if b0 & 0xF8 == 0xF0 {
        guard let c1 = cont(i + 1), let c2 = cont(i + 2), let c3 = cont(i + 3) else { return (0, 0) }
        let s = (UInt32(b0 & 0x07) << 18) | (c1 << 12) | (c2 << 6) | c3
        guard s >= 0x10000, s <= 0x10FFFF else { return (0, 0) }
        return (s, 4)
    }
    return (0, 0)
}

/// The high bit of each byte of `w` below 0x0E (line breaks and tabs among them) or at least 0x80,
/// by the has-less-than test: five operations where line breaks and non-ASCII bytes apart take
/// twelve. The lowest set bit is exact; bits above a true one may be false positives.
@inlinable func controlOrNonASCIIBytes(_ w: UInt64) -> UInt64 {
    ((w &- 0x0E0E_0E0E_0E0E_0E0E) & ~w | w) & 0x8080_8080_8080_8080
}

/// The high bit of each byte of `w` that is a line break (`\n` or `\r`), by the has-zero-byte
/// test. The lowest set bit is exact; bits above a true one may be false positives.
@inlinable func lineBreakBytes(_ w: UInt64) -> UInt64 {
    let lf = w ^ 0x0A0A_0A0A_0A0A_0A0A
    let cr = w ^ 0x0D0D_0D0D_0D0D_0D0D
    return ((lf &- 0x0101_0101_0101_0101) & ~lf | (cr &- 0x0101_0101_0101_0101) & ~cr) & 0x8080_8080_8080_8080
}
