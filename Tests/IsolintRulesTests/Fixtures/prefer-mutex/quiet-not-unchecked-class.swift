// compile: linux
import Foundation

/// Not Sendable at all: the lock is an implementation detail of a single-threaded type.
final class UndoHistory {
    private let lock = NSLock()
    private var stack: [String] = []

    func push(_ entry: String) {
        lock.withLock { stack.append(entry) }
    }
}

// Safety: `lock` guards `value`; the struct is copied but the storage is shared by reference.
struct LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private let storage = Storage()

    final class Storage {
        var value = 0
    }

    func increment() {
        lock.withLock { storage.value += 1 }
    }
}

actor CheckpointWriter {
    private let fileLock = NSLock()
    private var lastCheckpoint: Date?
}

struct ConcurrencyNotes {
    // final class Store: @unchecked Sendable { private let lock = NSLock() ... } -> use Mutex
    let hint = "Replace `private let lock = NSLock()` with `Mutex` on iOS 18 / macOS 15."
}
