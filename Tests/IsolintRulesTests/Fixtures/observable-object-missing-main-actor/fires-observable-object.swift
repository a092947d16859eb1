import Combine
import Foundation

protocol SettingsStore: Sendable {
    func save(notificationsEnabled: Bool) async throws
}

/// Drives the settings screen.
@available(iOS 16.0, macOS 13.0, *)
final class SettingsViewModel: ObservableObject { // expect: observable-object-missing-main-actor@7
    @Published var notificationsEnabled = true
    @Published private(set) var isSaving = false
    @Published private(set) var errorMessage: String?

    private let store: any SettingsStore

    init(store: any SettingsStore) {
        self.store = store
    }

    func save() {
        isSaving = true
        Task {
            do {
                try await store.save(notificationsEnabled: notificationsEnabled)
            } catch {
                errorMessage = error.localizedDescription
            }
            isSaving = false
        }
    }
}

class LegacyCartModel: ObservableObject { // expect: observable-object-missing-main-actor@1
    private(set) var itemCount = 0

    func add() {
        objectWillChange.send()
        itemCount += 1
    }
}
