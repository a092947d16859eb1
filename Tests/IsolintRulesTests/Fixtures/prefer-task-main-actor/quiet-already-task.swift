// compile: linux
import Foundation

@MainActor
final class DownloadBadge {
    private(set) var count = 0
    private(set) var pulse = false
    private var token: NSObjectProtocol?
    private var timer: Timer?

    func start() {
        token = NotificationCenter.default.addObserver(
            forName: Notification.Name("DownloadFinished"),
            object: nil,
            queue: nil
        ) { [weak self] _ in
            Task { @MainActor [weak self] in
                self?.count += 1
            }
        }

        timer = Timer.scheduledTimer(withTimeInterval: 5, repeats: true) { _ in
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) {
                self.pulse.toggle()
            }
        }

        DispatchQueue.global(qos: .utility).async {
            let pending = 3
            Task { @MainActor in
                self.count = pending
            }
        }
    }
}
