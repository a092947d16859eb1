// compile: linux
import Foundation

final class MetricsBuffer: @unchecked Sendable { // expect: unsafe-opt-out-undocumented@28
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
    nonisolated(unsafe) static var pendingEvents: [String] = [] // expect: unsafe-opt-out-undocumented@5

    nonisolated(unsafe) static var sessionStart = // expect: unsafe-opt-out-undocumented@5
        Date() // set at launch
}

#if DEBUG
final class FixtureLoader: @unchecked Sendable { // expect: unsafe-opt-out-undocumented@28
    var loaded: [String: Data] = [:]
}
#endif
