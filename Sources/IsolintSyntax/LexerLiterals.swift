// String, regex and keyword scanning for the lexer.

private let slash = UInt8(ascii: "/"), quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#")
private let backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
private let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
private let lparen = UInt8(ascii: "("), rparen = UInt8(ascii: ")"), star = UInt8(ascii: "*")

/// One level of string nesting: a string body, or the code of an interpolation inside one.
private struct StringFrame {
    var isString: Bool
    var hashes: Int
    var multiline: Bool
    var depth: Int
}

extension LexerState {
    mutating func lexString(_ start: Int, hashes: Int) {
        var flags: TokenFlags = []
        i = scanString(quoteAt: start + hashes, hashes: hashes, flags: &flags)
        emit(.stringLiteral, start, .none, flags)
    }

    @inline(__always) func hashesFollow(_ j: Int, _ count: Int) -> Bool {
        if count == 0 { return true }
        guard j + count <= n else { return false }
        for k in j..<(j + count) where p[k] != hash { return false }
        return true
    }

    /// Finds the end of a string literal whose opening quote is at `q`. Interpolations nest to
    /// any depth (strings inside interpolations inside strings…) with an explicit stack, so
    /// hostile nesting cannot overflow the call stack.
    func scanString(quoteAt q: Int, hashes: Int, flags: inout TokenFlags) -> Int {
        var stack: [StringFrame] = []
        var k = q
        func open(_ at: Int, _ h: Int, _ stack: inout [StringFrame]) -> Int {
            if self.at(at + 1) == quote, self.at(at + 2) == quote {
                stack.append(StringFrame(isString: true, hashes: h, multiline: true, depth: 0))
                return at + 3
            }
            stack.append(StringFrame(isString: true, hashes: h, multiline: false, depth: 0))
            return at + 1
        }
        k = open(q, hashes, &stack)
        while true {
            guard k < n, let top = stack.last else {
                if !stack.isEmpty { flags.insert(.unterminated) }
                return min(k, n)
            }
            let c = p[k]
            if top.isString {
                if c == quote {
                    if top.multiline {
                        if at(k + 1) == quote, at(k + 2) == quote, hashesFollow(k + 3, top.hashes) {
                            k += 3 + top.hashes
                            stack.removeLast()
                            if stack.isEmpty { return k }
                        } else {
                            k += 1
                        }
                    } else if hashesFollow(k + 1, top.hashes) {
                        k += 1 + top.hashes
                        stack.removeLast()
                        if stack.isEmpty { return k }
                    } else {
                        k += 1
                    }
                } else if c == backslash, hashesFollow(k + 1, top.hashes) {
                    let j = k + 1 + top.hashes
                    if at(j) == lparen {
                        flags.insert(.hasInterpolation)
                        stack.append(StringFrame(isString: false, hashes: 0, multiline: false, depth: 0))
                        k = j + 1
                    } else {
                        k = j + 1
                    }
                } else if (c == newline || c == cr) && !top.multiline {
                    flags.insert(.unterminated)
                    return k
                } else {
                    k += 1
                }
            } else {
                switch c {
                case lparen:
                    stack[stack.count - 1].depth += 1
                    k += 1
                case rparen:
                    if top.depth == 0 { stack.removeLast() } else { stack[stack.count - 1].depth -= 1 }
                    k += 1
                case quote:
                    k = open(k, 0, &stack)
                case hash:
                    var j = k
                    while j < n, p[j] == hash { j += 1 }
                    if at(j) == quote { k = open(j, j - k, &stack) } else { k = j }
                case slash where at(k + 1) == slash:
                    while k < n, p[k] != newline, p[k] != cr { k += 1 }
                case slash where at(k + 1) == star:
                    k += 2
                    var depth = 1
                    while k < n, depth > 0 {
                        if p[k] == slash, at(k + 1) == star { depth += 1; k += 2 }
                        else if p[k] == star, at(k + 1) == slash { depth -= 1; k += 2 }
                        else { k += 1 }
                    }
                default:
                    k += 1
                }
            }
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
        if first == space || first == tab || first == newline || first == cr || first == 0 || first == slash || first == star {
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

struct KeywordEntry: Sendable {
    let text: [UInt8]
    let keyword: Keyword
    let reserved: Bool
}

/// Keywords bucketed by length so a lookup compares a handful of candidates at most.
private let keywordBuckets: [[KeywordEntry]] = {
    var buckets = [[KeywordEntry]](repeating: [], count: 17)
    for (text, kw) in reservedWords { buckets[text.count].append(KeywordEntry(text: text, keyword: kw, reserved: true)) }
    for (text, kw) in contextualWords { buckets[text.count].append(KeywordEntry(text: text, keyword: kw, reserved: false)) }
    return buckets
}()

let maxKeywordLength = 16

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

func lookupKeyword(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> (keyword: Keyword, reserved: Bool) {
    guard length > 0, length < keywordBuckets.count else { return (.none, false) }
    for entry in keywordBuckets[length] where matches(p, start, entry.text) {
        return (entry.keyword, entry.reserved)
    }
    return (.none, false)
}

func lookupPoundWord(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Keyword {
    for (text, kw) in poundWords where text.count == length && matches(p, start, text) {
        return kw
    }
    return .none
}
