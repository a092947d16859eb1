// compile: linux
import Foundation
import Synchronization

final class ResponseCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [URL: Data] = [:]

    func value(for url: URL) -> Data? {
        lock.withLock { entries[url] }
    }
}

final class ReentrantRegistry: @unchecked Sendable {
    private let lock: NSRecursiveLock = NSRecursiveLock()
    private var handlers: [String: Int] = [:]
}

final class FileWriter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "com.example.file-writer")
    private var pendingWrites: [Data] = []

    func enqueue(_ data: Data) {
        queue.async { self.pendingWrites.append(data) }
    }
}

final class LegacyCounter: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var count = 0
}

@available(macOS 15, iOS 18, *)
final class SessionState: @unchecked Sendable {
    private let state = Mutex<[String: String]>([:])
    private var lastRefresh: Date?
}

@available(macOS 15, iOS 18, *)
final class RequestCounter: @unchecked Sendable {
    private let total = Atomic<Int>(0)
    var label = "requests"
}

enum Storage {
    final class DiskIndex: @unchecked Sendable {
        private let ioQueue: DispatchQueue
        private var index: [String: Int] = [:]

        init(label: String) {
            ioQueue = DispatchQueue(label: label)
        }
    }
}
