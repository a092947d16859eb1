/// The tokens of one file: contiguous, with the comments seen in trivia and, for each bracket
/// token, the index of its partner (or -1). The last token is always `.eof`.
public struct TokenStream: Sendable {
    public var tokens: [Token]
    public var comments: [Comment]
    /// For `(`, `[`, `{` and their closers: index of the matching bracket, -1 when unmatched.
    /// -1 for every other token.
    public var matching: [Int32]
    /// For the last token inside an interpolated string literal (the `)` closing its last
    /// interpolation): the byte offset where the literal ends. A node ending on that token
    /// ends there.
    public var interpolatedStringEnds: [Int32: Int32] = [:]
    /// Token indices lexed inside the interpolations of an outermost string literal, one range
    /// per such literal, in order. Lexing can restart only at a token outside all of them.
    public var interpolationSpans: [Range<Int32>] = []
    /// Indices of tokens whose lexing read to the end of the file without using what it read
    /// (a multi-line `#/` with no `/#`), in order.
    public var longLookaheads: [Int32] = []
}

/// Swift lexer over UTF-8 bytes. Never fails: bytes that form no token become `.error` tokens.
public enum Lexer {
    public static func tokenize(_ bytes: [UInt8]) -> TokenStream {
        bytes.withUnsafeBufferPointer { tokenize($0) }
    }

    public static func tokenize(_ buffer: UnsafeBufferPointer<UInt8>) -> TokenStream {
        var comments: [Comment] = []
        var interpolatedStringEnds: [Int32: Int32] = [:]
        var interpolationSpans: [Range<Int32>] = []
        var longLookaheads: [Int32] = []
        let tokens = TokenBuffer.collect(capacity: LexerState.tokenCapacity(bytes: buffer.count)) { tokens in
            var state = LexerState(buffer, tokens: tokens)
            state.run()
            tokens = state.tokens
            comments = state.comments
            interpolatedStringEnds = state.interpolatedStringEnds
            interpolationSpans = state.interpolationSpans
            longLookaheads = state.longLookaheads
        }
        let matching = matchBrackets(tokens)
        return TokenStream(
            tokens: tokens, comments: comments, matching: matching, interpolatedStringEnds: interpolatedStringEnds,
            interpolationSpans: interpolationSpans, longLookaheads: longLookaheads)
    }

    /// Pairs brackets (see `BracketMatcher`): each token's partner, or -1.
    static func matchBrackets(_ tokens: [Token]) -> [Int32] {
        var match = [Int32](repeating: -1, count: tokens.count)
        var matcher = BracketMatcher()
        // Over buffers: the checked subscripts of a loop over every token were most of its cost
        // (the language server matches the whole file's brackets on every keystroke).
        tokens.withUnsafeBufferPointer { tokens in
            match.withUnsafeMutableBufferPointer { match in
                for i in tokens.indices { matcher.add(tokens[i].kind, at: Int32(truncatingIfNeeded: i), into: match) }
            }
        }
        return match
    }
}

private let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), quote = UInt8(ascii: "\"")
private let hash = UInt8(ascii: "#"), backslashByte = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")
private let cr = UInt8(ascii: "\r"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
private let dot = UInt8(ascii: "."), lparen = UInt8(ascii: "("), rparen = UInt8(ascii: ")")

struct LexerState {
    let p: UnsafeBufferPointer<UInt8>
    let n: Int
    var i = 0
    var tokens: TokenBuffer
    var comments: [Comment] = []
    var lineStart = true
    /// Strings whose interpolation code is being lexed, innermost last.
    var frames: [StringFrame] = []
    var interpolatedStringEnds: [Int32: Int32] = [:]
    var interpolationSpans: [Range<Int32>] = []
    var longLookaheads: [Int32] = []
    let keywords = KeywordTable.shared

    /// `tokens` is where the tokens go, made with room for `tokenCapacity(bytes:)`.
    init(_ p: UnsafeBufferPointer<UInt8>, tokens: TokenBuffer) {
        self.p = p
        self.n = p.count
        self.tokens = tokens
    }

    /// Room for a token every five bytes: real code rarely has more.
    static func tokenCapacity(bytes: Int) -> Int { bytes / 5 + 16 }

    @inline(__always) func at(_ k: Int) -> UInt8 { k < n ? p[k] : 0 }

    mutating func run() {
        if n >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { i = 3 }
        if at(i) == hash, at(i + 1) == UInt8(ascii: "!") {
            let s = i
            while i < n, p[i] != newline, p[i] != cr { i += 1 }
            comments.append(Comment(start: Int32(s), end: Int32(i), isBlock: false, isDoc: false))
        }
        while lexNext() {}
    }

    /// Skips trivia and lexes one token; at the end of input closes open literals, appends the
    /// `.eof` token and returns false.
    @inline(__always) mutating func lexNext() -> Bool {
        // Trivia is a byte at or below a space, or a `/` that may open a comment: the next token
        // often follows its predecessor directly, and then no call is made.
        if i < n, p[i] > space, p[i] != slash {
            lexToken()
            return true
        }
        // One space between two tokens, the commonest trivia: no call either.
        if i + 1 < n, p[i] == space, p[i + 1] > space, p[i + 1] != slash {
            i += 1
            tokens.insertIntoLast(.spaceAfter)
            lexToken()
            return true
        }
        let triviaStart = i
        skipTrivia()
        if i > triviaStart { tokens.insertIntoLast(.spaceAfter) }
        if i >= n {
            while !frames.isEmpty { closeString(unterminated: true) }
            var flags: TokenFlags = [.spaceBefore]
            if lineStart { flags.insert(.atLineStart) }
            tokens.append(Token(kind: .eof, start: Int32(n), end: Int32(n), flags: flags))
            if let k = tokens.indices.last, k > 0 { tokens[k - 1].flags.insert(.spaceAfter) }
            return false
        }
        lexToken()
        return true
    }

    /// Whitespace, newlines and comments (nested block comments included).
    mutating func skipTrivia() {
        while i < n {
            let c = p[i]
            if c == space {
                // Indentation: eight spaces at a time, then the spaces left in the last word at
                // once (their count is the zero bytes below its first other byte).
                i += 1
                while i + 8 <= n {
                    let other =
                        UnsafeRawBufferPointer(p).loadUnaligned(fromByteOffset: i, as: UInt64.self)
                        ^ 0x2020_2020_2020_2020
                    if other != 0 {
                        i += other.trailingZeroBitCount >> 3
                        break
                    }
                    i += 8
                }
            } else if c == tab || c == 0x0B || c == 0x0C || c == 0 {
                i += 1
            } else if c == newline || c == cr {
                lineStart = true
                i += 1
                // An interpolation of a one-line string cannot span lines: the compiler ends the
                // literal at the newline, and so do we (otherwise it swallows the file).
                while let f = frames.last, !f.multiline { closeString(unterminated: true) }
            } else if c == slash, at(i + 1) == slash {
                let s = i
                let doc = at(i + 2) == slash && at(i + 3) != slash
                i = lineEnd(from: i)
                comments.append(Comment(start: Int32(s), end: Int32(i), isBlock: false, isDoc: doc))
            } else if c == slash, at(i + 1) == star {
                let s = i
                let doc = at(i + 2) == star && at(i + 3) != star && at(i + 3) != slash
                i += 2
                var depth = 1
                while i < n, depth > 0 {
                    if p[i] == slash, at(i + 1) == star {
                        depth += 1; i += 2
                    } else if p[i] == star, at(i + 1) == slash {
                        depth -= 1; i += 2
                    } else {
                        if p[i] == newline || p[i] == cr { lineStart = true }
                        i += 1
                    }
                }
                comments.append(Comment(start: Int32(s), end: Int32(i), isBlock: true, isDoc: doc))
            } else {
                return
            }
        }
    }

    /// The first line break (`\n` or `\r`) at or after `k`, or the end: eight bytes at a time.
    @inline(__always) func lineEnd(from k: Int) -> Int {
        var j = k
        let raw = UnsafeRawBufferPointer(p)
        while j + 8 <= n {
            if lineBreakBytes(raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)) != 0 { break }
            j += 8
        }
        while j < n, p[j] != newline, p[j] != cr { j += 1 }
        return j
    }

    /// Swift's rule: a token is left-bound unless whitespace, an opening bracket, `,;:` or the
    /// end of a block comment precedes it.
    @inline(__always) func isLeftBound(_ start: Int) -> Bool {
        if start == 0 { return false }
        switch p[start - 1] {
        case space, cr, newline, tab, 0x0B, 0x0C, 0, lparen, UInt8(ascii: "["), UInt8(ascii: "{"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
            return false
        case slash:
            return !(start >= 2 && p[start - 2] == star)
        case 0xBF where start == 3 && p[0] == 0xEF && p[1] == 0xBB:
            // Right after a byte order mark: the start of the file.
            return false
        default:
            return true
        }
    }

    @inline(__always) func isRightBound(_ end: Int, leftBound: Bool) -> Bool {
        if end >= n { return false }
        switch p[end] {
        case space, cr, newline, tab, 0x0B, 0x0C, 0, rparen, UInt8(ascii: "]"), UInt8(ascii: "}"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
            return false
        case dot:
            return !leftBound
        case slash:
            let next = at(end + 1)
            return !(next == slash || next == star)
        default:
            return true
        }
    }

    @inline(__always) mutating func emit(
        _ kind: TokenKind, _ start: Int, _ keyword: Keyword = .none, _ extra: TokenFlags = TokenFlags(rawValue: 0)
    ) {
        var flags = extra
        if lineStart { flags.insert(.atLineStart) }
        if !isLeftBound(start) { flags.insert(.spaceBefore) }
        lineStart = false
        tokens.append(Token(kind: kind, keyword: keyword, start: Int32(start), end: Int32(i), flags: flags))
    }

    var previousKind: TokenKind { tokens.last?.kind ?? .eof }

    mutating func lexToken() {
        let start = i
        let c = p[i]
        if isIdentifierHead(c) { lexIdentifier(start); return }
        if isDigit(c) { lexNumber(start); return }
        switch c {
        case quote:
            lexString(start, hashes: 0)
        case hash:
            lexPound(start)
        case UInt8(ascii: "$"):
            i += 1
            while i < n, isIdentifierBody(p[i]) || p[i] >= 0x80 {
                if p[i] >= 0x80 {
                    let (s, len) = decodeScalar(p, i)
                    if len == 0 || isUnicodeOperatorHead(s) { break }
                    i += len
                } else {
                    i += 1
                }
            }
            emit(.identifier, start)
        case UInt8(ascii: "`"):
            var k = i + 1
            while k < n, p[k] != UInt8(ascii: "`"), p[k] != newline, p[k] != cr { k += 1 }
            if k < n, p[k] == UInt8(ascii: "`"), k > i + 1 {
                i = k + 1
                emit(.identifier, start, .none, .backticked)
            } else {
                i += 1
                emit(.error, start)
            }
        case lparen:
            i += 1
            emit(.lParen, start)
            if !frames.isEmpty { frames[frames.count - 1].depth += 1 }
        case rparen:
            i += 1
            emit(.rParen, start)
            if let f = frames.last {
                if f.depth == 0 { continueString() } else { frames[frames.count - 1].depth -= 1 }
            }
        case UInt8(ascii: "{"): i += 1; emit(.lBrace, start)
        case UInt8(ascii: "}"): i += 1; emit(.rBrace, start)
        case UInt8(ascii: "["): i += 1; emit(.lBracket, start)
        case UInt8(ascii: "]"): i += 1; emit(.rBracket, start)
        case UInt8(ascii: ","): i += 1; emit(.comma, start)
        case UInt8(ascii: ";"): i += 1; emit(.semicolon, start)
        case UInt8(ascii: ":"):
            if at(i + 1) == UInt8(ascii: ":") {
                i += 2
                emit(.colonColon, start)
            } else {
                i += 1
                emit(.colon, start)
            }
        case UInt8(ascii: "@"): i += 1; emit(.at, start)
        case backslashByte: i += 1; emit(.backslash, start)
        case UInt8(ascii: "!"), UInt8(ascii: "?"):
            if isLeftBound(start) {
                i += 1
                emit(c == UInt8(ascii: "?") ? .postfixQuestion : .postfixExclaim, start)
            } else {
                lexOperator(start)
            }
        case slash:
            if regexAllowed(), let end = scanBareRegex(from: start) {
                i = end
                emit(.regexLiteral, start)
            } else {
                lexOperator(start)
            }
        default:
            if c == dot || isASCIIOperatorChar(c) {
                lexOperator(start)
            } else if c >= 0x80 {
                let (s, len) = decodeScalar(p, i)
                if len == 0 {
                    i += 1
                    emit(.error, start)
                } else if isUnicodeOperatorHead(s) {
                    lexOperator(start)
                } else {
                    lexIdentifier(start)
                }
            } else {
                i += 1
                emit(.error, start)
            }
        }
    }

    mutating func lexIdentifier(_ start: Int) {
        // ASCII runs eight bytes at a time; the byte loop below takes the rest (the file's last
        // bytes, non-ASCII scalars).
        let raw = UnsafeRawBufferPointer(p)
        while i + 8 <= n {
            let k = identifierBodyPrefix(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += k
            if k < 8 { break }
        }
        while i < n {
            let c = p[i]
            if c < 0x80 {
                if isIdentifierBody(c) { i += 1; continue }
                break
            }
            let (s, len) = decodeScalar(p, i)
            if len == 0 || isUnicodeOperatorHead(s) { break }
            i += len
        }
        let length = i - start
        if keywords.mayBeKeyword(first: p[start], length: length) {
            let kw = keywords.lookup(p, start, length)
            if kw.keyword != .none {
                emit(kw.reserved ? .keyword : .identifier, start, kw.keyword)
                return
            }
        }
        emit(.identifier, start)
    }

    mutating func lexNumber(_ start: Int) {
        let afterPeriod = previousKind == .period && tokens.last.map { Int($0.end) == start } == true
        var isFloat = false
        if p[i] == UInt8(ascii: "0"), at(i + 1) == UInt8(ascii: "x") {
            i += 2
            while i < n, isHexDigit(p[i]) || p[i] == UInt8(ascii: "_") { i += 1 }
            if !afterPeriod, at(i) == dot, isHexDigit(at(i + 1)) {
                // A hex fraction needs an exponent; without one the `.` is member access.
                var k = i + 1
                while k < n, isHexDigit(p[k]) || p[k] == UInt8(ascii: "_") { k += 1 }
                if at(k) == UInt8(ascii: "p") || at(k) == UInt8(ascii: "P") { i = k }
            }
            if !afterPeriod, scanExponent(UInt8(ascii: "p")) { isFloat = true }
        } else if p[i] == UInt8(ascii: "0"), at(i + 1) == UInt8(ascii: "b") || at(i + 1) == UInt8(ascii: "o") {
            i += 2
            while i < n, isHexDigit(p[i]) || p[i] == UInt8(ascii: "_") { i += 1 }
        } else {
            while i < n, isDigit(p[i]) || p[i] == UInt8(ascii: "_") { i += 1 }
            if !afterPeriod, at(i) == dot, isDigit(at(i + 1)) {
                i += 1
                while i < n, isDigit(p[i]) || p[i] == UInt8(ascii: "_") { i += 1 }
                isFloat = true
            }
            if !afterPeriod, scanExponent(UInt8(ascii: "e")) { isFloat = true }
        }
        // `1abc` is one (invalid) literal for the compiler too.
        while i < n, isIdentifierBody(p[i]) { i += 1 }
        emit(isFloat ? .floatLiteral : .integerLiteral, start)
    }

    /// `e±digits` (or `p±digits` for hex floats; either case) at `i`; consumes it when present.
    mutating func scanExponent(_ letter: UInt8) -> Bool {
        guard at(i) == letter || at(i) == letter - 32 else { return false }
        var k = i + 1
        if at(k) == UInt8(ascii: "+") || at(k) == UInt8(ascii: "-") { k += 1 }
        guard isDigit(at(k)) else { return false }
        i = k
        while i < n, isDigit(p[i]) || p[i] == UInt8(ascii: "_") { i += 1 }
        return true
    }

    mutating func lexOperator(_ start: Int) {
        let dotOperator = p[i] == dot
        while i < n {
            let c = p[i]
            if c < 0x80 {
                if c == dot {
                    if !dotOperator { break }
                } else if !isASCIIOperatorChar(c) {
                    break
                }
                // `//` or `/*` inside an operator starts a comment.
                if c == slash, i > start, at(i + 1) == slash || at(i + 1) == star { break }
                i += 1
            } else {
                let (s, len) = decodeScalar(p, i)
                if len == 0 || !(isUnicodeOperatorHead(s) || isUnicodeCombining(s)) { break }
                i += len
            }
        }
        if i == start { i += 1 }
        let length = i - start
        let leftBound = isLeftBound(start)
        let rightBound = isRightBound(i, leftBound: leftBound)
        if length == 1 {
            switch p[start] {
            case UInt8(ascii: "="): emit(.equal, start); return
            case dot: emit(.period, start); return
            case UInt8(ascii: "&") where rightBound && !leftBound: emit(.prefixAmp, start); return
            case UInt8(ascii: "?"): emit(leftBound ? .postfixQuestion : .infixQuestion, start); return
            default: break
            }
        } else if length == 2, p[start] == UInt8(ascii: "-"), p[start + 1] == UInt8(ascii: ">") {
            emit(.arrow, start)
            return
        }
        var flags = TokenFlags(rawValue: 0)
        if leftBound != rightBound { flags.insert(leftBound ? .postfixOperator : .prefixOperator) }
        emit(.operator, start, .none, flags)
    }

    mutating func lexPound(_ start: Int) {
        var k = i
        while k < n, p[k] == hash { k += 1 }
        let hashes = k - i
        if at(k) == quote {
            lexString(start, hashes: hashes)
            return
        }
        if at(k) == slash {
            if let end = scanExtendedRegex(from: start, hashes: hashes) {
                i = end
                emit(.regexLiteral, start)
                return
            }
            // A multi-line `#/` that found no `/#` read the rest of the file: a `/#` typed
            // anywhere later changes this token (incremental re-parsing restarts before it).
            longLookaheads.append(Int32(tokens.count))
        }
        if hashes == 1, k < n, isIdentifierHead(p[k]) || p[k] >= 0x80 {
            i = k
            while i < n, isIdentifierBody(p[i]) { i += 1 }
            if i == k {
                // A non-ASCII macro name.
                let (s, len) = decodeScalar(p, i)
                if len > 0, !isUnicodeOperatorHead(s) { lexIdentifierTail() }
            }
            let kw = lookupPoundWord(p, k, i - k)
            let directive =
                kw == .poundIf || kw == .poundElseif || kw == .poundElse || kw == .poundEndif
                || kw == .poundSourceLocation
            emit(directive ? .poundDirective : .poundIdentifier, start, kw)
            return
        }
        i += 1
        emit(.error, start)
    }

    mutating func lexIdentifierTail() {
        while i < n {
            if p[i] < 0x80 {
                if isIdentifierBody(p[i]) { i += 1; continue }
                return
            }
            let (s, len) = decodeScalar(p, i)
            if len == 0 || isUnicodeOperatorHead(s) { return }
            i += len
        }
    }
}
