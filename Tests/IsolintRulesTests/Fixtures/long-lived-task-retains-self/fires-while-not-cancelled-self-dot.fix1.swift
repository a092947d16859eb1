// compile: linux
import Foundation

@MainActor
final class Heartbeat {
    var beats = 0
    var task: Task<Void, Never>?

    init() {
        task = Task { [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                self.beats += 1
                try? await Task.sleep(nanoseconds: 500_000_000)
            }
        }
    }
}
