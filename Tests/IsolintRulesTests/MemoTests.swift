import Foundation
import Testing

@testable import IsolintRules

/// The memos of a file's model (one lock for all of them) and the process's cache of parsed
/// type texts.
@Suite("Memos and the type-text cache")
struct MemoTests {
    /// A memo computed from another that shares its lock: the lock is not held while computing
    /// (held, this would wait for itself forever).
    @Test func memosSharingALockAskEachOtherWhileComputing() {
        let lock = NSLock()
        let base = Memo<Int>(lock: lock)
        let derived = Memo<Int>(lock: lock)
        let table = MemoTable<Int, Int>(lock: lock)
        let made = Counter()
        let value = derived.get {
            made.add()
            return base.get {
                made.add(); return 20
            }
                + table.get(1) {
                    made.add(); return 22
                }
        }
        #expect(value == 42)
        #expect(
            derived.get {
                made.add(); return 0
            } == 42)
        #expect(
            table.get(1) {
                made.add(); return 0
            } == 22)
        #expect(made.value == 3)
    }

    /// Asked from many threads at once, every caller gets the one value kept.
    @Test func aMemoAskedConcurrentlyAnswersOneValue() {
        let memo = Memo<[Int]>()
        let answers = Answers()
        DispatchQueue.concurrentPerform(iterations: 64) { k in answers.add(memo.get { [k] }) }
        #expect(Set(answers.all).count == 1)
    }

    @Test func aTypeTextIsParsedOnceAndAnsweredAsTheParserReadsIt() {
        let cache = TypeTextCache()
        let made = Counter()
        func parse(_ text: String) -> TypeExpr {
            cache.parse(text) { text in
                made.add()
                var copy = text
                return copy.withUTF8 { TypeExpr.parse(utf8: $0) }
            }
        }
        let texts = ["String", "[String: Any]", "((Result<Data, Error>) -> Void)?", "Int", "any P & Q"]
        for text in texts + texts {
            var copy = text
            #expect(parse(text) == copy.withUTF8 { TypeExpr.parse(utf8: $0) }, "\(text)")
        }
        #expect(made.value == texts.count)
        #expect(cache.count == texts.count)
    }

    /// Past the bound, texts are parsed each time and not kept.
    @Test func theTypeTextCacheIsBounded() {
        let cache = TypeTextCache()
        let bound = 16 * TypeTextCache.shardLimit
        for k in 0..<(bound + 5_000) {
            _ = cache.parse("T\(k)") { _ in .unknown }
        }
        #expect(cache.count <= bound)
        #expect(cache.count > bound / 2)
        let made = Counter()
        let text = "Unkept<\(bound)>"
        var answers: [TypeExpr] = []
        for _ in 0..<3 {
            answers.append(
                cache.parse(text) { _ in
                    made.add(); return .nominal([.init("Unkept")])
                })
        }
        #expect(answers == Array(repeating: TypeExpr.nominal([.init("Unkept")]), count: 3))
        // Kept when its shard had room, else parsed each time.
        #expect(made.value == 1 || made.value == 3)
    }
}

// Safety: `n` is only read and written while holding `lock`.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.withLock { n += 1 } }
    var value: Int { lock.withLock { n } }
}

// Safety: `values` is only read and written while holding `lock`.
private final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [[Int]] = []
    func add(_ v: [Int]) { lock.withLock { values.append(v) } }
    var all: [[Int]] { lock.withLock { values } }
}
