// compile: linux
import Foundation

@MainActor
final class ProfileScreen {
    var name = ""
    var saved = false

    func save(store: @escaping @Sendable (String) async -> Void) {
        Task { [weak self] in // expect: reflexive-weak-self@14
            guard let self else { return }
            await store(self.name)
            self.saved = true
        }
    }

    func refresh(load: @escaping @Sendable () async -> String) {
        Task { @MainActor [weak self] in // expect: reflexive-weak-self@14
            let fresh = await load()
            self?.name = fresh
            self?.markClean()
        }
    }

    func markClean() { saved = false }
}
