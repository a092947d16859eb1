// compile: linux
import Foundation

@MainActor
final class ProfileViewModel {
    private(set) var displayName = ""
    private var onSave: (() -> Void)?

    func reload(completion: @escaping () -> Void) {
        Task {
            try? await Task.sleep(for: .milliseconds(300))
            displayName = "Taylor"
            completion()
        }
    }

    func setSaveHandler(_ handler: @escaping () -> Void) {
        onSave = handler
    }

    func save() {
        onSave?()
    }
}

final class SettingsCoordinator {
    @MainActor
    func presentSettings(onDismiss: @escaping () -> Void) {
        Task {
            await Task.yield()
            onDismiss()
        }
    }
}
