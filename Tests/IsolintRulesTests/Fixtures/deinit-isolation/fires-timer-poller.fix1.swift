// compile: linux
import Foundation

/// Polls the server for new messages while the inbox is on screen.
@MainActor
final class InboxPoller {
    private var timer: Timer?
    private(set) var pollCount = 0

    func start(interval: TimeInterval) {
        timer?.invalidate()
        timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated {
                self?.poll()
            }
        }
    }

    func stop() {
        timer?.invalidate()
        timer = nil
    }

    private func poll() {
        pollCount += 1
    }

    isolated deinit {
        timer?.invalidate()
    }
}
