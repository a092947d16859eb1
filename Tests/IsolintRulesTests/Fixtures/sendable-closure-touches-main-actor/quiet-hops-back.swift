// compile: linux
import Foundation

extension Notification.Name {
    static let sessionExpired = Notification.Name("SessionExpired")
}

@MainActor
final class SessionBanner {
    private(set) var isVisible = false
    private(set) var secondsRemaining = 60
    private(set) var cachedSummary = ""
    private var expiryToken: NSObjectProtocol?
    private var countdown: Timer?

    func show() {
        isVisible = true
    }

    func startObserving() {
        expiryToken = NotificationCenter.default.addObserver(
            forName: .sessionExpired,
            object: nil,
            queue: .main
        ) { [weak self] _ in
            MainActor.assumeIsolated {
                self?.show()
            }
        }

        countdown = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            Task { @MainActor in
                guard let self else { return }
                self.secondsRemaining -= 1
            }
        }
    }

    func rebuildSummary(lines: [String]) {
        DispatchQueue.global(qos: .utility).async {
            let summary = lines.joined(separator: "\n")
            DispatchQueue.main.async {
                self.cachedSummary = summary
            }
        }
    }
}
