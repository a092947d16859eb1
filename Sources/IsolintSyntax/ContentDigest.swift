/// A 64-bit digest of a file's bytes, to tell whether a file read twice in one run is the same
/// text (not a cryptographic hash: it guards against edits, not attacks). Four lanes of eight
/// bytes at a time, a multiply and a rotate each: a fraction of a millisecond per megabyte.
public enum ContentDigest {
    public static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    public static func of(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        let n = raw.count
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (prime1, prime2, prime3, prime4)
        var i = 0
        while i + 32 <= n {
            lanes.0 = round(lanes.0, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            lanes.1 = round(lanes.1, raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
            lanes.2 = round(lanes.2, raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))
            lanes.3 = round(lanes.3, raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
            i += 32
        }
        var h = UInt64(truncatingIfNeeded: n) &* prime5
        h = round(h, lanes.0)
        h = round(h, lanes.1)
        h = round(h, lanes.2)
        h = round(h, lanes.3)
        while i + 8 <= n {
            h = round(h, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        while i < n {
            h = round(h, UInt64(raw[i]))
            i += 1
        }
        // Final mix, so that every input bit reaches every output bit.
        h ^= h >> 33
        h = h &* prime2
        h ^= h >> 29
        h = h &* prime3
        return h ^ (h >> 32)
    }

    @inline(__always) private static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let v = lane ^ (word &* prime2)
        return ((v << 31) | (v >> 33)) &* prime1
    }

    // The xxHash64 primes.
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5
}
