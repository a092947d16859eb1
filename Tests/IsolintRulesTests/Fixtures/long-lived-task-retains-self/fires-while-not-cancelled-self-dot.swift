// compile: linux
import Foundation

@MainActor
final class Heartbeat {
    var beats = 0
    var task: Task<Void, Never>?

    init() {
        task = Task { // expect: long-lived-task-retains-self@16
            while !Task.isCancelled {
                self.beats += 1
                try? await Task.sleep(nanoseconds: 500_000_000)
            }
        }
    }
}
