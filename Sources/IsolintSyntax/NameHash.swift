/// A 64-bit hash of a name's UTF-8 bytes, the same for a token's text and for the `String` of
/// that text: lets a rule ask a workspace-wide filter about a token without making a `String`
/// for it (most identifiers name nothing the filter holds).
public enum NameHash {
    /// The hash of no bytes.
    @inlinable public static var basis: UInt64 { of(UnsafeBufferPointer(start: nil, count: 0)) }

    @inlinable
    public static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 { of(bytes, from: 0, to: bytes.count) }

    /// The hash of `bytes[start..<end]` (the caller checks the bounds), by index: a rebased slice
    /// iterated cost a token's hash as much again. Eight bytes at a time (little-endian words,
    /// the last one zero-filled), then mixed: a byte-at-a-time hash (FNV-1a) waited on one
    /// multiplication per byte, and names are hashed millions of times a run. The words past
    /// `end` are read only while they lie inside `bytes`.
    @inlinable
    static func of(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> UInt64 {
        var h = 0xcbf2_9ce4_8422_2325 ^ UInt64(truncatingIfNeeded: end &- start)
        guard start < end, let base = bytes.baseAddress else { return mixed(h) }
        let raw = UnsafeRawPointer(base)
        var k = start
        while end &- k >= 8 {
            h = step(h, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)))
            k &+= 8
        }
        let left = end &- k
        if left > 0 {
            var w: UInt64 = 0
            if bytes.count &- k >= 8 {
                let whole = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt64.self))
                w = whole & (UInt64.max >> UInt64(64 &- 8 &* left))
            } else {
                for j in 0..<left { w |= UInt64(base[k &+ j]) << UInt64(8 &* j) }
            }
            h = step(h, w)
        }
        return mixed(h)
    }

    @inlinable @inline(__always)
    static func step(_ h: UInt64, _ word: UInt64) -> UInt64 {
        let m = (h ^ word) &* 0x9e37_79b9_7f4a_7c15
        return m ^ (m >> 31)
    }

    /// Every bit of the input reaches the low and the middle bits (the filters' bit positions).
    @inlinable @inline(__always)
    static func mixed(_ h: UInt64) -> UInt64 {
        let m = (h ^ (h >> 29)) &* 0xbf58_476d_1ce4_e5b9
        return m ^ (m >> 32)
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
