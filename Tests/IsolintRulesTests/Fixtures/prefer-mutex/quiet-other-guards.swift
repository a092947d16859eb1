// compile: linux
import Foundation
import Synchronization

final class TwoPhaseCache: @unchecked Sendable {
    private let readLock = NSLock()
    private let writeLock = NSLock()
    private var entries: [String: Data] = [:]
}

final class EventStream: @unchecked Sendable {
    private let lock = NSLock()
    private let deliveryQueue = DispatchQueue(label: "com.example.events.delivery")
    private var subscribers: [UUID: @Sendable (String) -> Void] = [:]

    func publish(_ event: String) {
        let targets = lock.withLock { Array(subscribers.values) }
        deliveryQueue.async {
            targets.forEach { $0(event) }
        }
    }
}

final class PluginRegistry: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var plugins: [String] = []

    func register(_ name: String) {
        lock.lock()
        defer { lock.unlock() }
        plugins.append(name)
    }
}

@available(macOS 15, iOS 18, *)
final class Scoreboard: Sendable {
    private let scores = Mutex<[String: Int]>([:])

    func add(_ points: Int, to player: String) {
        scores.withLock { $0[player, default: 0] += points }
    }
}

@available(macOS 15, iOS 18, *)
final class UploadStats: @unchecked Sendable {
    private let lock = NSLock()
    private let bytesSent = Atomic<Int>(0)
    private var failures: [URL] = []
}
