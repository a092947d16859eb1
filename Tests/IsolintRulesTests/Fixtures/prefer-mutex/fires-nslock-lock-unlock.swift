// compile: linux
import Foundation

/// Allows at most `limit` calls per rolling window.
final class RateLimiter: @unchecked Sendable { // expect: prefer-mutex@7
    private let stateLock: NSLock
    private var timestamps: [Date] = []
    let limit: Int
    let window: TimeInterval

    init(limit: Int, window: TimeInterval) {
        self.limit = limit
        self.window = window
        stateLock = NSLock()
        stateLock.name = "RateLimiter.state"
    }

    func allow(now: Date = Date()) -> Bool {
        stateLock.lock()
        defer { stateLock.unlock() }
        timestamps.removeAll { now.timeIntervalSince($0) > window }
        guard timestamps.count < limit else { return false }
        timestamps.append(now)
        return true
    }
}
