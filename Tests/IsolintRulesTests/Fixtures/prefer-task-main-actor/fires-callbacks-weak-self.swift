// compile: linux
import Foundation

extension Notification.Name {
    static let batteryLevelDidChange = Notification.Name("BatteryLevelDidChange")
}

@MainActor
final class BatteryIndicator {
    private(set) var level: Float = 1
    private(set) var lastRefresh: Date?
    private var levelToken: NSObjectProtocol?
    private var refreshTimer: Timer?

    func refresh() {
        lastRefresh = Date()
    }

    func startObserving() {
        levelToken = NotificationCenter.default.addObserver(
            forName: .batteryLevelDidChange,
            object: nil,
            queue: nil
        ) { note in
            let level = note.userInfo?["level"] as? Float ?? 0
            DispatchQueue.main.async { [weak self] in // expect: prefer-task-main-actor@13
                self?.level = level
            }
        }

        refreshTimer = Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { _ in
            DispatchQueue.main.async { // expect: prefer-task-main-actor@13
                self.refresh()
            }
        }
    }
}
