import IsolintSyntax

/// A Bloom filter over names: `mayContain` is false only for names never inserted. Built once per
/// index over the names some rule cares about, and asked with a token's `NameHash` so that the
/// common case (a name that is none of them) costs a hash of a few bytes instead of a `String`
/// and a set lookup. A `true` is then checked against the exact set.
struct NameFilter: Sendable {
    private var bits: [UInt64]
    private let mask: UInt64

    /// Sized for `count` names at about 16 bits each (a few per cent of false positives).
    init<S: Sequence>(_ names: S, count: Int) where S.Element == String {
        (bits, mask) = Self.empty(count: count)
        for name in names { insert(NameHash.of(name)) }
    }

    /// Over names already hashed (`NameHash.of`), in groups: names shared by many filters are
    /// hashed once.
    init(hashes groups: [[UInt64]]) {
        (bits, mask) = Self.empty(count: groups.reduce(0) { $0 + $1.count })
        for hashes in groups { for h in hashes { insert(h) } }
    }

    /// Bits for `count` names: a power of two of at least 16 words.
    private static func empty(count: Int) -> ([UInt64], UInt64) {
        var words = 16
        while words * 64 < count * 16 { words *= 2 }
        return ([UInt64](repeating: 0, count: words), UInt64(words * 64 - 1))
    }

    private mutating func insert(_ hash: UInt64) {
        let (a, b) = positions(hash)
        bits[Int(a >> 6)] |= 1 << (a & 63)
        bits[Int(b >> 6)] |= 1 << (b & 63)
    }

    func mayContain(_ hash: UInt64) -> Bool {
        let (a, b) = positions(hash)
        return bits[Int(a >> 6)] & (1 << (a & 63)) != 0 && bits[Int(b >> 6)] & (1 << (b & 63)) != 0
    }

    /// Whether a token's text (backticks dropped) may be one of the names.
    func mayContain(_ tree: SyntaxTree, token: Int32) -> Bool { mayContain(tree.nameHash(token: token)) }

    /// Two bit positions from different bits of the hash (both below `bits.count * 64`).
    private func positions(_ hash: UInt64) -> (UInt64, UInt64) { (hash & mask, (hash >> 32 ^ hash >> 17) & mask) }
}

/// A filter over a set of names with their lengths beside it (a bit each, 63 for any longer):
/// most tokens are ruled out by their length before their bytes are hashed. Taken once by a
/// caller that asks it of every token of a body.
struct NameTest: Sendable {
    private let lengths: UInt64
    private let filter: NameFilter

    init(_ names: Set<String>) {
        filter = NameFilter(names, count: names.count)
        lengths = names.reduce(0) { $0 | 1 << UInt64(min($1.utf8.count, 63)) }
    }

    /// Whether a token's text (backticks dropped) may be one of the names (false: surely not; no
    /// `String` is made).
    func mayContain(_ tree: SyntaxTree, token: Int32) -> Bool {
        lengths & (1 << UInt64(min(tree.nameLength(token: token), 63))) != 0 && filter.mayContain(tree, token: token)
    }
}
