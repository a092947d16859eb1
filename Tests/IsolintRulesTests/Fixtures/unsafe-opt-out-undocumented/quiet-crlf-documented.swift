// compile: linux
import Foundation

enum FeatureGate {
    // Safety: set once from the remote config bootstrap, before any task starts.
    nonisolated(unsafe) static var overrides: [String: Bool] = [:]

    nonisolated(unsafe) static var killSwitchEnabled = false // Safety: written only from tests.
}

// Safety: all mutable state is behind `lock`.
@available(macOS 13, iOS 16, *)
final class RateLimiter: @unchecked Sendable {
    private let lock = NSLock()
    private var tokens: Int

    init(tokens: Int) {
        self.tokens = tokens
    }

    func take() -> Bool {
        lock.withLock {
            guard tokens > 0 else { return false }
            tokens -= 1
            return true
        }
    }
}
