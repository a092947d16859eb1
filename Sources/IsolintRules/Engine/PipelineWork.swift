import Foundation
import IsolintSyntax

// How a run shares its work among cores: the workers of each phase, the merge of the index
// parts, the trees kept between the phases, and the trees parsed while the settings load.

/// Maps over `workers` tasks (default: all cores), keeping input order. Each worker takes the
/// next item as it frees up, so that one that drew large files does not leave the others idle at
/// the end; the workers live for the whole map, so no thread is woken per item (a task per item
/// cost a futex wake-up and a context switch each: several percent of a run).
public func parallelMap<T: Sendable, R: Sendable>(
    _ items: [T], workers requested: Int? = nil, _ transform: @escaping @Sendable (T) -> R
) async -> [R] {
    // No items (every file skipped as unreadable, say): no worker may index into them.
    guard !items.isEmpty else { return [] }
    let workers = max(1, min(requested ?? ProcessInfo.processInfo.activeProcessorCount, items.count))
    let queue = WorkQueue(count: items.count)
    return await withTaskGroup(of: [(Int, R)].self) { group in
        for _ in 0..<workers {
            group.addTask {
                var done: [(Int, R)] = []
                while let i = queue.next() { done.append((i, transform(items[i]))) }
                return done
            }
        }
        var results = [R?](repeating: nil, count: items.count)
        for await part in group {
            for (i, r) in part { results[i] = r }
        }
        return results.compactMap { $0 }
    }
}

/// Runs `first` on the calling thread while `second` runs on another; returns both results.
/// Not `DispatchQueue.concurrentPerform`: called inside another one, that runs its iterations one
/// after the other (the index's finalisation nests two such splits).
func concurrently<A, B: Sendable>(_ first: () -> A, _ second: @escaping @Sendable () -> B) -> (A, B) {
    let result = Memo<B>()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { _ = result.get(second) }
    let a = first()
    group.wait()
    return (a, result.get(second))
}

/// The indices `0..<count`, each handed out once, to whichever worker asks first.
// Safety: `taken` is only read and written while holding `lock`.
final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var taken = 0

    init(count: Int) { self.count = count }

    func next() -> Int? {
        lock.withLock {
            guard taken < count else { return nil }
            taken += 1
            return taken - 1
        }
    }
}

/// Index parts merged in input order as the workers hand them in: the merged index is the one
/// merging the list of parts gives, whatever order the workers finish in, but no list of every
/// part is held (memory) and the merging is done beside the other workers' parsing instead of
/// after it, on one core. One worker at a time merges, outside the lock: a worker that hands in
/// a part while another merges leaves it to that one and goes back to parsing (merging under the
/// lock made it wait, asleep, for the other's merge: a tenth of a core through the parse phase).
// Safety: `next`, `waiting` and `merging` are only touched while holding `lock`; `merged` only by
// the one worker that set `merging` (handed over through the lock) or, once every part is in and
// no worker merges, by `index` under the lock.
final class OrderedMerge: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    /// Parts that came before the ones ahead of them (nil: the file could not be read).
    private var waiting: [Int: WorkspaceIndex?] = [:]
    private var merging = false
    private var merged = WorkspaceIndex()

    /// Hands in input `i`'s part (nil for an input without one); unless another worker is merging
    /// (it then takes this part too), merges every part now in order.
    func add(_ i: Int, _ part: WorkspaceIndex?) {
        var ready = lock.withLock {
            waiting[i] = .some(part)
            return merging ? [] : takeReady()
        }
        while !ready.isEmpty {
            for part in ready { merged.merge(part) }
            ready = lock.withLock { takeReady() }
        }
    }

    /// The parts next in order, now waiting; `merging` is set while there are some. Under `lock`.
    private func takeReady() -> [WorkspaceIndex] {
        var ready: [WorkspaceIndex] = []
        while let entry = waiting.removeValue(forKey: next) {
            if let part = entry { ready.append(part) }
            next += 1
        }
        merging = !ready.isEmpty
        return ready
    }

    /// The parts merged so far (every part, once every input was handed in).
    var index: WorkspaceIndex { lock.withLock { merged } }
}

/// The trees kept between a run's two phases, each taken once by the worker that lints its file.
// Safety: `trees` and `bytes` are only touched while holding `lock`.
public final class TreeShelf: @unchecked Sendable {
    private let lock = NSLock()
    private var trees: [SyntaxTree?]
    private var putBytes = 0

    init(_ trees: [SyntaxTree?]) { self.trees = trees }

    /// Puts input `i`'s tree on the shelf (nothing for an index out of range).
    func put(_ i: Int, _ tree: SyntaxTree) {
        lock.withLock {
            guard i >= 0, i < trees.count else { return }
            trees[i] = tree
            putBytes += tree.source.bytes.count
        }
    }

    func take(_ i: Int) -> SyntaxTree? {
        lock.withLock {
            guard i >= 0, i < trees.count else { return nil }
            let tree = trees[i]
            trees[i] = nil
            return tree
        }
    }

    /// The source bytes of the trees `put` on the shelf (what they count against a budget).
    var bytes: Int { lock.withLock { putBytes } }
}

/// How many bytes a run may still keep between its phases: trees, counted by their source bytes,
/// or packed tokens, by theirs (one budget each). A file's is kept while it fits in what is left;
/// after the first that does not, none is (the files asked about first, which are linted first,
/// are the ones kept). Decided as files are parsed, from the bytes read: a `stat` of every file
/// before the run was a serial tenth of a second per 40,000 files.
// Safety: `left` and `closed` are only touched while holding `lock`.
final class KeepBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var left: Int
    private var closed = false

    init(_ bytes: Int) { left = bytes }

    /// Whether nothing more will be admitted: what would be kept need not be made.
    var isClosed: Bool { lock.withLock { closed } }

    /// Whether something of `bytes` bytes may be kept (it is then counted).
    func admit(_ bytes: Int) -> Bool {
        lock.withLock {
            guard !closed, bytes <= left else {
                closed = true
                return false
            }
            left -= bytes
            return true
        }
    }
}

/// Trees of the first files of a run, read and parsed on a spare core while the command line
/// still reads the target settings (Package.swift, Xcode projects), which take one core for
/// tens of milliseconds. Only as many as the run may keep between its phases anyway (the budget
/// they take is the run's, see `TreeShelf.bytes`): no extra memory, no extra work.
// Safety: `stopped` is only read and written while holding `lock`; the shelf locks itself.
public final class TreePrefetch: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private let paths: [String]
    private let budget: Int
    /// The trees parsed so far, by input position.
    public let shelf: TreeShelf

    public init(paths: [String], budget: Int = Pipeline.treeBudget) {
        self.paths = paths
        self.budget = budget
        shelf = TreeShelf([SyntaxTree?](repeating: nil, count: paths.count))
    }

    /// Parses files in order until `stop()`, or until a file's tree would pass the budget.
    public func run() {
        let budget = KeepBudget(budget)
        for (i, path) in paths.enumerated() {
            if lock.withLock({ stopped }) { return }
            // A file that cannot be read is left to the run, which reports it.
            guard case .success(let source) = Pipeline.read(path: path) else { continue }
            guard budget.admit(source.bytes.count) else { return }
            shelf.put(i, Pipeline.parse(source))
        }
    }

    public func stop() { lock.withLock { stopped = true } }
}
