// compile: linux
import Foundation

@MainActor
final class Counter {
    var count = 0

    // The unwrapping shares its line with the capture list's `in`: only its own text goes.
    func bump(work: @escaping @Sendable () async -> Void) {
        Task {
            await work()
            self.count += 1
        }
    }
}
