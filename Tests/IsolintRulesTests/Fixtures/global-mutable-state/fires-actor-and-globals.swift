// compile: linux
import Foundation

var activeDownloadCount = 0 // expect: global-mutable-state@1

private var retryDelays: [TimeInterval] = [1, 2, 4, 8] // expect: global-mutable-state@9

#if DEBUG
/// Every request URL, shown in the debug menu.
var debugRequestLog: [URL] = [] // expect: global-mutable-state@1
#endif

actor MetricsStore {
    /// An actor isolates its instance members, not its static storage.
    static var flushInterval: Duration = .seconds(30) // expect: global-mutable-state@12

    private var samples: [Double] = []

    func record(_ value: Double) {
        samples.append(value)
    }

    func drain() -> [Double] {
        defer { samples.removeAll() }
        return samples
    }
}

func nextRetryDelay(attempt: Int) -> TimeInterval {
    retryDelays[min(attempt, retryDelays.count - 1)]
}
