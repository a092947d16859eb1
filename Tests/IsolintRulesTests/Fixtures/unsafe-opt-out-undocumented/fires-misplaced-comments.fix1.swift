// compile: linux
import Foundation

// Safety: <what makes this race-free>
final class MetricsBuffer: @unchecked Sendable {
    // All access goes through `lock`. (Inside the body: not where reviewers look for it.)
    private let lock = NSLock()
    private var samples: [Double] = []

    func append(_ sample: Double) {
        lock.withLock { samples.append(sample) }
    }
}

enum Telemetry {
    // Safety: the lock below is created once and never replaced.
    static let flushLock = NSLock()
    nonisolated(unsafe) static var pendingEvents: [String] = []

    nonisolated(unsafe) static var sessionStart =
        Date() // set at launch
}

#if DEBUG
final class FixtureLoader: @unchecked Sendable {
    var loaded: [String: Data] = [:]
}
#endif
