import Foundation
import Testing

@testable import IsolintSyntax

private func file(_ text: String) -> SourceFile { SourceFile(path: "t.swift", text: text) }

private func pos(_ line: Int, _ character: Int) -> LinePosition { LinePosition(line: line, character: character) }

// MARK: - Line table

@Suite struct SourceFileLineTests {
    @Test func lineStartsForEveryTerminator() {
        // "a\n" "b\r\n" "c\r" "d" — \r\n is one terminator, a lone \r is one too.
        let f = file("a\nb\r\nc\rd")
        #expect(f.lineStarts == [0, 2, 5, 7])
        #expect(f.lineCount == 4)
        #expect(f.lineRange(0) == 0..<1)
        #expect(f.lineRange(1) == 2..<3)
        #expect(f.lineRange(2) == 5..<6)
        #expect(f.lineRange(3) == 7..<8)
    }

    @Test func lineFeedThenCarriageReturnIsTwoBreaks() {
        let f = file("a\n\rb")
        #expect(f.lineStarts == [0, 2, 3])
        #expect(f.lineRange(1) == 2..<2)
    }

    @Test func emptyFileAndTrailingNewline() {
        #expect(file("").lineStarts == [0])
        #expect(file("").lineRange(0) == 0..<0)
        #expect(file("x\n").lineStarts == [0, 2])
        #expect(file("x\n").lineRange(1) == 2..<2)
        #expect(file("\r\n\r\n").lineStarts == [0, 2, 4])
    }

    @Test func lineOfOffset() {
        let f = file("ab\ncd\r\nef")
        #expect((0...9).map { f.line(of: $0) } == [0, 0, 0, 1, 1, 1, 1, 2, 2, 2])
    }

    @Test func lineOfClampsOutOfRangeOffsets() {
        let f = file("ab\ncd")
        #expect(f.line(of: -5) == 0)
        #expect(f.line(of: 5) == 1)
        #expect(f.line(of: 1_000) == 1)
    }

    @Test func lineColumnIsOneBasedUTF8() {
        let f = file("ab\nécd")
        #expect(f.lineColumn(of: 0) == (1, 1))
        #expect(f.lineColumn(of: 2) == (1, 3))
        #expect(f.lineColumn(of: 3) == (2, 1))
        // "é" is two bytes: "c" starts at byte column 3.
        #expect(f.lineColumn(of: 5) == (2, 3))
        #expect(f.lineColumn(of: 99) == (2, 5))
        #expect(f.lineColumn(of: -1) == (1, 1))
    }

    @Test func lineRangeClampsTheLineNumber() {
        let f = file("ab\ncd")
        #expect(f.lineRange(-3) == 0..<2)
        #expect(f.lineRange(7) == 3..<5)
    }

    @Test func textOfRangeClampsAndRepairs() {
        let f = SourceFile(path: "t", bytes: [0x61, 0xFF, 0x62])
        #expect(f.text(0..<3) == "a\u{FFFD}b")
        #expect(f.text(2..<10) == "b")
        #expect(f.text(5..<10) == "")
    }

    /// Short texts are made in place: the same strings as decoding the bytes, ASCII or not,
    /// valid or not, at every length around the small-string limit.
    @Test func shortTextsAreTheDecodedBytes() {
        var random = SplitMix64(state: 15)
        let alphabet: [UInt8] =
            Array("ab_$09 ".utf8) + [0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0xFF, 0x80]
        for _ in 0..<2_000 {
            let bytes = (0..<24).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let f = SourceFile(path: "t", bytes: bytes)
            for length in 0...18 {
                let start = Int(random.next() % 6)
                #expect(
                    f.text(start..<start + length) == String(decoding: bytes[start..<start + length], as: UTF8.self))
            }
        }
        #expect(file("let café = 1").text(4..<9) == "café")
    }
}

// MARK: - Positions in UTF-8, UTF-16 and UTF-32

/// The line table is made the first time a question needs it, once, for every copy.
@Suite struct SourceFileLazyLineTableTests {
    @Test func madeOnFirstUseAndSharedByCopies() {
        let file = SourceFile(path: "f.swift", text: "let a = 1\nlet b = 2\r\nlet c = 3")
        #expect(!file.lazyLines.isMade)
        let copy = file
        #expect(copy.line(of: 12) == 1)
        #expect(file.lazyLines.isMade)
        #expect(file.lineStarts == [0, 10, 21])
    }

    @Test func askedFromManyThreadsAtOnceEveryoneGetsTheSameTable() {
        let lines = (0..<2_000).map { "let v\($0) = \"é\($0)\"\n" }
        let file = SourceFile(path: "f.swift", text: lines.joined())
        var expected: [Int32] = [0]
        for line in lines { expected.append((expected.last ?? 0) + Int32(line.utf8.count)) }
        let answers = ManyThreadAnswers()
        DispatchQueue.concurrentPerform(iterations: 8) { k in
            answers.add(file.lineStarts, file.position(of: 3 + k, encoding: .utf16))
        }
        #expect(answers.all.count == 8)
        #expect(answers.all.allSatisfy { $0.0 == expected })
        #expect(answers.all.map(\.1.line) == [Int](repeating: 0, count: 8))
    }

    final class ManyThreadAnswers: @unchecked Sendable {
        private let lock = NSLock()
        private var answers: [([Int32], LinePosition)] = []
        func add(_ starts: [Int32], _ position: LinePosition) { lock.withLock { answers.append((starts, position)) } }
        var all: [([Int32], LinePosition)] { lock.withLock { answers } }
    }
}

@Suite struct SourceFilePositionTests {
    // Line 1 is "aé😀b": a (1 byte), é (2 bytes, 1 UTF-16 unit), 😀 (4 bytes, 2 UTF-16 units), b.
    let f = file("x\naé😀b\nz")

    @Test func asciiLineColumnsAgreeInEveryEncoding() {
        for e in [PositionEncoding.utf8, .utf16, .utf32] {
            #expect(f.position(of: 0, encoding: e) == pos(0, 0))
            #expect(f.position(of: 1, encoding: e) == pos(0, 1))
            #expect(f.position(of: 11, encoding: e) == pos(2, 0))
        }
    }

    @Test func utf8Columns() {
        #expect(
            [2, 3, 5, 9, 10].map { f.position(of: $0, encoding: .utf8) } == [
                pos(1, 0), pos(1, 1), pos(1, 3), pos(1, 7), pos(1, 8),
            ])
    }

    @Test func utf16Columns() {
        #expect(
            [2, 3, 5, 9, 10].map { f.position(of: $0, encoding: .utf16) } == [
                pos(1, 0), pos(1, 1), pos(1, 2), pos(1, 4), pos(1, 5),
            ])
    }

    @Test func utf32Columns() {
        #expect(
            [2, 3, 5, 9, 10].map { f.position(of: $0, encoding: .utf32) } == [
                pos(1, 0), pos(1, 1), pos(1, 2), pos(1, 3), pos(1, 4),
            ])
    }

    @Test func offsetsFromColumns() {
        #expect((0...5).map { f.offset(of: pos(1, $0), encoding: .utf16) } == [2, 3, 5, 9, 9, 10])
        #expect((0...4).map { f.offset(of: pos(1, $0), encoding: .utf32) } == [2, 3, 5, 9, 10])
        #expect((0...8).map { f.offset(of: pos(1, $0), encoding: .utf8) } == [2, 3, 4, 5, 6, 7, 8, 9, 10])
    }

    @Test func roundTripsAtEveryCharacterBoundary() {
        let g = file("é😀\r\n👩‍👩‍👧 ok\rnaïve 日本\n")
        // Every offset that starts a Unicode scalar (or is the end of a line) round-trips.
        var boundaries: [Int] = []
        var offset = 0
        for scalar in String(decoding: g.bytes, as: UTF8.self).unicodeScalars {
            boundaries.append(offset)
            offset += String(scalar).utf8.count
        }
        boundaries.append(offset)
        for o in boundaries where !(o > 0 && g.bytes[o - 1] == 0x0D && o < g.bytes.count && g.bytes[o] == 0x0A) {
            for e in [PositionEncoding.utf8, .utf16, .utf32] {
                let p = g.position(of: o, encoding: e)
                #expect(g.offset(of: p, encoding: e) == o, "offset \(o) in \(e) went to \(p)")
            }
        }
    }

    @Test func positionOfClampsPastTheEnd() {
        #expect(f.position(of: 500, encoding: .utf16) == pos(2, 1))
        #expect(f.position(of: -2, encoding: .utf16) == pos(0, 0))
    }

    @Test func offsetClampsColumnsToTheLineEnd() {
        #expect(f.offset(of: pos(0, 40), encoding: .utf8) == 1)
        #expect(f.offset(of: pos(1, 40), encoding: .utf16) == 10)
        #expect(f.offset(of: pos(1, -3), encoding: .utf16) == 2)
        let crlf = file("ab\r\ncd")
        #expect(crlf.offset(of: pos(0, 10), encoding: .utf16) == 2)
    }

    @Test func offsetClampsLinesToTheFile() {
        #expect(f.offset(of: pos(3, 0), encoding: .utf16) == 12)
        #expect(f.offset(of: pos(99, 5), encoding: .utf8) == 12)
        #expect(f.offset(of: pos(-1, 5), encoding: .utf8) == 0)
    }

    @Test func astralCharacterCountsTwiceInUTF16Only() {
        let g = file("😀😀x")
        #expect(g.position(of: 8, encoding: .utf8) == pos(0, 8))
        #expect(g.position(of: 8, encoding: .utf16) == pos(0, 4))
        #expect(g.position(of: 8, encoding: .utf32) == pos(0, 2))
        #expect(g.offset(of: pos(0, 4), encoding: .utf16) == 8)
        #expect(g.offset(of: pos(0, 2), encoding: .utf32) == 8)
    }

    @Test func encodingRawValuesAreTheLSPNames() {
        #expect(PositionEncoding(rawValue: "utf-16") == .utf16)
        #expect(PositionEncoding.utf8.rawValue == "utf-8")
        #expect(PositionEncoding.utf32.rawValue == "utf-32")
    }
}

// MARK: - Edits

@Suite struct SourceFileEditTests {
    let f = file("let x = 1\nlet y = 2\n")

    private func apply(_ edits: [ByteEdit]) throws(EditError) -> String {
        String(decoding: try f.applying(edits), as: UTF8.self)
    }

    @Test func singleReplacement() throws {
        #expect(try apply([ByteEdit(range: 4..<5, newText: "value")]) == "let value = 1\nlet y = 2\n")
    }

    @Test func noEditsGiveTheSameBytes() throws {
        #expect(try f.applying([]) == f.bytes)
    }

    @Test func editsApplyInSourceOrderWhateverTheGivenOrder() throws {
        let edits = [
            ByteEdit(range: 18..<19, newText: "22"),
            ByteEdit(range: 0..<3, newText: "var"),
            ByteEdit(range: 10..<10, newText: "// note\n"),
            ByteEdit(range: 8..<9, newText: "11"),
        ]
        let expected = "var x = 11\n// note\nlet y = 22\n"
        #expect(try apply(edits) == expected)
        #expect(try apply(edits.reversed()) == expected)
    }

    @Test func insertionsAndDeletions() throws {
        #expect(try apply([ByteEdit(range: 0..<0, newText: "// top\n")]) == "// top\nlet x = 1\nlet y = 2\n")
        #expect(try apply([ByteEdit(range: 20..<20, newText: "z")]) == "let x = 1\nlet y = 2\nz")
        #expect(try apply([ByteEdit(range: 0..<10, newText: "")]) == "let y = 2\n")
    }

    @Test func adjacentEditsDoNotOverlap() throws {
        #expect(
            try apply([ByteEdit(range: 4..<5, newText: "a"), ByteEdit(range: 5..<6, newText: "b")])
                == "let ab= 1\nlet y = 2\n")
    }

    @Test func insertionBeforeAReplacementAtTheSameOffset() throws {
        let edits = [ByteEdit(range: 4..<5, newText: "X"), ByteEdit(range: 4..<4, newText: "Y")]
        #expect(try apply(edits) == "let YX = 1\nlet y = 2\n")
    }

    @Test func overlappingEditsThrow() {
        let a = ByteEdit(range: 2..<6, newText: "")
        let b = ByteEdit(range: 5..<8, newText: "")
        #expect(throws: EditError.overlapping(2..<6, 5..<8)) { try f.applying([b, a]) }
        let inner = ByteEdit(range: 3..<4, newText: "")
        #expect(throws: EditError.overlapping(2..<6, 3..<4)) { try f.applying([a, inner]) }
    }

    @Test func outOfBoundsEditsThrow() {
        #expect(throws: EditError.outOfBounds(18..<21)) { try f.applying([ByteEdit(range: 18..<21, newText: "")]) }
        #expect(throws: EditError.outOfBounds(-1..<0)) { try f.applying([ByteEdit(range: -1..<0, newText: "")]) }
    }

    @Test func multiByteReplacementText() throws {
        let g = file("a😀b")
        #expect(String(decoding: try g.applying([ByteEdit(range: 1..<5, newText: "é")]), as: UTF8.self) == "aéb")
        #expect(try SourceFile.apply([ByteEdit(range: 0..<1, newText: "ü")], to: Array("ab".utf8)) == Array("üb".utf8))
    }
}

@Suite struct SourceFileReplacingTests {
    /// The line table after `replacing` is the one a fresh scan of the new bytes gives, for
    /// random edits among `\r`, `\n`, `\r\n` and non-ASCII text.
    @Test func matchesAFreshScan() throws {
        let pieces = ["a", "\n", "\r", "\r\n", "é", "x\ny", "", "\n\n", "🦀\r"]
        for seed in UInt64(1)...200 {
            var rng = SplitMix64(state: seed)
            var file = SourceFile(path: "f.swift", text: "let a = 1\r\nlet é = 2\rlet c = 3\n\nend")
            for _ in 0..<20 {
                let a = Int(rng.next() % UInt64(file.bytes.count + 1))
                let b = min(file.bytes.count, a + Int(rng.next() % 4))
                let text = Array(pieces[Int(rng.next() % UInt64(pieces.count))].utf8)
                file = try file.replacing(a..<b, with: text)
                let fresh = SourceFile(path: "f.swift", bytes: file.bytes)
                #expect(file.lineStarts == fresh.lineStarts, "seed \(seed)")
                #expect(file.lineTable.nonASCII == fresh.lineTable.nonASCII, "seed \(seed)")
            }
        }
    }

    @Test func rejectsARangeOutsideTheFile() {
        let file = SourceFile(path: "f.swift", text: "abc")
        #expect(throws: EditError.outOfBounds(2..<5)) { try file.replacing(2..<5, with: []) }
    }

    /// A position found from a hint line is the position found by search, whatever the hint
    /// (before the offset's line, its line, the next, after it, out of range).
    @Test func positionFromAHintLineIsThePositionBySearch() {
        let file = SourceFile(path: "f.swift", text: "let é = 1\r\n\nfunc 🙂() {}\rx\n")
        for encoding in [PositionEncoding.utf8, .utf16, .utf32] {
            for offset in -1...(file.bytes.count + 1) {
                for hint in -1...(file.lineCount + 1) {
                    #expect(
                        file.position(of: offset, encoding: encoding, after: hint)
                            == file.position(of: offset, encoding: encoding), "\(offset) \(hint) \(encoding)")
                }
            }
        }
    }

    /// The line scan's word test flags the first byte below 0x0E or above 0x7F exactly, for
    /// every byte at every position (the bytes before it plain ASCII).
    @Test func controlOrNonASCIIBytesFindsTheFirstExactly() {
        for b in 0...255 {
            for position in 0..<8 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                bytes[position] = UInt8(b)
                // A flagged byte after it must not move the lowest bit.
                if position < 7 { bytes[7] = 0x0A }
                let w = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                let flagged = b < 0x0E || b >= 0x80
                let expected = flagged ? position : (position < 7 ? 7 : 8)
                #expect(controlOrNonASCIIBytes(w).trailingZeroBitCount >> 3 == expected, "byte \(b) at \(position)")
            }
        }
    }

    /// Line starts and non-ASCII lines of random bytes (tabs, both breaks, multi-byte text) are
    /// those of a byte-by-byte scan.
    @Test func lineTableOfRandomBytesIsTheByteScans() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x09, 0x0A, 0x0D, 0x0B, 0x20, 0x61, 0x7A, 0xC3, 0xA9, 0xFF]
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 64, 301] {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
                var starts = [0]
                var nonASCII: [Bool] = []
                var lineHasNonASCII = false
                var i = 0
                while i < bytes.count {
                    let c = bytes[i]
                    if c == 0x0A || c == 0x0D {
                        if c == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                        starts.append(i + 1)
                        nonASCII.append(lineHasNonASCII)
                        lineHasNonASCII = false
                    } else if c >= 0x80 {
                        lineHasNonASCII = true
                    }
                    i += 1
                }
                nonASCII.append(lineHasNonASCII)
                let f = SourceFile(path: "r", bytes: bytes)
                #expect(f.lineStarts.map(Int.init) == starts, "\(bytes)")
                #expect(f.lineTable.nonASCII == nonASCII, "\(bytes)")
            }
        }
    }
}
