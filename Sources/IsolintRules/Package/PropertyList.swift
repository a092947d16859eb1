/// The old-style (OpenStep) property lists Xcode writes `project.pbxproj` in: `{ key = value; }`
/// dictionaries, `( a, b, )` arrays, quoted or bare strings, `/* … */` and `//` comments.
/// The parser recurses into containers at most `maximumDepth` deep (deeper input is an error, so
/// the stack it uses is bounded), and reports malformed input as an error with its line: it
/// never traps.
public indirect enum PropertyList: Sendable, Equatable {
    case string(String)
    case array([PropertyList])
    case dictionary([String: PropertyList])

    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// 1-based.
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    public var string: String? { if case .string(let s) = self { return s } else { return nil } }
    public var array: [PropertyList]? { if case .array(let a) = self { return a } else { return nil } }
    public var dictionary: [String: PropertyList]? {
        if case .dictionary(let d) = self { return d } else { return nil }
    }
    public subscript(key: String) -> PropertyList? { dictionary?[key] }
    /// The strings of an array value (other elements skipped); empty for anything else.
    public var strings: [String] { array?.compactMap(\.string) ?? [] }

    public static let maximumDepth = 256

    public static func parse(_ bytes: [UInt8]) -> Result<PropertyList, ParseError> {
        var scanner = Scanner(bytes: bytes)
        if let e = scanner.skipTrivia() { return .failure(e) }
        if scanner.atEnd { return .failure(scanner.error("the file is empty")) }
        let value: PropertyList
        switch parseValue(&scanner, depth: 0) {
        case .success(let v): value = v
        case .failure(let e): return .failure(e)
        }
        if let e = scanner.skipTrivia() { return .failure(e) }
        guard scanner.atEnd else {
            return .failure(scanner.error("unexpected text after the end of the property list"))
        }
        return .success(value)
    }

    /// The value at the scanner (trivia already skipped). Containers recurse, at most
    /// `maximumDepth` deep: each value is built where it is parsed and moved into its container
    /// once (an explicit stack of frames copied each container in and out of the stack for every
    /// entry, most of the cost of reading a large project).
    private static func parseValue(_ scanner: inout Scanner, depth: Int) -> Result<PropertyList, ParseError> {
        guard let c = scanner.peek else { return .failure(scanner.error("the file ends where a value should be")) }
        guard c == UInt8(ascii: "{") || c == UInt8(ascii: "(") else { return scanner.scalar().map(PropertyList.string) }
        scanner.advance()
        if depth >= maximumDepth { return .failure(scanner.error("nested more than \(maximumDepth) levels deep")) }
        return c == UInt8(ascii: "{") ? parseDictionary(&scanner, depth: depth) : parseArray(&scanner, depth: depth)
    }

    /// `key = value; …}` after the `{`.
    private static func parseDictionary(_ scanner: inout Scanner, depth: Int) -> Result<PropertyList, ParseError> {
        let unclosed = "the file ends inside a dictionary (a `}` or `)` is missing)"
        var entries: [String: PropertyList] = [:]
        while true {
            if let e = scanner.skipTrivia() { return .failure(e) }
            guard let c = scanner.peek else { return .failure(scanner.error(unclosed)) }
            if c == UInt8(ascii: "}") {
                scanner.advance()
                return .success(.dictionary(entries))
            }
            let name: String
            switch scanner.scalar() {
            case .success(let s): name = s
            case .failure(let e): return .failure(e)
            }
            if let e = scanner.skipTrivia() { return .failure(e) }
            guard scanner.peek == UInt8(ascii: "=") else {
                return .failure(scanner.error("expected `=` after the key '\(name)'"))
            }
            scanner.advance()
            if let e = scanner.skipTrivia() { return .failure(e) }
            guard scanner.peek != nil else { return .failure(scanner.error(unclosed)) }
            switch parseValue(&scanner, depth: depth + 1) {
            case .success(let v): entries[name] = v
            case .failure(let e): return .failure(e)
            }
            if let e = scanner.skipTrivia() { return .failure(e) }
            guard let after = scanner.peek else { return .failure(scanner.error(unclosed)) }
            if after == UInt8(ascii: ";") {
                scanner.advance()
            } else if after == UInt8(ascii: "}") {
                scanner.advance()
                return .success(.dictionary(entries))
            } else {
                return .failure(scanner.error("expected `;` after a value, found \(scanner.describe(after))"))
            }
        }
    }

    /// `a, b, …)` after the `(` (a comma may end the list).
    private static func parseArray(_ scanner: inout Scanner, depth: Int) -> Result<PropertyList, ParseError> {
        let unclosed = "the file ends inside a array (a `}` or `)` is missing)"
        var items: [PropertyList] = []
        var afterValue = false
        while true {
            if let e = scanner.skipTrivia() { return .failure(e) }
            guard let c = scanner.peek else { return .failure(scanner.error(unclosed)) }
            if c == UInt8(ascii: ")") {
                scanner.advance()
                return .success(.array(items))
            }
            if afterValue {
                guard c == UInt8(ascii: ",") else {
                    return .failure(scanner.error("expected `,` or `)` in an array, found \(scanner.describe(c))"))
                }
                scanner.advance()
                afterValue = false
                continue
            }
            switch parseValue(&scanner, depth: depth + 1) {
            case .success(let v): items.append(v)
            case .failure(let e): return .failure(e)
            }
            afterValue = true
        }
    }

    /// Bytes with a position; every read is bounds-checked.
    struct Scanner {
        let bytes: [UInt8]
        var i = 0

        var atEnd: Bool { i >= bytes.count }
        var peek: UInt8? { i < bytes.count ? bytes[i] : nil }
        mutating func advance() { i += 1 }

        func error(_ message: String) -> ParseError {
            var line = 1
            for b in bytes[..<min(i, bytes.count)] where b == 0x0A { line += 1 }
            return ParseError(line: line, message: message)
        }

        func describe(_ c: UInt8) -> String {
            c >= 0x21 && c < 0x7F ? "'\(Character(Unicode.Scalar(c)))'" : "byte \(c)"
        }

        /// Skips whitespace and comments; an unterminated `/*` is an error.
        mutating func skipTrivia() -> ParseError? {
            while i < bytes.count {
                let c = bytes[i]
                if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D {
                    i += 1
                } else if c == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                    let start = i
                    i += 2
                    while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) {
                        i += 1
                    }
                    if i + 1 >= bytes.count {
                        i = start
                        return error("a `/*` comment is not closed")
                    }
                    i += 2
                } else if c == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                    while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                } else {
                    break
                }
            }
            return nil
        }

        static func isBare(_ c: UInt8) -> Bool {
            switch c {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
                UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "~"), UInt8(ascii: "@"):
                return true
            default:
                return c >= 0x80
            }
        }

        /// A quoted or bare string.
        mutating func scalar() -> Result<String, ParseError> {
            guard let c = peek else { return .failure(error("the file ends where a value should be")) }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                let quote = c
                let start = i
                i += 1
                // Most quoted strings have no escape: taken as they are.
                var end = i
                while end < bytes.count, bytes[end] != quote, bytes[end] != UInt8(ascii: "\\") { end += 1 }
                if end < bytes.count, bytes[end] == quote {
                    defer { i = end + 1 }
                    return .success(String(decoding: bytes[i..<end], as: UTF8.self))
                }
                var out: [UInt8] = []
                while i < bytes.count, bytes[i] != quote {
                    if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count {
                        let e = bytes[i + 1]
                        i += 2
                        switch e {
                        case UInt8(ascii: "n"): out.append(0x0A)
                        case UInt8(ascii: "t"): out.append(0x09)
                        case UInt8(ascii: "r"): out.append(0x0D)
                        case UInt8(ascii: "U"):
                            // \UXXXX: four hex digits.
                            let digits = bytes[i..<min(i + 4, bytes.count)]
                            if digits.count == 4, let v = UInt32(String(decoding: digits, as: UTF8.self), radix: 16),
                                let scalar = Unicode.Scalar(v)
                            {
                                out += Array(String(Character(scalar)).utf8)
                                i += 4
                            }
                        default: out.append(e)
                        }
                        continue
                    }
                    out.append(bytes[i])
                    i += 1
                }
                guard i < bytes.count else {
                    i = start
                    return .failure(error("a quoted string is not closed"))
                }
                i += 1
                return .success(String(decoding: out, as: UTF8.self))
            }
            let start = i
            while i < bytes.count, Scanner.isBare(bytes[i]) { i += 1 }
            guard i > start else { return .failure(error("unexpected \(describe(c))")) }
            return .success(String(decoding: bytes[start..<i], as: UTF8.self))
        }
    }
}
