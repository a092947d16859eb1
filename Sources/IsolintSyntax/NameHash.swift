/// A 64-bit hash of a name's UTF-8 bytes (FNV-1a), the same for a token's text and for the
/// `String` of that text: lets a rule ask a workspace-wide filter about a token without making a
/// `String` for it (most identifiers name nothing the filter holds).
public enum NameHash {
    /// FNV-1a's offset basis: the hash of no bytes.
    @inlinable public static var basis: UInt64 { 0xcbf2_9ce4_8422_2325 }
    @inlinable static var prime: UInt64 { 0x100_0000_01b3 }

    @inlinable
    public static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h = basis
        for b in bytes { h = (h ^ UInt64(b)) &* prime }
        return h
    }

    public static func of(_ name: String) -> UInt64 {
        var copy = name
        return copy.withUTF8 { of($0) }
    }
}

extension SyntaxTree {
    /// `NameHash.of(text(token:))`, without the `String`: the token's bytes, backticks dropped.
    /// Asked of a million tokens in a lint run: one read of the token, the bytes hashed in place
    /// (no slice of them rebased, no `String` for the empty answer).
    @inlinable
    public func nameHash(token: Int32) -> UInt64 {
        guard token >= 0, Int(token) < tokens.count else { return NameHash.basis }
        let t = tokens[Int(token)]
        var start = Int(t.start)
        var end = Int(t.end)
        if t.flags.contains(.backticked), end - start >= 2 {
            start += 1
            end -= 1
        }
        return source.bytes.withUnsafeBufferPointer { p in
            guard start >= 0, start <= end, end <= p.count else { return NameHash.basis }
            var h = NameHash.basis
            var k = start
            while k < end {
                h = (h ^ UInt64(p[k])) &* NameHash.prime
                k += 1
            }
            return h
        }
    }
}
