// compile: linux
import Foundation

/// Polls a counter until cancelled; the old-style unwrap is just as strong.
@MainActor
final class SyncPoller {
    private var pollTask: Task<Void, Never>?
    var polls = 0

    func begin() {
        pollTask = Task { [weak self] in
            guard let self = self else { return } // expect: weak-self-guard-outside-loop@13
            while !Task.isCancelled {
                self.polls += 1
                try? await Task.sleep(nanoseconds: 1_000_000_000)
            }
        }
    }

    deinit {
        pollTask?.cancel()
    }
}
