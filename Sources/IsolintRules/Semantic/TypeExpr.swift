/// A type as written in source, parsed into structure once (at index time) so that name
/// resolution and Sendability never re-read text. Unknown or malformed text becomes `.unknown`.
public indirect enum TypeExpr: Sendable, Hashable {
    /// One component of a nominal path: `Dictionary<String, Int>` is `Dictionary` with two arguments.
    public struct Component: Sendable, Hashable {
        public var name: String
        public var arguments: [TypeExpr]
        public init(_ name: String, _ arguments: [TypeExpr] = []) {
            self.name = name
            self.arguments = arguments
        }
    }

    /// What a function type says about where it may run.
    public struct Function: Sendable, Hashable {
        public var parameters: [TypeExpr]
        public var result: TypeExpr
        public var isSendable: Bool
        /// `@convention(c)` / `@convention(thin)` / `@convention(block)`…: the convention's name.
        public var convention: String?
        /// `@MainActor () -> Void` (or another global actor's attribute).
        public var globalActor: String?
        public var isAsync: Bool
        public var isThrowing: Bool
        /// `@escaping`: meaningful for a function type that is itself a parameter's type.
        public var isEscaping = false
    }

    /// `A.B<C>`.
    case nominal([Component])
    /// `T?` and `T!`.
    case optional(TypeExpr)
    case array(TypeExpr)
    case dictionary(TypeExpr, TypeExpr)
    /// `(A, b: B)`; `()` is `Void`. Labels are dropped.
    case tuple([TypeExpr])
    case function(Function)
    /// `any P` / `some P` / a bare protocol composition `P & Q`.
    case existential([TypeExpr])
    /// `T.Type` / `T.Protocol`.
    case metatype(TypeExpr)
    case unknown

    /// The nominal path's names (`["Swift", "Int"]`), or nil for other shapes.
    public var path: [String]? {
        if case .nominal(let c) = self { return c.map(\.name) }
        return nil
    }

    /// The last component's name of a nominal type, looking through optionals.
    public var simpleName: String? {
        switch self {
        case .nominal(let c): return c.last?.name
        case .optional(let w): return w.simpleName
        default: return nil
        }
    }

    /// The type without optionals around it.
    public var unwrapped: TypeExpr {
        if case .optional(let w) = self { return w.unwrapped }
        return self
    }

    public var isFunction: Bool {
        if case .function = unwrapped { return true }
        return false
    }

    /// The function type inside optionals, if any.
    public var functionType: Function? {
        if case .function(let f) = unwrapped { return f }
        return nil
    }

    /// Every type inside this one, itself included (bounded by the parser's depth limit).
    public var allParts: [TypeExpr] {
        var out: [TypeExpr] = []
        var stack: [TypeExpr] = [self]
        while let t = stack.popLast() {
            out.append(t)
            switch t {
            case .nominal(let cs): for c in cs { stack += c.arguments }
            case .optional(let w), .array(let w), .metatype(let w): stack.append(w)
            case .dictionary(let k, let v): stack += [k, v]
            case .tuple(let es), .existential(let es): stack += es
            case .function(let f): stack += f.parameters + [f.result]
            case .unknown: break
            }
        }
        return out
    }

    /// Swift source for the type (canonical spelling: `[K: V]`, `T?`, `any P`).
    public var swiftText: String {
        switch self {
        case .nominal(let cs):
            return cs.map { c in
                c.arguments.isEmpty ? c.name : c.name + "<" + c.arguments.map(\.swiftText).joined(separator: ", ") + ">"
            }.joined(separator: ".")
        case .optional(let w):
            if case .function = w { return "(" + w.swiftText + ")?" }
            if case .existential = w { return "(" + w.swiftText + ")?" }
            return w.swiftText + "?"
        case .array(let e): return "[" + e.swiftText + "]"
        case .dictionary(let k, let v): return "[" + k.swiftText + ": " + v.swiftText + "]"
        case .tuple(let es): return "(" + es.map(\.swiftText).joined(separator: ", ") + ")"
        case .function(let f):
            var out = ""
            if f.isSendable { out += "@Sendable " }
            if let c = f.convention { out += "@convention(\(c)) " }
            if let g = f.globalActor { out += "@\(g) " }
            out += "(" + f.parameters.map(\.swiftText).joined(separator: ", ") + ")"
            if f.isAsync { out += " async" }
            if f.isThrowing { out += " throws" }
            return out + " -> " + f.result.swiftText
        case .existential(let parts):
            let text = parts.map(\.swiftText).joined(separator: " & ")
            return parts.count == 1 ? "any " + text : text
        case .metatype(let t): return t.swiftText + ".Type"
        case .unknown: return "_"
        }
    }

    /// Parses type text such as `[String: @Sendable (Int) async -> Void]?`. Never fails: what it
    /// cannot read is `.unknown`.
    public static func parse(_ text: String) -> TypeExpr {
        TypeTextCache.shared.parse(text) { text in
            var copy = text
            return copy.withUTF8 { parse(utf8: $0) }
        }
    }

    /// Parses UTF-8 type text in place.
    public static func parse(utf8: UnsafeBufferPointer<UInt8>) -> TypeExpr {
        // Fast path for the common `Name`, `Name?`, `A.B`: words and periods only.
        var simple = !utf8.isEmpty
        var optional = false
        for (k, b) in utf8.enumerated() {
            if TypeTextParser.isWordByte(b) || b == UInt8(ascii: ".") { continue }
            if b == UInt8(ascii: "?"), k == utf8.count - 1, k > 0 {
                optional = true
                continue
            }
            simple = false
            break
        }
        if simple, utf8.first != UInt8(ascii: "."), utf8.last != UInt8(ascii: "."), let first = utf8.first,
            !(first >= 0x30 && first <= 0x39)
        {
            // The components by hand: the library's generic split and map were most of this path.
            // An empty component or a specifier (all start with a-z or `_`) leaves it to the parser.
            let end = optional ? utf8.count - 1 : utf8.count
            var components: [Component] = []
            var start = 0
            var plain = true
            for k in 0...end where k == end || utf8[k] == UInt8(ascii: ".") {
                guard k > start else {
                    plain = false
                    break
                }
                let name = String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<k]), as: UTF8.self)
                let head = utf8[start]
                if (head >= 0x61 && head <= 0x7A) || head == UInt8(ascii: "_"), TypeTextParser.specifiers.contains(name)
                {
                    plain = false
                    break
                }
                components.append(Component(name))
                start = k + 1
            }
            if plain, components.count == 1 || (components.last?.name != "Type" && components.last?.name != "Protocol")
            {
                let t = TypeExpr.nominal(components)
                return optional ? .optional(t) : t
            }
        }
        var p = TypeTextParser(utf8)
        let t = p.parseType(depth: 0)
        return p.atEnd ? t : .unknown
    }
}

/// A small recursive-descent reader over the bytes of type text, depth-bounded.
struct TypeTextParser {
    enum Tok: Equatable {
        case word(String)
        case punct(UInt8)
        case arrow
        case end
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var pos = 0
    var tok: Tok = .end
    /// Whitespace came before the current token (`@Sendable (Int)` is not `@Sendable(Int)`).
    var spaceBefore = false
    static let maxDepth = 48

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        tok = lex()
    }

    var atEnd: Bool {
        if case .end = tok { return true }
        return false
    }

    static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x24
            || b >= 0x80
    }

    mutating func lex() -> Tok {
        let start = pos
        while pos < bytes.count, bytes[pos] == 0x20 || bytes[pos] == 0x09 || bytes[pos] == 0x0A || bytes[pos] == 0x0D {
            pos += 1
        }
        spaceBefore = pos > start
        guard pos < bytes.count else { return .end }
        let b = bytes[pos]
        if b == UInt8(ascii: "`") {
            let start = pos + 1
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "`") { end += 1 }
            pos = min(end + 1, bytes.count)
            return .word(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        }
        if Self.isWordByte(b) {
            let start = pos
            while pos < bytes.count, Self.isWordByte(bytes[pos]) { pos += 1 }
            return .word(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self))
        }
        if b == UInt8(ascii: "-"), pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: ">") {
            pos += 2
            return .arrow
        }
        pos += 1
        return .punct(b)
    }

    mutating func advance() { tok = lex() }

    // ASCII scalars, not `Character`s: a `Character`'s `asciiValue` and a comparison of the
    // whole token (its string too) were most of the cost of reading a type.
    mutating func eat(_ c: Unicode.Scalar) -> Bool {
        guard isPunct(c) else { return false }
        advance()
        return true
    }

    func isPunct(_ c: Unicode.Scalar) -> Bool {
        if case .punct(let p) = tok { return p == UInt8(ascii: c) }
        return false
    }

    func isWord(_ w: String) -> Bool {
        if case .word(let x) = tok { return x == w }
        return false
    }

    /// Attributes, specifiers, then a composition, then an optional function tail.
    mutating func parseType(depth: Int) -> TypeExpr {
        guard depth < Self.maxDepth else {
            skipRest()
            return .unknown
        }
        var isSendable = false
        var isEscaping = false
        var convention: String?
        var globalActor: String?
        var existential = false
        while true {
            if eat("@") {
                guard case .word(let name) = tok else { return .unknown }
                advance()
                if isPunct("("), !spaceBefore, name != "Sendable" && name != "escaping" && !name.hasSuffix("Actor") {
                    // `@convention(c)`: keep the argument; skip any other attribute's arguments.
                    advance()
                    var argument: String?
                    if case .word(let a) = tok { argument = a }
                    var level = 1
                    while level > 0, !atEnd {
                        if isPunct("(") { level += 1 }
                        if isPunct(")") { level -= 1 }
                        advance()
                    }
                    if name == "convention" { convention = argument }
                } else if name == "Sendable" {
                    isSendable = true
                } else if name == "escaping" {
                    isEscaping = true
                } else if name != "escaping" && name != "autoclosure" && name != "unchecked"
                    && name != "preconcurrency" && name != "retroactive" && name != "isolated"
                    && name != "noDerivative" && name != "differentiable"
                {
                    globalActor = name
                }
                continue
            }
            if case .word(let w) = tok, Self.specifiers.contains(w) {
                // A specifier only when a type follows (`some` alone could be a type named `some`).
                let save = (pos, tok)
                advance()
                if atEnd || isPunct(",") || isPunct(")") || isPunct(">") || isPunct("]") || isPunct(":") {
                    (pos, tok) = save
                    break
                }
                if w == "any" || w == "some" { existential = true }
                continue
            }
            break
        }
        var t = parseComposition(depth: depth + 1)
        // Function tail: `(…) async throws -> R`.
        var isAsync = false
        var isThrowing = false
        var sawEffect = false
        while true {
            if isWord("async") {
                isAsync = true
                sawEffect = true
                advance()
            } else if isWord("throws") || isWord("rethrows") {
                isThrowing = true
                sawEffect = true
                advance()
                if isPunct("(") { skipBalanced() }
            } else {
                break
            }
        }
        if tok == .arrow {
            advance()
            let result = parseType(depth: depth + 1)
            let params: [TypeExpr]
            if case .tuple(let es) = t { params = es } else { params = [t] }
            return .function(
                .init(
                    parameters: params, result: result, isSendable: isSendable, convention: convention,
                    globalActor: globalActor, isAsync: isAsync, isThrowing: isThrowing, isEscaping: isEscaping))
        }
        if sawEffect { return .unknown }
        // `@Sendable` on a parenthesised function type: `(@Sendable () -> Void)?` keeps it inside.
        if existential {
            if case .existential = t { return t }
            t = .existential([t])
        }
        return t
    }

    static let specifiers: Set<String> = [
        "inout", "sending", "borrowing", "consuming", "__owned", "__shared", "isolated", "any", "some", "each",
        "repeat", "nonisolated", "_const",
    ]

    mutating func parseComposition(depth: Int) -> TypeExpr {
        var parts = [parsePostfix(depth: depth)]
        while isPunct("&") {
            advance()
            parts.append(parsePostfix(depth: depth))
        }
        return parts.count == 1 ? parts[0] : .existential(parts)
    }

    mutating func parsePostfix(depth: Int) -> TypeExpr {
        var t = parsePrimary(depth: depth)
        while true {
            if isPunct("?") || isPunct("!") {
                advance()
                t = .optional(t)
            } else if isPunct(".") {
                advance()
                if isWord("Type") || isWord("Protocol") {
                    advance()
                    t = .metatype(t)
                } else if case .word(let w) = tok, case .nominal(var cs) = t {
                    advance()
                    cs.append(.init(w, parseGenericArguments(depth: depth)))
                    t = .nominal(cs)
                } else {
                    return .unknown
                }
            } else {
                return t
            }
        }
    }

    mutating func parsePrimary(depth: Int) -> TypeExpr {
        if eat("~") { return parsePrimary(depth: depth) }
        if eat("(") {
            var elements: [TypeExpr] = []
            while !isPunct(")"), !atEnd {
                // Drop labels: `(name: Type)` and `(_ name: Type)`.
                if case .word = tok {
                    let save = (pos, tok)
                    advance()
                    if case .word = tok {
                        advance()
                    }
                    if isPunct(":") { advance() } else { (pos, tok) = save }
                }
                elements.append(parseType(depth: depth + 1))
                if isPunct("."), elements.count > 0 {
                    // Variadic `Int...`.
                    while eat(".") {}
                }
                if !eat(",") { break }
            }
            guard eat(")") else { return .unknown }
            if elements.count == 1 {
                // A parenthesised type, unless an arrow follows (then it is a parameter list).
                return tok == .arrow ? .tuple(elements) : elements[0]
            }
            return .tuple(elements)
        }
        if eat("[") {
            let key = parseType(depth: depth + 1)
            if eat(":") {
                let value = parseType(depth: depth + 1)
                guard eat("]") else { return .unknown }
                return .dictionary(key, value)
            }
            guard eat("]") else { return .unknown }
            return .array(key)
        }
        guard case .word(let name) = tok else { return .unknown }
        advance()
        return .nominal([.init(name, parseGenericArguments(depth: depth))])
    }

    mutating func parseGenericArguments(depth: Int) -> [TypeExpr] {
        guard isPunct("<") else { return [] }
        advance()
        var args: [TypeExpr] = []
        while !isPunct(">"), !atEnd {
            args.append(parseType(depth: depth + 1))
            if !eat(",") { break }
        }
        _ = eat(">")
        return args
    }

    mutating func skipBalanced() {
        var level = 0
        repeat {
            if isPunct("(") { level += 1 }
            if isPunct(")") { level -= 1 }
            advance()
        } while level > 0 && !atEnd
    }

    mutating func skipRest() {
        while !atEnd { advance() }
    }
}

extension TypeExpr {
    /// Whether a function type appears anywhere in this type (inside optionals, collections,
    /// tuples and generic arguments too).
    public var containsFunction: Bool {
        var pending = [self]
        var steps = 0
        while let t = pending.popLast(), steps < 256 {
            steps += 1
            switch t {
            case .function: return true
            case .optional(let w), .array(let w): pending.append(w)
            case .dictionary(let k, let v): pending += [k, v]
            case .tuple(let es): pending += es
            case .nominal(let cs): pending += cs.flatMap(\.arguments)
            default: break
            }
        }
        return false
    }
}
