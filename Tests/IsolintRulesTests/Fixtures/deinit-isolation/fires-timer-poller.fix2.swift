// compile: linux
import Foundation

/// Polls the server for new messages while the inbox is on screen.
@MainActor
final class InboxPoller {
    private var timer: Task<Void, Never>?
    private(set) var pollCount = 0

    func start(interval: TimeInterval) {
        timer?.cancel()
        timer = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                guard let self, !Task.isCancelled else { return }
                self.poll()
            }
        }
    }

    func stop() {
        timer?.cancel()
        timer = nil
    }

    private func poll() {
        pollCount += 1
    }

    deinit {
        timer?.cancel()
    }
}
