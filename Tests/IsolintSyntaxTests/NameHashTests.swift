import Testing

@testable import IsolintSyntax

/// Name hashes are taken eight bytes at a time: a name inside a file (whose following bytes are
/// read and masked off) and the same name as a `String` (its last word assembled byte by byte)
/// must hash alike, or a filter built from strings would miss the file's tokens.
@Suite("NameHash")
struct NameHashTests {
    @Test func aNameHashesAlikeWhereverItLies() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_".utf8)
        for length in 0...40 {
            let name = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 }
            let expected = NameHash.of(String(decoding: name, as: UTF8.self))
            // Before, amid and at the very end of other bytes (no word read past the buffer).
            for before in 0...9 {
                for after in [0, 1, 7, 8, 20] {
                    let bytes =
                        [UInt8](repeating: 0xAB, count: before) + name + [UInt8](repeating: 0xCD, count: after)
                    let hash = bytes.withUnsafeBufferPointer {
                        NameHash.of($0, from: before, to: before + length)
                    }
                    #expect(hash == expected, "length \(length), \(before) bytes before, \(after) after")
                }
            }
        }
    }

    /// Every name of up to two characters (and their one-character extensions by `_`) hashes
    /// differently, so do names that differ only in length (trailing zero bytes), and the empty
    /// name is `basis`.
    @Test func shortNamesDoNotCollide() {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_".utf8)
        var names: [[UInt8]] = [[]]
        for a in alphabet {
            names.append([a])
            for b in alphabet { names.append([a, b]) }
        }
        names += names.filter { !$0.isEmpty }.map { $0 + Array("_".utf8) }
        let hashes = Set(names.map { n in n.withUnsafeBufferPointer { NameHash.of($0) } })
        #expect(hashes.count == Set(names).count)
        let zeros = (0...16).map { n in [UInt8](repeating: 0, count: n).withUnsafeBufferPointer { NameHash.of($0) } }
        #expect(Set(zeros).count == zeros.count)
        #expect(NameHash.of("") == NameHash.basis)
    }
}
