import Testing

@testable import IsolintSyntax

/// `PlainBuffer.collect`: the elements written straight into the array's storage while they fit,
/// moved to storage of the buffer's own (and copied once) past it — the same array either way.
@Suite("Plain buffers")
struct PlainBufferTests {
    static func collected(_ n: Int, capacity: Int) -> [Int32] {
        PlainBuffer<Int32>.collect(capacity: capacity) { buffer in
            for k in 0..<n { buffer.append(Int32(k) * 3) }
        }
    }

    @Test func collectGivesTheAppendedElementsWhetherOrNotTheyFit() {
        // Capacities under 16 are 16: 16 fits, 17 moves once, 1,000 moves several times.
        for (n, capacity) in [(0, 0), (1, 0), (16, 0), (17, 0), (20, 20), (21, 20), (1_000, 20), (5, 1_000)] {
            #expect(
                Self.collected(n, capacity: capacity) == (0..<n).map { Int32($0) * 3 }, "n \(n) capacity \(capacity)")
        }
    }

    @Test func collectKeepsWritesThroughTheSubscriptAcrossAMove() {
        let array = PlainBuffer<Int32>.collect(capacity: 16) { buffer in
            for k in 0..<16 { buffer.append(Int32(k)) }
            buffer[3] = -3
            buffer.append(16)  // moves
            buffer[4] = -4
            buffer[16] = -16
        }
        #expect(array == [0, 1, 2, -3, -4] + (5..<16).map { Int32($0) } + [-16])
    }

    /// More tokens than the lexer makes room for (a token a byte, against one every five), and
    /// more nodes than the parser makes room for: the arrays move, the tree is whole.
    @Test func denseTextLexesAndParsesPastTheRoomMadeForIt() {
        let text = String(repeating: "f(a,b,c);", count: 400)
        let tree = SyntaxTree.parse(path: "dense.swift", text: text)
        #expect(tree.tokens.count == 400 * 9 + 1)
        #expect(tree.tokens.count > LexerState.tokenCapacity(bytes: text.utf8.count))
        #expect(tree.nodes.count > Parser.nodeCapacity(tokens: tree.tokens.count))
        #expect(tree.tokens.last?.kind == .eof)
        #expect(tree.tokens.dropLast().map { tree.source.text($0.range) }.joined() == text)
        #expect(tree.children(tree.root).count == 400)
    }
}
