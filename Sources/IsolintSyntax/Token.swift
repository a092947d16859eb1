/// The lexical classes the parser distinguishes. Keywords are `.keyword` (reserved words) or
/// `.identifier` with a non-`none` `keyword` (contextual words such as `actor`, `async`, `get`).
public enum TokenKind: UInt8, Sendable, BitwiseCopyable {
    case eof
    case identifier
    case keyword
    case integerLiteral
    case floatLiteral
    case stringLiteral
    case regexLiteral
    /// Any operator that is not one of the special punctuation forms below.
    case `operator`
    case lParen, rParen, lBrace, rBrace, lBracket, rBracket
    case comma, colon, semicolon
    /// `::` of a module selector (`Swift::print`).
    case colonColon
    /// `.` used for member access (never part of an operator such as `..<`).
    case period
    case at
    /// `->`
    case arrow
    /// A lone `=` (assignment or initializer).
    case equal
    /// `?` and `!` bound to the expression on their left (optional chaining, force unwrap).
    case postfixQuestion, postfixExclaim
    /// `?` of a ternary.
    case infixQuestion
    /// `&` bound to its right operand (inout argument).
    case prefixAmp
    /// `\` starting a key path.
    case backslash
    /// `#if`, `#elseif`, `#else`, `#endif`, `#sourceLocation`, `#error`, `#warning`: `keyword` tells which.
    case poundDirective
    /// `#name`: macro expansions, `#available`, `#selector`, `#file`… (`keyword` set for the known ones).
    case poundIdentifier
    /// Bytes that form no token (stray or invalid UTF-8, unterminated literals are still literals).
    case error
}

/// Properties of a token's surroundings, set by the lexer.
public struct TokenFlags: OptionSet, Sendable, BitwiseCopyable {
    // The flags are computed and inlinable: read millions of times a run from the rules' module,
    // a stored `static let` was a call to its addressor each time.
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// A newline occurs in the leading trivia (or the token starts the file).
    @inlinable public static var atLineStart: TokenFlags { TokenFlags(rawValue: 1 << 0) }
    /// Whitespace or a comment precedes the token (it is not left-bound).
    @inlinable public static var spaceBefore: TokenFlags { TokenFlags(rawValue: 1 << 1) }
    /// Whitespace or a comment follows the token (it is not right-bound).
    @inlinable public static var spaceAfter: TokenFlags { TokenFlags(rawValue: 1 << 2) }
    /// A literal that is not terminated.
    @inlinable public static var unterminated: TokenFlags { TokenFlags(rawValue: 1 << 3) }
    /// `.operator`: prefix (right-bound only).
    @inlinable public static var prefixOperator: TokenFlags { TokenFlags(rawValue: 1 << 4) }
    /// `.operator`: postfix (left-bound only).
    @inlinable public static var postfixOperator: TokenFlags { TokenFlags(rawValue: 1 << 5) }
    /// `.stringLiteral`: contains at least one interpolation.
    @inlinable public static var hasInterpolation: TokenFlags { TokenFlags(rawValue: 1 << 6) }
    /// `.identifier`: written with backticks; never a keyword.
    @inlinable public static var backticked: TokenFlags { TokenFlags(rawValue: 1 << 7) }
}

/// One token: a byte range of the source plus its classification. 12 bytes, stored contiguously.
public struct Token: Sendable, Equatable, BitwiseCopyable {
    public var start: Int32
    public var end: Int32
    public var kind: TokenKind
    public var keyword: Keyword
    public var flags: TokenFlags

    @inlinable public init(
        kind: TokenKind, keyword: Keyword = .none, start: Int32, end: Int32, flags: TokenFlags = TokenFlags(rawValue: 0)
    ) {
        self.kind = kind
        self.keyword = keyword
        self.start = start
        self.end = end
        self.flags = flags
    }

    @inlinable public var isAtLineStart: Bool { flags.contains(.atLineStart) }
    @inlinable public var range: Range<Int> { Int(start)..<Int(end) }
    /// An identifier or keyword-like word usable as a name (`self`, `init`, backticked words).
    @inlinable public var isWord: Bool { kind == .identifier || kind == .keyword }
}

/// A comment in trivia. `isDoc` marks `///` and `/** */`.
public struct Comment: Sendable, Equatable {
    public var start: Int32
    public var end: Int32
    public var isBlock: Bool
    public var isDoc: Bool
    public var range: Range<Int> { Int(start)..<Int(end) }
}
