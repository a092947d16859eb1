/// A file's tokens and comments packed into bytes (about five a token, where a `Token` and its
/// bracket partner take sixteen), with a digest of the text they were lexed from. A run keeps them,
/// within a `PackedTree`, for each file whose tree it cannot keep between its phases.
///
/// A token is a record of fixed fields, so that decoding one is a few loads, not a loop per
/// value: its kind, keyword and flags, a byte each, then its start's distance from the previous
/// token's start and its length, a byte each when both fit (nearly always), else four each, the
/// kind's top bit telling which. A comment is its start's distance from the previous comment's
/// and its length (LEB128: any `Int32` round-trips, in at most five bytes), then one byte for
/// `isBlock` and `isDoc`.
struct PackedTokens: Sendable {
    private let bytes: [UInt8]
    private let tokenCount: Int
    private let commentCount: Int
    private let interpolatedStringEnds: [Int32: Int32]
    private let interpolationSpans: [Range<Int32>]
    private let longLookaheads: [Int32]
    private let sourceCount: Int
    private let sourceDigest: UInt64

    /// Packs the tokens of a parsed file.
    init(_ tree: SyntaxTree) { self.init(tree.stream, source: tree.source.bytes) }

    /// Packs `stream`, lexed from `source` (its `matching` is made again on unpacking, as the
    /// tokens are).
    init(_ stream: TokenStream, source: [UInt8]) {
        // Written through a pointer to room for the longest encoding, then copied to an array of
        // the exact size (appending byte by byte was most of the cost; an array grown as it goes
        // keeps up to half its bytes unused). `padding` zero bytes follow, so that the reader
        // checks its bounds once a token (no token reads more than `padding` bytes).
        let most = stream.tokens.count * Self.longToken + stream.comments.count * 11 + Self.padding
        bytes = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: most) { scratch -> [UInt8] in
            guard let base = scratch.baseAddress else { return [UInt8](repeating: 0, count: Self.padding) }
            var w = base
            var previous: Int32 = 0
            stream.tokens.withUnsafeBufferPointer { tokens in
                for t in tokens {
                    let delta = t.start &- previous
                    let length = t.end &- t.start
                    w[1] = t.keyword.rawValue
                    w[2] = t.flags.rawValue
                    if UInt32(bitPattern: delta) < 256, UInt32(bitPattern: length) < 256 {
                        w[0] = t.kind.rawValue
                        w[3] = UInt8(truncatingIfNeeded: delta)
                        w[4] = UInt8(truncatingIfNeeded: length)
                        w += Self.shortToken
                    } else {
                        w[0] = t.kind.rawValue | Self.long
                        UnsafeMutableRawPointer(w + 3).storeBytes(of: delta.littleEndian, as: Int32.self)
                        UnsafeMutableRawPointer(w + 7).storeBytes(of: length.littleEndian, as: Int32.self)
                        w += Self.longToken
                    }
                    previous = t.start
                }
            }
            previous = 0
            for c in stream.comments {
                Self.put(c.start &- previous, &w)
                Self.put(c.end &- c.start, &w)
                w.pointee = (c.isBlock ? 1 : 0) | (c.isDoc ? 2 : 0)
                w += 1
                previous = c.start
            }
            w.initialize(repeating: 0, count: Self.padding)
            w += Self.padding
            return [UInt8](UnsafeBufferPointer(start: base, count: w - base))
        }
        tokenCount = stream.tokens.count
        commentCount = stream.comments.count
        interpolatedStringEnds = stream.interpolatedStringEnds
        interpolationSpans = stream.interpolationSpans
        longLookaheads = stream.longLookaheads
        sourceCount = source.count
        sourceDigest = ContentDigest.of(source)
    }

    /// Each byte's kind and keyword, if any (a table: `init(rawValue:)` of a long enumeration is
    /// a call and a search, a sixth of the time unpacking took).
    private static let kinds: [TokenKind?] = (0...255).map { TokenKind(rawValue: UInt8($0)) }
    private static let keywords: [Keyword?] = (0...255).map { Keyword(rawValue: UInt8($0)) }

    /// The kind byte's bit that marks a long record (no token kind has it), and the two sizes.
    private static let long: UInt8 = 0x80
    private static let shortToken = 5
    private static let longToken = 11

    /// Zero bytes after the last token or comment: more than any one of them reads.
    private static let padding = 16

    /// The bytes this takes in memory (beyond a few words).
    var packedCount: Int { bytes.count }

    /// The stream again, if `source` is the text it was lexed from; nil for another text (the
    /// file changed between the two reads): it is then lexed anew.
    func unpack(for source: [UInt8]) -> TokenStream? {
        guard source.count == sourceCount, ContentDigest.of(source) == sourceDigest else { return nil }
        return bytes.withUnsafeBufferPointer { unpack($0) }
    }

    private func unpack(_ p: UnsafeBufferPointer<UInt8>) -> TokenStream? {
        guard let base = p.baseAddress, p.count >= Self.padding else { return nil }
        // Every token and comment starts before `end`; the padding holds what the last reads.
        let end = base + (p.count - Self.padding)
        var r = base
        var failed = false
        let (kinds, keywords) = (Self.kinds, Self.keywords)
        // Brackets are paired as each token is decoded (one pass over the tokens, not two).
        var matching = [Int32](repeating: -1, count: tokenCount)
        var matcher = BracketMatcher()
        let tokens = matching.withUnsafeMutableBufferPointer { match in
            [Token](unsafeUninitializedCapacity: tokenCount) { buffer, initialized in
                var start: Int32 = 0
                for k in 0..<tokenCount {
                    guard r < end else {
                        failed = true
                        return
                    }
                    let head = r[0]
                    let delta: Int32
                    let length: Int32
                    if head & Self.long == 0 {
                        delta = Int32(r[3])
                        length = Int32(r[4])
                    } else {
                        delta = Int32(littleEndian: UnsafeRawPointer(r + 3).loadUnaligned(as: Int32.self))
                        length = Int32(littleEndian: UnsafeRawPointer(r + 7).loadUnaligned(as: Int32.self))
                    }
                    guard let kind = kinds[Int(head & ~Self.long)], let keyword = keywords[Int(r[1])] else {
                        failed = true
                        return
                    }
                    start &+= delta
                    buffer.initializeElement(
                        at: k,
                        to: Token(
                            kind: kind, keyword: keyword, start: start, end: start &+ length,
                            flags: TokenFlags(rawValue: r[2])))
                    matcher.add(kind, at: Int32(truncatingIfNeeded: k), into: match)
                    r += head & Self.long == 0 ? Self.shortToken : Self.longToken
                    initialized = k + 1
                }
            }
        }
        guard !failed else { return nil }
        let comments = [Comment](unsafeUninitializedCapacity: commentCount) { buffer, initialized in
            var start: Int32 = 0
            for k in 0..<commentCount {
                guard r < end, let delta = Self.take(&r), let length = Self.take(&r) else {
                    failed = true
                    return
                }
                start &+= delta
                buffer.initializeElement(
                    at: k, to: Comment(start: start, end: start &+ length, isBlock: r[0] & 1 != 0, isDoc: r[0] & 2 != 0)
                )
                r += 1
                initialized = k + 1
            }
        }
        guard !failed, r == end else { return nil }
        return TokenStream(
            tokens: tokens, comments: comments, matching: matching,
            interpolatedStringEnds: interpolatedStringEnds, interpolationSpans: interpolationSpans,
            longLookaheads: longLookaheads)
    }

    /// LEB128 of the value's bits: 0–127 in one byte, any `Int32` in at most five.
    @inline(__always) private static func put(_ value: Int32, _ w: inout UnsafeMutablePointer<UInt8>) {
        var v = UInt32(bitPattern: value)
        while v >= 0x80 {
            w.pointee = UInt8(truncatingIfNeeded: v) | 0x80
            w += 1
            v >>= 7
        }
        w.pointee = UInt8(v)
        w += 1
    }

    /// The value `put` wrote at `r`, which it moves past; nil past five bytes (never written).
    @inline(__always) private static func take(_ r: inout UnsafePointer<UInt8>) -> Int32? {
        var b = r.pointee
        r += 1
        var v = UInt32(b)
        if b >= 0x80 {
            v &= 0x7F
            var shift: UInt32 = 7
            repeat {
                guard shift < 35 else { return nil }
                b = r.pointee
                r += 1
                v |= UInt32(b & 0x7F) &<< shift
                shift += 7
            } while b >= 0x80
        }
        return Int32(bitPattern: v)
    }
}
