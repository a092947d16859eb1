/// A JSON value — for the reporters and the language server alike — with object keys kept in
/// order (so the output is byte-stable), parsed from bytes with a bounded nesting depth: hostile
/// input gets an error, never a stack overflow.
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.double(x), .double(y)): return x == y
        case let (.int(x), .double(y)), let (.double(y), .int(x)): return Double(x) == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public subscript(key: String) -> JSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    public subscript(index: Int) -> JSON? {
        guard case .array(let items) = self, index >= 0, index < items.count else { return nil }
        return items[index]
    }

    public var string: String? { if case .string(let s) = self { return s } else { return nil } }
    public var int: Int? {
        switch self {
        case .int(let n): return n
        case .double(let d) where d.rounded() == d && abs(d) < 1e15: return Int(d)
        default: return nil
        }
    }
    public var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    public var array: [JSON]? { if case .array(let a) = self { return a } else { return nil } }
    public var isNull: Bool { if case .null = self { return true } else { return false } }
    public var objectPairs: [(String, JSON)]? { if case .object(let p) = self { return p } else { return nil } }

    /// Path lookup: `json.at("capabilities", "textDocument", "diagnostic")`.
    public func at(_ path: String...) -> JSON? {
        var v: JSON? = self
        for k in path { v = v?[k] }
        return v
    }

    // MARK: Serialisation

    public func serialized() -> String { String(decoding: serializedBytes(), as: UTF8.self) }

    /// Indented, for files people read (`--format json`, SARIF); compact otherwise.
    public func render(pretty: Bool = false) -> String {
        guard pretty else { return serialized() }
        var out: [UInt8] = []
        writePretty(&out, indent: 0)
        return String(decoding: out, as: UTF8.self)
    }

    func writePretty(_ out: inout [UInt8], indent: Int) {
        func newline(_ level: Int) {
            out.append(0x0A)
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
        }
        switch self {
        case .array(let items) where !items.isEmpty:
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                item.writePretty(&out, indent: indent + 1)
            }
            newline(indent)
            out.append(UInt8(ascii: "]"))
        case .object(let pairs) where !pairs.isEmpty:
            out.append(UInt8(ascii: "{"))
            for (i, (k, v)) in pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                JSON.escape(k, into: &out)
                out.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
                v.writePretty(&out, indent: indent + 1)
            }
            newline(indent)
            out.append(UInt8(ascii: "}"))
        default:
            write(&out)
        }
    }

    /// UTF-8 bytes, written straight into one buffer (the hot path of every publish).
    public func serializedBytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(&out)
        return out
    }

    public func write(_ out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: [110, 117, 108, 108])
        case .bool(let b): out.append(contentsOf: b ? Array("true".utf8) : Array("false".utf8))
        case .int(let n): JSON.appendDecimal(n, to: &out)
        case .double(let d): out.append(contentsOf: (d.isFinite ? String(d) : "null").utf8)
        case .string(let s): JSON.escape(s, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(&out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            out.append(UInt8(ascii: "{"))
            for (i, (k, v)) in pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSON.escape(k, into: &out)
                out.append(UInt8(ascii: ":"))
                v.write(&out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static let hexDigits = Array("0123456789abcdef".utf8)

    public static func escape(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            // Runs of bytes that need no escape are copied whole; the scan for the next byte that
            // does goes eight bytes at a time (messages are long and rarely need one).
            var runStart = 0
            var k = 0
            let raw = UnsafeRawBufferPointer(bytes)
            while k < bytes.count {
                if k + 8 <= bytes.count {
                    let w = raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                    let ones: UInt64 = 0x0101_0101_0101_0101
                    let high: UInt64 = 0x8080_8080_8080_8080
                    let control = (w &- ones &* 0x20) & ~w & high
                    let q = w ^ (ones &* 0x22)
                    let quote = (q &- ones) & ~q & high
                    let b = w ^ (ones &* 0x5C)
                    let slash = (b &- ones) & ~b & high
                    if control | quote | slash == 0 {
                        k += 8
                        continue
                    }
                }
                let b = bytes[k]
                guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else {
                    k += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<k]))
                runStart = k + 1
                k += 1
                out.append(92)
                switch b {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(b)
                case 0x0A: out.append(110)
                case 0x0D: out.append(114)
                case 0x09: out.append(116)
                default:
                    out.append(117); out.append(48); out.append(48)
                    out.append(hexDigits[Int(b >> 4)]); out.append(hexDigits[Int(b & 15)])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `n` in decimal without building a String.
    public static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
        if n < 0 {
            guard n != Int.min else { out.append(contentsOf: String(n).utf8); return }
            out.append(UInt8(ascii: "-"))
            appendDecimal(-n, to: &out)
            return
        }
        let zero = UInt8(ascii: "0")
        if n < 10 { out.append(zero + UInt8(n)); return }
        // Line and column numbers, the common case, without the loop.
        if n < 100 {
            out.append(zero + UInt8(n / 10))
            out.append(zero + UInt8(n % 10))
            return
        }
        if n < 10_000 {
            if n >= 1000 { out.append(zero + UInt8(n / 1000)) }
            out.append(zero + UInt8(n / 100 % 10))
            out.append(zero + UInt8(n / 10 % 10))
            out.append(zero + UInt8(n % 10))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var v = n
        withUnsafeMutableBytes(of: &digits) { buffer in
            while v > 0 {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                count += 1
            }
            out.append(contentsOf: buffer[(24 - count)...])
        }
    }

    // MARK: Parsing

    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "\(reason) at byte \(offset)" }
    }

    public static let maxDepth = 256

    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSON {
        var p = JSONParser(bytes: bytes)
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == bytes.count else { throw ParseError(offset: p.i, reason: "unexpected trailing data") }
        return v
    }

    public static func parse(_ text: String) throws(ParseError) -> JSON { try parse(Array(text.utf8)) }
}

struct JSONParser {
    let bytes: [UInt8]
    var i = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    func fail(_ reason: String) -> JSON.ParseError { JSON.ParseError(offset: i, reason: reason) }

    mutating func value(depth: Int) throws(JSON.ParseError) -> JSON {
        guard depth < JSON.maxDepth else { throw fail("nesting deeper than \(JSON.maxDepth)") }
        guard i < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var pairs: [(String, JSON)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
                let key = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                i += 1
                skipSpace()
                let v = try value(depth: depth + 1)
                pairs.append((key, v))
                skipSpace()
                guard i < bytes.count else { throw fail("unexpected end of input") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
                throw fail("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            i += 1
            var items: [JSON] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw fail("unexpected end of input") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                throw fail("expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true"); return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false"); return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null"); return .null
        default:
            return try number()
        }
    }

    mutating func literal(_ word: StaticString) throws(JSON.ParseError) {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { throw fail("unexpected end of input") }
        for k in 0..<n where bytes[i + k] != word.utf8Start[k] { throw fail("invalid literal") }
        i += n
    }

    mutating func number() throws(JSON.ParseError) -> JSON {
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        var isDouble = false
        while i < bytes.count {
            let c = bytes[i]
            if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") { i += 1; continue }
            if c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || c == UInt8(ascii: "+")
                || c == UInt8(ascii: "-")
            {
                isDouble = true
                i += 1
                continue
            }
            break
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if !isDouble, let n = Int(text) { return .int(n) }
        // A number past Double's range (`2e308`) is refused: infinity has no JSON form, so the
        // value could not be written back as it was read.
        if let d = Double(text), !text.isEmpty {
            guard d.isFinite else {
                i = start
                throw fail("number out of range")
            }
            return .double(d)
        }
        i = start
        throw fail("invalid value")
    }

    mutating func string() throws(JSON.ParseError) -> String {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            if c == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { break }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
                        bytes[i + 1] == UInt8(ascii: "u")
                    {
                        i += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                    }
                    let u = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: out.append(e)
                }
                continue
            }
            out.append(c)
            i += 1
        }
        throw fail("unterminated string")
    }

    mutating func hex4() throws(JSON.ParseError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("bad \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("bad \\u escape")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }
}
