// compile: linux
import Foundation
import Synchronization

final class Metrics: Sendable {
    let hits = Mutex(0)
}

/// Counting on a global queue: the closure is @Sendable, the var is shared with the caller.
func countLines(_ lines: [String], done: @escaping @Sendable (Int) -> Void) {
    var count = 0
    DispatchQueue.global().async { // expect: captured-var-in-sendable-closure@5
        for line in lines where !line.isEmpty {
            count += 1
        }
        done(count)
    }
}
