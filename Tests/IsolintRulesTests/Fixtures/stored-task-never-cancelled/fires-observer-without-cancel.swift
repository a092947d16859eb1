// compile: linux
import Foundation

/// Listens for settings changes; the task runs on after the store is gone from every screen.
@MainActor
final class SettingsStore {
    var theme = "light"
    private var listener: Task<Void, Never>? // expect: stored-task-never-cancelled@13

    func listen(changes: AsyncStream<String>) {
        listener = Task { [weak self] in
            for await theme in changes {
                self?.theme = theme
            }
        }
    }
}
