// compile: linux
import Foundation

enum LaunchMetrics {
    // isolint:disable-next-line unsafe-opt-out-undocumentd // expect: unknown-rule-in-suppression@5
    nonisolated(unsafe) static var coldStartCount = 0

    nonisolated(unsafe) static var lastLaunch: Date? // isolint:disable-line unsafe-optout // expect: unknown-rule-in-suppression@54
    nonisolated(unsafe) static var welcomeTitle = "Willkommen zurück 👋" // isolint:disable-line global-mutable-stat // expect: unknown-rule-in-suppression@77
}

// isolint:disable-next-line unchecked-sendable-unguarded , prefer-mutexx // expect: unknown-rule-in-suppression@1
final class LaunchTimer: @unchecked Sendable {
    private let lock = NSLock()
    private var marks: [String: Date] = [:]

    func mark(_ name: String) {
        lock.withLock { marks[name] = Date() }
    }
}

@MainActor
final class SplashModel {
    private(set) var isVisible = true

    func dismiss() {
        //isolint:disable-next-line redundant-main-dispatchh // expect: unknown-rule-in-suppression@9
        DispatchQueue.main.async {
            self.isVisible = false
        }
    }
}
