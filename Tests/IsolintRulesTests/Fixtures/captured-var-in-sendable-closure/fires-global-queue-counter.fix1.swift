// compile: linux
import Foundation
import Synchronization

final class Metrics: Sendable {
    let hits = Mutex(0)
}

/// Counting on a global queue: the closure is @Sendable, the var is shared with the caller.
func countLines(_ lines: [String], done: @escaping @Sendable (Int) -> Void) {
    let count = Mutex(0)
    DispatchQueue.global().async {
        for line in lines where !line.isEmpty {
            count.withLock { $0 += 1 }
        }
        done(count.withLock({ $0 }))
    }
}
