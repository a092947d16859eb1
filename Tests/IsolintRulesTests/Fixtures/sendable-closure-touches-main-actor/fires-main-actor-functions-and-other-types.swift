import Foundation

@MainActor func showBanner(_ text: String) {}

@MainActor
final class Store {
    static let shared = Store()
    func refresh() {}
    nonisolated static let name = "store"
}

/// Calls to main-actor free functions and to other workspace types' main-actor members count
/// like `self` members do; a `nonisolated static let` does not.
@MainActor
final class SyncController {
    func start() {
        DispatchQueue.global().async { // expect: sendable-closure-touches-main-actor@9
            showBanner("syncing")
        }
        DispatchQueue.global().async { // expect: sendable-closure-touches-main-actor@9
            Store.shared.refresh()
        }
        DispatchQueue.global().async {
            print(Store.name)
        }
    }
}
