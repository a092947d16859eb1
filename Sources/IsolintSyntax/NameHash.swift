/// A 64-bit hash of a name's UTF-8 bytes (FNV-1a), the same for a token's text and for the
/// `String` of that text: lets a rule ask a workspace-wide filter about a token without making a
/// `String` for it (most identifiers name nothing the filter holds).
public enum NameHash {
    @inlinable
    public static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    public static func of(_ name: String) -> UInt64 {
        var copy = name
        return copy.withUTF8 { of($0) }
    }
}

extension SyntaxTree {
    /// `NameHash.of(text(token:))`, without the `String`: the token's bytes, backticks dropped.
    @inlinable
    public func nameHash(token: Int32) -> UInt64 {
        guard token >= 0, Int(token) < tokens.count else { return NameHash.of("") }
        var r = tokens[Int(token)].range
        if tokens[Int(token)].flags.contains(.backticked), r.count >= 2 { r = (r.lowerBound + 1)..<(r.upperBound - 1) }
        guard r.lowerBound >= 0, r.lowerBound <= r.upperBound, r.upperBound <= source.bytes.count else {
            return NameHash.of("")
        }
        return source.bytes.withUnsafeBufferPointer { NameHash.of(UnsafeBufferPointer(rebasing: $0[r])) }
    }
}
