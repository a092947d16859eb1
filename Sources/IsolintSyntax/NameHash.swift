/// A 64-bit hash of a name's UTF-8 bytes (FNV-1a), the same for a token's text and for the
/// `String` of that text: lets a rule ask a workspace-wide filter about a token without making a
/// `String` for it (most identifiers name nothing the filter holds).
public enum NameHash {
    /// FNV-1a's offset basis: the hash of no bytes.
    @inlinable public static var basis: UInt64 { 0xcbf2_9ce4_8422_2325 }

    @inlinable
    public static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 { of(bytes, from: 0, to: bytes.count) }

    /// The hash of `bytes[start..<end]` (the caller checks the bounds), by index: a rebased slice
    /// iterated cost a token's hash as much again.
    @inlinable
    static func of(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> UInt64 {
        var h = basis
        var k = start
        while k < end {
            h = (h ^ UInt64(bytes[k])) &* 0x100_0000_01b3
            k += 1
        }
        return h
    }

    public static func of(_ name: String) -> UInt64 {
        var copy = name
        return copy.withUTF8 { of($0) }
    }
}

extension SyntaxTree {
    /// `NameHash.of(text(token:))`, without the `String`: the token's bytes, backticks dropped.
    /// Asked of a million tokens in a lint run: one read of the token, the bytes hashed where
    /// they are (no `String` for the empty answer).
    @inlinable
    public func nameHash(token: Int32) -> UInt64 {
        guard token >= 0, Int(token) < tokens.count else { return NameHash.basis }
        let t = tokens[Int(token)]
        return source.bytes.withUnsafeBufferPointer { Self.nameHash(of: t, in: $0) }
    }

    /// The same for a token already read, in the file's bytes: for a caller that walks every
    /// token over the buffers (one `withUnsafeBufferPointer` for the walk, not one per token).
    @inlinable
    public static func nameHash(of t: Token, in bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var start = Int(t.start)
        var end = Int(t.end)
        if t.flags.contains(.backticked), end - start >= 2 {
            start += 1
            end -= 1
        }
        guard start >= 0, start <= end, end <= bytes.count else { return NameHash.basis }
        return NameHash.of(bytes, from: start, to: end)
    }
}
