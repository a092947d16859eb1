import Foundation
import Testing

@testable import IsolintSyntax

/// Where two streams differ first (tokens, comments, bracket partners, string facts); nil when
/// they hold the same.
private func firstDifference(_ a: TokenStream, _ b: TokenStream) -> String? {
    if let k = a.tokens.indices.first(where: { $0 >= b.tokens.count || a.tokens[$0] != b.tokens[$0] }) {
        return "token \(k): \(a.tokens[k]) against \(k < b.tokens.count ? "\(b.tokens[k])" : "none")"
    }
    if a.tokens.count != b.tokens.count { return "\(a.tokens.count) tokens against \(b.tokens.count)" }
    if a.comments != b.comments { return "comments" }
    if a.matching != b.matching { return "bracket partners" }
    if a.interpolatedStringEnds != b.interpolatedStringEnds || a.interpolationSpans != b.interpolationSpans {
        return "interpolations"
    }
    if a.longLookaheads != b.longLookaheads { return "long lookaheads" }
    return nil
}

/// Packs what the lexer makes of `bytes` and unpacks it for the same bytes.
private func roundTrip(_ bytes: [UInt8]) -> (lexed: TokenStream, unpacked: TokenStream?) {
    let lexed = Lexer.tokenize(bytes)
    return (lexed, PackedTokens(lexed, source: bytes).unpack(for: bytes))
}

@Suite struct PackedTokensTests {
    /// Tokens inside another's span (an interpolation's, inside its literal), tokens at the
    /// short record's limit and past it (255, 256 and 20,000 bytes; a start 300 bytes after the
    /// previous one), comments whose distances take one, two and three LEB128 bytes, every
    /// comment shape, a multi-line `#/` that reads to the end, non-ASCII names, error bytes and
    /// an empty file.
    @Test func aStreamUnpacksToWhatTheLexerMade() throws {
        let limit = String(repeating: "w", count: 255)
        let long = String(repeating: "x", count: 256)
        let longer = String(repeating: "y", count: 20_000)
        let gap = String(repeating: " ", count: 300)
        let (spaces, lines) = (String(repeating: " ", count: 200), String(repeating: "\n", count: 20_000))
        let sources = [
            "",
            "let a = \"sum \\(x + y) and \\(f(\"inner \\(z)\"))\" // trailing\n",
            "/// doc\n/** block doc */\n/* block */ func f() { [1, 2][0] }\n",
            "let \(limit) = \(long)\(gap)+ \"\(longer)\"\n",
            "// one\n\(spaces)/* two */\n\(lines)// three\n",
            "let s = #\"raw \\#(v) \"quoted\" \"#\nlet m = \"\"\"\n  multi \\(1)\n  \"\"\"\n",
            "let café = 1; let 名前 = café; let `class` = `名前`\n",
            "x = #/\n unterminated regex",
            "@MainActor final class C { var x: [Int: String?] = [:] }\u{1} \u{7F} ` )( ]\n",
        ]
        for source in sources {
            let bytes = Array(source.utf8)
            let (lexed, unpacked) = roundTrip(bytes)
            let back = try #require(unpacked, "\(source.prefix(40))")
            #expect(firstDifference(lexed, back) == nil, "\(source.prefix(40))")
        }
    }

    /// What no lexer makes still round-trips: starts that go back, negative lengths, the
    /// extremes of `Int32` (long records; five LEB128 bytes each for comments).
    @Test func anyOffsetsRoundTrip() throws {
        let offsets: [(Int32, Int32)] = [(5, 3), (2, 2), (-1, .min), (.max, .max), (0, 1), (.min, .max), (127, 128)]
        let tokens = offsets.map { Token(kind: .identifier, start: $0.0, end: $0.1, flags: TokenFlags(rawValue: 0xFF)) }
        let comments = offsets.map { Comment(start: $0.1, end: $0.0, isBlock: true, isDoc: $0.0 < 0) }
        let source: [UInt8] = [1, 2, 3]
        let stream = TokenStream(
            tokens: tokens, comments: comments, matching: Lexer.matchBrackets(tokens),
            interpolatedStringEnds: [3: 7], interpolationSpans: [1..<2], longLookaheads: [4])
        let back = try #require(PackedTokens(stream, source: source).unpack(for: source))
        #expect(firstDifference(stream, back) == nil)
    }

    /// The parser's fixtures and the project's own sources, as real code.
    @Test func realFilesUnpackToWhatTheLexerMade() throws {
        let paths = realSwiftFiles()
        #expect(paths.count > 100)
        for path in paths {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let (lexed, unpacked) = roundTrip(bytes)
            let back = try #require(unpacked, "\(path)")
            #expect(firstDifference(lexed, back) == nil, "\(path)")
        }
    }

    /// Tokens packed for one text are not handed out for another: the file changed between the
    /// two reads of a run (same length or not), and its tokens would point into the wrong text.
    @Test func anotherTextGetsNoTokens() {
        let before = Array("let fine = 1\n".utf8)
        let packed = PackedTokens(Lexer.tokenize(before), source: before)
        #expect(packed.unpack(for: before)?.tokens.count == 5)
        #expect(packed.unpack(for: Array("var fine = 1\n".utf8))?.tokens.count == nil)
        #expect(packed.unpack(for: Array("let fine = 10\n".utf8))?.tokens.count == nil)
        #expect(packed.unpack(for: [])?.tokens.count == nil)
    }

    /// A few bytes a token: the point of packing them (a `Token` and its partner take sixteen).
    @Test func packedTokensAreSmall() {
        let bytes = Array(String(repeating: "func f(a: Int) -> Int { return a + 1 } // sum\n", count: 100).utf8)
        let stream = Lexer.tokenize(bytes)
        let packed = PackedTokens(stream, source: bytes)
        #expect(packed.packedCount <= stream.tokens.count * 5 + stream.comments.count * 3 + 16)
    }

    /// A change of one bit anywhere, in files of every length up to a few words past the
    /// digest's 32-byte rounds, changes the digest; the same bytes give the same one.
    @Test func theDigestSeesEveryByte() {
        for count in 0...80 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let digest = ContentDigest.of(bytes)
            #expect(ContentDigest.of(bytes) == digest)
            for k in 0..<count {
                var changed = bytes
                changed[k] ^= 1
                #expect(ContentDigest.of(changed) != digest, "length \(count), byte \(k)")
            }
            #expect(ContentDigest.of(bytes + [0]) != digest, "length \(count) and a zero")
        }
    }
}
