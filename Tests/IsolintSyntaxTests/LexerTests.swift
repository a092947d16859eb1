import Testing

@testable import IsolintSyntax

// MARK: - Helpers

/// Tokenizes `source` and describes every token but the final `.eof` as `kind text`, or
/// `kind/keyword text` when the token carries a keyword.
private func lexed(_ source: String) -> [String] {
    describe(Array(source.utf8))
}

private func describe(_ bytes: [UInt8]) -> [String] {
    let stream = Lexer.tokenize(bytes)
    return stream.tokens.dropLast().map { t in
        let text = String(decoding: bytes[t.range], as: UTF8.self)
        let kind = t.keyword == .none ? "\(t.kind)" : "\(t.kind)/\(t.keyword)"
        return "\(kind) \(text)"
    }
}

private func stream(_ source: String) -> TokenStream {
    Lexer.tokenize(Array(source.utf8))
}

/// The first token whose text is `text`.
private func token(_ text: String, in source: String) -> Token? {
    let bytes = Array(source.utf8)
    return Lexer.tokenize(bytes).tokens.first { String(decoding: bytes[$0.range], as: UTF8.self) == text }
}

// MARK: - Identifiers and keywords

@Suite struct LexerIdentifierTests {
    @Test func asciiAndUnicodeIdentifiers() {
        #expect(
            lexed("foo _bar a1b2 café π 日本語 x😀") == [
                "identifier foo", "identifier _bar", "identifier a1b2", "identifier café",
                "identifier π", "identifier 日本語", "identifier x😀",
            ])
    }

    @Test func backtickedIdentifierIsNeverAKeyword() throws {
        let source = "`class` `actor` `foo`"
        #expect(lexed(source) == ["identifier `class`", "identifier `actor`", "identifier `foo`"])
        let s = stream(source)
        for t in s.tokens.dropLast() {
            #expect(t.flags.contains(.backticked))
            #expect(t.keyword == .none)
        }
        let tree = SyntaxTree.parse(text: source)
        #expect(tree.text(token: 0) == "class")
        #expect(tree.text(token: 1) == "actor")
    }

    @Test func dollarIdentifiers() {
        #expect(
            lexed("$0 $12 $projected $0.count") == [
                "identifier $0", "identifier $12", "identifier $projected",
                "identifier $0", "period .", "identifier count",
            ])
    }

    @Test func reservedWordsAreKeywords() {
        #expect(
            lexed("class struct enum func let var init deinit subscript if in self Self Any _ true nil") == [
                "keyword/class class", "keyword/struct struct", "keyword/enum enum", "keyword/func func",
                "keyword/let let", "keyword/var var", "keyword/initKeyword init", "keyword/deinit deinit",
                "keyword/subscript subscript", "keyword/if if", "keyword/in in", "keyword/selfKeyword self",
                "keyword/capitalSelf Self", "keyword/capitalAny Any", "keyword/underscore _",
                "keyword/true true", "keyword/nil nil",
            ])
    }

    @Test func contextualWordsStayIdentifiers() {
        #expect(
            lexed("actor async await get set willSet didSet some any nonisolated sending unowned") == [
                "identifier/actor actor", "identifier/async async", "identifier/await await",
                "identifier/get get", "identifier/set set", "identifier/willSet willSet",
                "identifier/didSet didSet", "identifier/some some", "identifier/any any",
                "identifier/nonisolated nonisolated", "identifier/sending sending",
                "identifier/unowned unowned",
            ])
    }

    /// Every word of both keyword lists, alone, at the end of a file (fewer than eight bytes
    /// left) and followed by a long tail, comes back with its keyword; one byte more or less
    /// does not.
    @Test func everyKeywordIsFoundAndNoNeighbourIs() {
        let words =
            reservedWords.map { ($0.text, $0.keyword, true) } + contextualWords.map { ($0.text, $0.keyword, false) }
        var known: [String: Keyword] = [:]
        for (text, keyword, _) in words { known[String(decoding: text, as: UTF8.self)] = keyword }
        for (text, keyword, reserved) in words {
            let word = String(decoding: text, as: UTF8.self)
            for source in [word, "\(word) + padding_padding", "x.\(word)"] {
                let t = token(word, in: source)
                #expect(t?.keyword == keyword, "\(word) in \(source)")
                #expect(t?.kind == (reserved ? .keyword : .identifier), "\(word) in \(source)")
            }
            for near in [word + "x", String(word.dropLast()), "x" + word] where !near.isEmpty {
                let t = token(near, in: near + " ")
                #expect(t?.keyword == known[near] ?? Keyword.none, "\(near)")
            }
        }
    }

    /// Runs of spaces of every length (the whole-word and the rest-of-word steps), before a token,
    /// a tab, a line break or the end of the file: each token starts right after them.
    @Test func spaceRunsOfEveryLengthAreSkippedExactly() {
        for run in 1..<40 {
            for next in ["x", "\tx", "\nx", "+x", ""] {
                let source = "a" + String(repeating: " ", count: run) + next + String(repeating: " ", count: run % 9)
                let bytes = Array(source.utf8)
                let tokens = Lexer.tokenize(bytes).tokens.dropLast()
                let starts = tokens.map { Int($0.start) }
                var expected = [0]
                var k = 1 + run
                for c in next.utf8 {
                    if c != UInt8(ascii: "\t"), c != UInt8(ascii: "\n") { expected.append(k) }
                    k += 1
                }
                #expect(starts == expected, "\(run) spaces then \(next.debugDescription)")
            }
        }
    }

    /// The eight-at-a-time identifier scan agrees with the byte predicate for every byte at
    /// every position.
    @Test func identifierBodyPrefixAgreesWithTheBytePredicate() {
        for b in 0...255 {
            for position in 0..<8 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                bytes[position] = UInt8(b)
                let w = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                let expected = isIdentifierBody(UInt8(b)) ? 8 : position
                #expect(identifierBodyPrefix(w) == expected, "byte \(b) at \(position)")
            }
        }
        #expect(
            lexed("abcdefghijklmnopqrstuvwxyz_$0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ+x") == [
                "identifier abcdefghijklmnopqrstuvwxyz_$0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", "operator +",
                "identifier x",
            ])
        #expect(lexed("longidentifiercafé+x") == ["identifier longidentifiercafé", "operator +", "identifier x"])
    }

    /// A token's name hash is the hash of `text(token:)`: backticks dropped, any bytes, the last
    /// token of the file too; an index that names no token hashes as the empty name.
    @Test func tokenNameHashIsTheHashOfItsText() {
        let tree = SyntaxTree.parse(text: "let `class` = café.x + \"s\" ; `a`.b(日本, $0)")
        for t in 0..<Int32(tree.tokens.count) {
            #expect(tree.nameHash(token: t) == NameHash.of(tree.text(token: t)), "token \(t)")
        }
        #expect(tree.nameHash(token: -1) == NameHash.of(""))
        #expect(tree.nameHash(token: Int32(tree.tokens.count)) == NameHash.of(""))
    }

    @Test func keywordPrefixesAndCaseVariantsAreOrdinaryIdentifiers() {
        #expect(
            lexed("classy Actor _foo letter selfish inout_ asyncSequence") == [
                "identifier classy", "identifier Actor", "identifier _foo", "identifier letter",
                "identifier selfish", "identifier inout_", "identifier asyncSequence",
            ])
    }
}

// MARK: - Number literals

@Suite struct LexerNumberTests {
    @Test func integersInEveryBase() {
        #expect(
            lexed("0 42 1_000_000 0b1010 0b1_0 0o17 0o1_7 0xFF 0xdead_BEEF") == [
                "integerLiteral 0", "integerLiteral 42", "integerLiteral 1_000_000",
                "integerLiteral 0b1010", "integerLiteral 0b1_0", "integerLiteral 0o17",
                "integerLiteral 0o1_7", "integerLiteral 0xFF", "integerLiteral 0xdead_BEEF",
            ])
    }

    @Test func decimalFloats() {
        #expect(
            lexed("3.14 1_000.000_1 1e10 1E-3 2.5e+3 0.5") == [
                "floatLiteral 3.14", "floatLiteral 1_000.000_1", "floatLiteral 1e10",
                "floatLiteral 1E-3", "floatLiteral 2.5e+3", "floatLiteral 0.5",
            ])
    }

    @Test func hexFloats() {
        #expect(
            lexed("0x1.8p3 0x1p-2 0xA.Bp+1 0x1P4 0x1_0.0_8p1_0") == [
                "floatLiteral 0x1.8p3", "floatLiteral 0x1p-2", "floatLiteral 0xA.Bp+1",
                "floatLiteral 0x1P4", "floatLiteral 0x1_0.0_8p1_0",
            ])
    }

    @Test func hexWithoutExponentLeavesPeriodAsMemberAccess() {
        #expect(lexed("0xFF.description") == ["integerLiteral 0xFF", "period .", "identifier description"])
        #expect(lexed("1.description") == ["integerLiteral 1", "period .", "identifier description"])
    }

    @Test func tupleElementAccessIsIntegersNotAFloat() {
        #expect(
            lexed("x.0.1") == [
                "identifier x", "period .", "integerLiteral 0", "period .", "integerLiteral 1",
            ])
        #expect(
            lexed("pair.1.0.2") == [
                "identifier pair", "period .", "integerLiteral 1", "period .", "integerLiteral 0",
                "period .", "integerLiteral 2",
            ])
    }

    @Test func rangesBetweenIntegers() {
        #expect(
            lexed("1..<2 0...9") == [
                "integerLiteral 1", "operator ..<", "integerLiteral 2",
                "integerLiteral 0", "operator ...", "integerLiteral 9",
            ])
    }

    @Test func negativeNumberIsPrefixOperatorThenLiteral() throws {
        #expect(lexed("-1") == ["operator -", "integerLiteral 1"])
        let minus = try #require(stream("-1").tokens.first)
        #expect(minus.flags.contains(.prefixOperator))
    }
}

// MARK: - String literals

@Suite struct LexerStringTests {
    @Test func singleLineStrings() {
        #expect(
            lexed(#"let s = "hello" + "a \"q\" b" + "\\""#) == [
                "keyword/let let", "identifier s", "equal =", #"stringLiteral "hello""#, "operator +",
                #"stringLiteral "a \"q\" b""#, "operator +", #"stringLiteral "\\""#,
            ])
    }

    @Test func multiLineString() {
        let source = "let m = \"\"\"\n  one \"quoted\" \"\"\n  two\n  \"\"\"\nlet n = 1"
        #expect(
            lexed(source) == [
                "keyword/let let", "identifier m", "equal =",
                "stringLiteral \"\"\"\n  one \"quoted\" \"\"\n  two\n  \"\"\"",
                "keyword/let let", "identifier n", "equal =", "integerLiteral 1",
            ])
        let t = stream(source).tokens
        #expect(t[4].isAtLineStart)
        #expect(!t[5].isAtLineStart)
    }

    @Test func rawStrings() {
        #expect(
            lexed(###"#"a "q" \n \(x)"# ##"b "# c"##"###) == [
                ##"stringLiteral #"a "q" \n \(x)"#"##, ###"stringLiteral ##"b "# c"##"###,
            ])
        let s = stream(##"#"a \(x)"#"##)
        #expect(!s.tokens[0].flags.contains(.hasInterpolation))
    }

    @Test func rawMultiLineString() {
        let source = "#\"\"\"\n\"\"\" still inside\n\"\"\"#"
        #expect(lexed(source) == ["stringLiteral " + source])
    }

    @Test func interpolationTokensFollowTheLiteralInsideItsRange() throws {
        let source = #"x = "a\(b + 1)c""#
        #expect(
            lexed(source) == [
                "identifier x", "equal =", #"stringLiteral "a\(b + 1)c""#,
                "lParen (", "identifier b", "operator +", "integerLiteral 1", "rParen )",
            ])
        let s = stream(source)
        let literal = s.tokens[2]
        #expect(literal.flags.contains(.hasInterpolation))
        #expect(literal.range == 4..<16)
        #expect(s.tokens[3].range == 7..<8)
        #expect(s.tokens[7].range == 13..<14)
        for t in s.tokens[3...7] { #expect(literal.range.contains(Int(t.start))) }
        #expect(s.matching[3] == 7)
        #expect(s.matching[7] == 3)
    }

    @Test func nestedInterpolationWithStringsAndParentheses() {
        let source = #""a\(f("b\(c)d", (1)))e""#
        #expect(
            lexed(source) == [
                #"stringLiteral "a\(f("b\(c)d", (1)))e""#,
                "lParen (", "identifier f", "lParen (",
                #"stringLiteral "b\(c)d""#, "lParen (", "identifier c", "rParen )",
                "comma ,", "lParen (", "integerLiteral 1", "rParen )", "rParen )", "rParen )",
            ])
    }

    @Test func closureInsideInterpolation() {
        let source = #""\(xs.map { "\($0)" }.joined())""#
        #expect(
            lexed(source) == [
                #"stringLiteral "\(xs.map { "\($0)" }.joined())""#,
                "lParen (", "identifier xs", "period .", "identifier map", "lBrace {",
                #"stringLiteral "\($0)""#, "lParen (", "identifier $0", "rParen )",
                "rBrace }", "period .", "identifier joined", "lParen (", "rParen )", "rParen )",
            ])
    }

    @Test func commentsInsideAnInterpolation() {
        let source = #""\(x /* ) " */ + 1)" + y"#
        #expect(
            lexed(source) == [
                #"stringLiteral "\(x /* ) " */ + 1)""#,
                "lParen (", "identifier x", "operator +", "integerLiteral 1", "rParen )",
                "operator +", "identifier y",
            ])
        #expect(stream(source).comments.map(\.range) == [5..<14])
    }

    @Test func rawInterpolationNeedsMatchingHashes() {
        let source = ##"#"\(no) \#(yes)"#"##
        #expect(
            lexed(source) == [
                ##"stringLiteral #"\(no) \#(yes)"#"##, "lParen (", "identifier yes", "rParen )",
            ])
        #expect(stream(source).tokens[0].flags.contains(.hasInterpolation))
    }

    @Test func interpolationInMultiLineString() {
        let source = "\"\"\"\n  a \\(f { $0 })\n  \"\"\"\nx"
        #expect(
            lexed(source) == [
                "stringLiteral \"\"\"\n  a \\(f { $0 })\n  \"\"\"",
                "lParen (", "identifier f", "lBrace {", "identifier $0", "rBrace }", "rParen )",
                "identifier x",
            ])
    }

    @Test func deeplyNestedInterpolationIsIterative() {
        var source = "x"
        for _ in 0..<2_000 { source = "\"\\(" + source + ")\"" }
        let s = stream(source)
        #expect(s.tokens.filter { $0.kind == .stringLiteral }.count == 2_000)
        #expect(s.tokens[0].range == 0..<source.utf8.count)
        #expect(s.tokens.allSatisfy { !$0.flags.contains(.unterminated) })
    }

    @Test func unterminatedStringEndsAtTheNewline() throws {
        let source = "let s = \"abc\nlet t = 1"
        #expect(
            lexed(source) == [
                "keyword/let let", "identifier s", "equal =", "stringLiteral \"abc",
                "keyword/let let", "identifier t", "equal =", "integerLiteral 1",
            ])
        let s = stream(source)
        #expect(s.tokens[3].flags.contains(.unterminated))
        #expect(s.tokens[4].isAtLineStart)
    }

    @Test func unterminatedMultiLineStringRunsToEndOfFile() {
        let source = "let s = \"\"\"\nabc\nlet t = 1\n"
        #expect(
            lexed(source) == [
                "keyword/let let", "identifier s", "equal =", "stringLiteral \"\"\"\nabc\nlet t = 1\n",
            ])
        #expect(stream(source).tokens[3].flags.contains(.unterminated))
    }

    @Test func terminatedStringsAreNotFlagged() {
        let s = stream(#""a" "b\(c)""#)
        #expect(!s.tokens[0].flags.contains(.unterminated))
        #expect(!s.tokens[0].flags.contains(.hasInterpolation))
        #expect(!s.tokens[1].flags.contains(.unterminated))
        #expect(s.tokens[1].flags.contains(.hasInterpolation))
    }
}

// MARK: - Regex literals

@Suite struct LexerRegexTests {
    @Test func bareRegexWhereAnExpressionStarts() {
        #expect(lexed("let r = /a+b/") == ["keyword/let let", "identifier r", "equal =", "regexLiteral /a+b/"])
        #expect(lexed(#"f(/\d+/)"#) == ["identifier f", "lParen (", #"regexLiteral /\d+/"#, "rParen )"])
        #expect(lexed("return /x/") == ["keyword/return return", "regexLiteral /x/"])
        #expect(lexed("[/a/, /b/]") == ["lBracket [", "regexLiteral /a/", "comma ,", "regexLiteral /b/", "rBracket ]"])
    }

    @Test func divisionIsAnOperator() {
        #expect(
            lexed("a / b / c") == [
                "identifier a", "operator /", "identifier b", "operator /", "identifier c",
            ])
        #expect(
            lexed("x = a/b/c") == [
                "identifier x", "equal =", "identifier a", "operator /", "identifier b", "operator /", "identifier c",
            ])
        #expect(
            lexed("(n) / 2 / 3") == [
                "lParen (", "identifier n", "rParen )", "operator /", "integerLiteral 2", "operator /",
                "integerLiteral 3",
            ])
    }

    @Test func bareRegexRejectedWhenItWouldStartOrEndWithSpace() {
        #expect(lexed("x = / a/") == ["identifier x", "equal =", "operator /", "identifier a", "operator /"])
        #expect(lexed("f(/, /)") == ["identifier f", "lParen (", "operator /", "comma ,", "operator /", "rParen )"])
    }

    @Test func extendedRegex() {
        #expect(lexed("let r = #/a/b/#") == ["keyword/let let", "identifier r", "equal =", "regexLiteral #/a/b/#"])
        #expect(lexed("x = ##/a/#b/##") == ["identifier x", "equal =", "regexLiteral ##/a/#b/##"])
        let multiLine = "x = #/\n  a+ # comment\n  b\n/#"
        #expect(lexed(multiLine) == ["identifier x", "equal =", "regexLiteral #/\n  a+ # comment\n  b\n/#"])
    }
}

// MARK: - Operators and punctuation

@Suite struct LexerOperatorTests {
    @Test func binaryPrefixAndPostfixFlags() throws {
        let source = "a+b c - d -x y++; !f"
        #expect(
            lexed(source) == [
                "identifier a", "operator +", "identifier b", "identifier c", "operator -", "identifier d",
                "operator -", "identifier x", "identifier y", "operator ++", "semicolon ;", "operator !",
                "identifier f",
            ])
        let t = stream(source).tokens
        let binaryFlags: TokenFlags = [.prefixOperator, .postfixOperator]
        #expect(t[1].flags.isDisjoint(with: binaryFlags))
        #expect(t[4].flags.isDisjoint(with: binaryFlags))
        #expect(t[6].flags.contains(.prefixOperator) && !t[6].flags.contains(.postfixOperator))
        #expect(t[9].flags.contains(.postfixOperator) && !t[9].flags.contains(.prefixOperator))
        #expect(t[11].flags.contains(.prefixOperator))
    }

    @Test func questionAndExclamationMarks() {
        #expect(
            lexed("x!.y?.z ?? w") == [
                "identifier x", "postfixExclaim !", "period .", "identifier y", "postfixQuestion ?",
                "period .", "identifier z", "operator ??", "identifier w",
            ])
        #expect(lexed("c ? a : b") == ["identifier c", "infixQuestion ?", "identifier a", "colon :", "identifier b"])
        #expect(lexed("f()!") == ["identifier f", "lParen (", "rParen )", "postfixExclaim !"])
        #expect(lexed("a != b") == ["identifier a", "operator !=", "identifier b"])
    }

    @Test func dotOperatorsAndRanges() {
        #expect(
            lexed("a..<b c...d xs[..<3] e .+. f") == [
                "identifier a", "operator ..<", "identifier b", "identifier c", "operator ...", "identifier d",
                "identifier xs", "lBracket [", "operator ..<", "integerLiteral 3", "rBracket ]",
                "identifier e", "operator .+.", "identifier f",
            ])
        #expect(token("..<", in: "xs[..<3]")?.flags.contains(.prefixOperator) == true)
        #expect(token("..<", in: "a..<b")?.flags.isDisjoint(with: [.prefixOperator, .postfixOperator]) == true)
        #expect(lexed("a.b") == ["identifier a", "period .", "identifier b"])
    }

    @Test func arrowEqualAndAmpersand() {
        #expect(lexed("() -> Void") == ["lParen (", "rParen )", "arrow ->", "identifier Void"])
        #expect(
            lexed("a = b == c === d") == [
                "identifier a", "equal =", "identifier b", "operator ==", "identifier c", "operator ===",
                "identifier d",
            ])
        #expect(
            lexed("f(&x) a & b a&&b") == [
                "identifier f", "lParen (", "prefixAmp &", "identifier x", "rParen )",
                "identifier a", "operator &", "identifier b", "identifier a", "operator &&", "identifier b",
            ])
        #expect(lexed("a->b") == ["identifier a", "arrow ->", "identifier b"])
    }

    @Test func customAndUnicodeOperators() {
        #expect(
            lexed("a <*> b ∘ c • d |> e") == [
                "identifier a", "operator <*>", "identifier b", "operator ∘", "identifier c",
                "operator •", "identifier d", "operator |>", "identifier e",
            ])
    }

    @Test func commentStartEndsAnOperator() {
        #expect(lexed("a +/* c */ b +// d\n") == ["identifier a", "operator +", "identifier b", "operator +"])
        #expect(stream("a +/* c */ b +// d\n").comments.count == 2)
    }

    @Test func punctuation() {
        #expect(
            lexed("@objc(foo:) a, b; \\K.p") == [
                "at @", "identifier objc", "lParen (", "identifier foo", "colon :", "rParen )",
                "identifier a", "comma ,", "identifier b", "semicolon ;",
                "backslash \\", "identifier K", "period .", "identifier p",
            ])
    }

    @Test func attributes() {
        #expect(
            lexed("@MainActor @available(*, deprecated) @_spi(X) @Sendable") == [
                "at @", "identifier MainActor", "at @", "identifier available", "lParen (", "operator *",
                "comma ,", "identifier deprecated", "rParen )", "at @", "identifier _spi", "lParen (",
                "identifier X", "rParen )", "at @", "identifier Sendable",
            ])
    }
}

// MARK: - Comments and trivia

@Suite struct LexerCommentTests {
    @Test func commentsAreCollectedWithKinds() {
        let source = "// a\n/// doc\n//// four\n/** block doc */\n/*** three */\n/**/\n/* plain */ x"
        let s = stream(source)
        #expect(lexed(source) == ["identifier x"])
        let bytes = Array(source.utf8)
        let described = s.comments.map { c in
            "\(String(decoding: bytes[c.range], as: UTF8.self)) block=\(c.isBlock) doc=\(c.isDoc)"
        }
        #expect(
            described == [
                "// a block=false doc=false",
                "/// doc block=false doc=true",
                "//// four block=false doc=false",
                "/** block doc */ block=true doc=true",
                "/*** three */ block=true doc=false",
                "/**/ block=true doc=false",
                "/* plain */ block=true doc=false",
            ])
    }

    @Test func nestedBlockComments() {
        let source = "/* a /* b */ c */ x /* /* */ */ y"
        #expect(lexed(source) == ["identifier x", "identifier y"])
        #expect(stream(source).comments.map(\.range) == [0..<17, 20..<31])
    }

    @Test func unterminatedBlockCommentRunsToEnd() {
        let source = "x /* a /* b */ y"
        #expect(lexed(source) == ["identifier x"])
        let s = stream(source)
        #expect(s.comments.map(\.range) == [2..<source.utf8.count])
        #expect(s.tokens.last?.kind == .eof)
    }

    @Test func tokenAfterMultiLineBlockCommentIsAtLineStart() throws {
        let s = stream("a /*\n*/ b /* */ c // x\nd")
        let t = s.tokens
        #expect(t.map(\.kind) == [.identifier, .identifier, .identifier, .identifier, .eof])
        #expect(t.map(\.isAtLineStart) == [true, true, false, true, false])
    }

    @Test func spaceFlags() {
        let t = stream("a(b) c").tokens
        // a ( b ) c eof
        #expect(!t[0].flags.contains(.spaceAfter))
        #expect(!t[1].flags.contains(.spaceBefore))
        #expect(t[3].flags.contains(.spaceAfter))
        #expect(t[4].flags.contains(.spaceBefore))
    }
}

// MARK: - Pound words

@Suite struct LexerPoundTests {
    @Test func conditionalCompilationDirectives() {
        let source = "#if DEBUG\n#elseif os(iOS)\n#else\n#endif\n#sourceLocation(file: \"a\", line: 1)"
        #expect(
            lexed(source) == [
                "poundDirective/poundIf #if", "identifier DEBUG",
                "poundDirective/poundElseif #elseif", "identifier os", "lParen (", "identifier iOS", "rParen )",
                "poundDirective/poundElse #else", "poundDirective/poundEndif #endif",
                "poundDirective/poundSourceLocation #sourceLocation", "lParen (", "identifier file", "colon :",
                #"stringLiteral "a""#, "comma ,", "identifier line", "colon :", "integerLiteral 1", "rParen )",
            ])
    }

    @Test func poundIdentifiersAndMacros() {
        #expect(
            lexed("#available(iOS 15, *) #unavailable #selector(f) #keyPath #file #Preview #stringify") == [
                "poundIdentifier/poundAvailable #available", "lParen (", "identifier iOS", "integerLiteral 15",
                "comma ,", "operator *", "rParen )", "poundIdentifier/poundUnavailable #unavailable",
                "poundIdentifier/poundSelector #selector", "lParen (", "identifier f", "rParen )",
                "poundIdentifier/poundKeyPath #keyPath", "poundIdentifier #file", "poundIdentifier #Preview",
                "poundIdentifier #stringify",
            ])
    }

    @Test func directiveWordsNeedToBeAttached() {
        #expect(lexed("# if") == ["error #", "keyword/if if"])
        #expect(lexed("#ifx") == ["poundIdentifier #ifx"])
    }
}

// MARK: - File-level trivia: shebang, BOM, line breaks

@Suite struct LexerFileStartTests {
    @Test func shebangIsACommentAtFileStart() throws {
        let source = "#!/usr/bin/env swift\nprint(1)"
        #expect(lexed(source) == ["identifier print", "lParen (", "integerLiteral 1", "rParen )"])
        let s = stream(source)
        #expect(s.comments.count == 1)
        #expect(s.comments[0].range == 0..<20)
        #expect(!s.comments[0].isBlock)
        #expect(s.tokens[0].isAtLineStart)
    }

    @Test func byteOrderMarkIsSkipped() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("let x".utf8)
        #expect(describe(bytes) == ["keyword/let let", "identifier x"])
        let t = Lexer.tokenize(bytes).tokens
        #expect(t[0].range == 3..<6)
        #expect(t[0].isAtLineStart)
    }

    @Test
    func tokenAfterByteOrderMarkIsNotLeftBound() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("!x".utf8)
        #expect(describe(bytes) == ["operator !", "identifier x"])
        let t = Lexer.tokenize(bytes).tokens
        #expect(t[0].flags.contains(.spaceBefore))
        #expect(t[0].flags.contains(.prefixOperator))
    }

    @Test func byteOrderMarkThenShebang() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("#!/bin/swift\nx".utf8)
        let s = Lexer.tokenize(bytes)
        #expect(s.comments.map(\.range) == [3..<15])
        #expect(describe(bytes) == ["identifier x"])
    }

    @Test func lineStartsWithEveryLineBreakKind() {
        let t = stream("a\r\nb\rc\nd e\r\n\r\nf").tokens
        #expect(t.map(\.isAtLineStart) == [true, true, true, true, false, true, false])
        #expect(t.map(\.start) == [0, 3, 5, 7, 9, 14, 15])
    }

    @Test func eofTokenIsAlwaysLast() {
        for source in ["", "x", "x\n", "/* c */"] {
            let s = stream(source)
            #expect(s.tokens.last?.kind == .eof)
            #expect(s.tokens.last?.range == source.utf8.count..<source.utf8.count)
            #expect(s.tokens.filter { $0.kind == .eof }.count == 1)
            #expect(s.matching.count == s.tokens.count)
        }
        #expect(stream("").tokens.count == 1)
    }
}

// MARK: - Bad input

@Suite struct LexerErrorTests {
    @Test func invalidUTF8BecomesErrorTokensAndLexingGoesOn() {
        let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0x20, 0xC0, 0x80, 0x20] + Array("let x = 1".utf8)
        #expect(
            describe(bytes).map { $0.hasPrefix("error") ? "error" : $0 } == [
                "identifier a", "error", "identifier b", "error", "error",
                "keyword/let let", "identifier x", "equal =", "integerLiteral 1",
            ])
        let t = Lexer.tokenize(bytes).tokens
        #expect(t[1].range == 1..<2)
        #expect(t[3].range == 4..<5)
        #expect(t[4].range == 5..<6)
    }

    @Test func truncatedAndSurrogateSequencesAreErrors() {
        // An encoded UTF-16 surrogate (ED A0 80), then a truncated three-byte sequence at the end.
        let bytes: [UInt8] = [0xED, 0xA0, 0x80, 0x20, 0x78, 0x20, 0xE2, 0x82]
        let t = Lexer.tokenize(bytes).tokens
        #expect(t.map(\.kind) == [.error, .error, .error, .identifier, .error, .error, .eof])
        #expect(t[3].range == 4..<5)
    }

    @Test func strayASCIIBytesAreErrors() {
        #expect(lexed("a \u{01} ` b") == ["identifier a", "error \u{01}", "error `", "identifier b"])
    }

    @Test func nulIsWhitespace() {
        #expect(describe([0x61, 0x00, 0x62]) == ["identifier a", "identifier b"])
    }
}

// MARK: - Bracket matching

@Suite struct LexerBracketTests {
    @Test func nestedBracketsMatch() {
        let s = stream("f([{ }], (x))")
        // f ( [ { } ] , ( x ) ) eof
        #expect(s.matching == [-1, 10, 5, 4, 3, 2, -1, 9, -1, 7, 1, -1])
    }

    @Test func strayClosingParenthesisDoesNotUnbalanceBraces() {
        let s = stream("f(a)) { g() }")
        // f ( a ) ) { g ( ) } eof
        #expect(s.matching == [-1, 3, -1, 1, -1, 9, -1, 8, 7, 5, -1])
    }

    @Test func closingBraceClosesOverStrayOpeners() {
        let s = stream("{ ( [ }")
        #expect(s.matching == [3, -1, -1, 0, -1])
    }

    @Test func closingParenthesisNeverClosesOverABrace() {
        let s = stream("( { ) }")
        #expect(s.matching == [-1, 3, -1, 1, -1])
    }

    @Test func unclosedOpenersStayUnmatched() {
        let s = stream("((( x")
        #expect(s.matching == [-1, -1, -1, -1, -1])
    }
}
