// compile: linux
import Foundation

@MainActor
final class Settings {
    static let shared = Settings()
    var theme = "light"
}

/// In async nonisolated code the fix hops with `await MainActor.run`.
@concurrent func exportTheme() async -> String {
    let theme = Settings.shared.theme // expect: main-actor-singleton-off-main@17
    return theme
}
