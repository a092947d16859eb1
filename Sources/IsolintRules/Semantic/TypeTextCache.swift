import Foundation
import IsolintSyntax

/// Parsed type texts, shared by every file of a process: a workspace writes the same types over
/// and over (`String`, `[String: Any]`, `((Result<Data, Error>) -> Void)?`), and parsing one
/// (`TypeExpr.parse`) made two thousand instructions and a dozen allocations on average, where a
/// look-up makes a tenth of that; the index then holds one copy of each. Sharded, so that the
/// workers of a run seldom wait for one another; bounded, so that memory is too (past the bound a
/// text is parsed each time, as before).
// Safety: each shard's table is only read and written while holding that shard's lock.
final class TypeTextCache: @unchecked Sendable {
    static let shared = TypeTextCache()

    private static let shardCount = 16
    /// Entries per shard: 4,096 (64k texts in all, a few megabytes at most).
    static let shardLimit = 4_096

    /// A text with its `NameHash`, which the table hashes instead of the text (hashing a long
    /// type's text the library's way cost as much as parsing a short one).
    private struct Key: Hashable {
        let hash: UInt64
        let text: String
        static func == (a: Key, b: Key) -> Bool { a.hash == b.hash && a.text == b.text }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    private final class Shard {
        let lock = NSLock()
        /// Read and written under `lock`, which orders the accesses (no run-time check).
        @exclusivity(unchecked) var table: [Key: TypeExpr] = [:]
    }

    private let shards = (0..<TypeTextCache.shardCount).map { _ in Shard() }

    /// Forgets every text. For the lint fuzzer, whose leak check flags what an input leaves
    /// allocated: the cached types' storage is reached through enum payloads whose pointers carry
    /// tag bits, which the leak sanitizer does not recognise as references.
    func removeAll() { for shard in shards { shard.lock.withLock { shard.table = [:] } } }

    /// How many texts are kept (tests).
    var count: Int { shards.reduce(0) { n, shard in shard.lock.withLock { n + shard.table.count } } }

    /// The parse of `text`, from the cache when another caller parsed it before.
    func parse(_ text: String, _ make: (String) -> TypeExpr) -> TypeExpr {
        let key = Key(hash: NameHash.of(text), text: text)
        let shard = shards[Int(truncatingIfNeeded: key.hash >> 60) & (Self.shardCount - 1)]
        shard.lock.lock()
        if let hit = shard.table[key] {
            shard.lock.unlock()
            return hit
        }
        shard.lock.unlock()
        let parsed = make(text)
        shard.lock.lock()
        if shard.table.count < Self.shardLimit { shard.table[key] = parsed }
        shard.lock.unlock()
        return parsed
    }
}
