// fixture: defaultIsolation=MainActor target=executable
// compile: linux
import Foundation

var selectedAccountID: UUID?

final class AppState {
    static var launchCount = 0
    var isOnboarded = false
}

enum ScreenMetrics {
    static var lastKnownWidth = 390.0
}

extension AppState {
    static var current = AppState()
}

func recordLaunch() {
    AppState.launchCount += 1
    selectedAccountID = nil
}
