import Testing

@testable import IsolintRules

/// JSON string escaping, which scans eight bytes at a time: the same bytes as a byte-by-byte
/// escape wherever the characters to escape fall in a word.
@Suite struct JSONEscapeTests {
    /// The escape, one byte at a time (the definition).
    static func reference(_ s: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [92, b]
            case 0x0A: out += Array("\\n".utf8)
            case 0x0D: out += Array("\\r".utf8)
            case 0x09: out += Array("\\t".utf8)
            case 0..<0x20: out += Array("\\u00".utf8) + [JSON.hexDigits[Int(b >> 4)], JSON.hexDigits[Int(b & 15)]]
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }

    static func escaped(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        JSON.escape(s, into: &out)
        return out
    }

    @Test func knownStrings() {
        #expect(String(decoding: Self.escaped(""), as: UTF8.self) == #""""#)
        #expect(String(decoding: Self.escaped("plain words, no escape"), as: UTF8.self) == #""plain words, no escape""#)
        #expect(String(decoding: Self.escaped("a \"quoted\" word"), as: UTF8.self) == #""a \"quoted\" word""#)
        #expect(
            String(decoding: Self.escaped("back\\slash\tand\nnew\r\u{1}"), as: UTF8.self)
                == #""back\\slash\tand\nnew\r\u0001""#)
        #expect(String(decoding: Self.escaped("café ✓ 😀 \u{7F}"), as: UTF8.self) == "\"café ✓ 😀 \u{7F}\"")
    }

    @Test func everyPositionInAWord() {
        // Each character to escape at every offset of strings up to three words long, among
        // ASCII and non-ASCII neighbours (bytes ≥ 0x80 must not look like control characters).
        let specials: [Character] = ["\"", "\\", "\n", "\u{0}", "\u{1F}", "\t"]
        let fillers: [Character] = ["a", "é", " ", "~", "\u{7F}", "😀"]
        for special in specials {
            for filler in fillers {
                for length in 0..<26 {
                    for position in 0...length {
                        var s = String(repeating: filler, count: length)
                        s.insert(special, at: s.index(s.startIndex, offsetBy: position))
                        #expect(
                            Self.escaped(s) == Self.reference(s),
                            "\(special.debugDescription) at \(position) of \(length)")
                    }
                }
            }
        }
    }

    /// Numbers are written as `String(n)` would: zero, every power of ten and its neighbours,
    /// negatives, the extremes.
    @Test func decimalsAreWrittenAsSwiftPrintsThem() {
        var values = [0, 1, 9, Int.max, Int.min, Int.max - 1, Int.min + 1]
        var p = 1
        for _ in 0..<18 {
            p *= 10
            values += [p - 1, p, p + 1, -p, -(p - 1)]
        }
        for n in values {
            var out: [UInt8] = []
            JSON.appendDecimal(n, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == String(n))
        }
    }
}
