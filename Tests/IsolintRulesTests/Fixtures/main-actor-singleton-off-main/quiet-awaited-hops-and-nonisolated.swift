// compile: linux
import Foundation

@MainActor
final class Store {
    static let shared = Store()
    nonisolated static let name = "store"
    let id = 1
    var count = 0
    func refresh() {}
    nonisolated func label() -> String { "Store" }
}

func awaited() async {
    await Store.shared.refresh()
    let c = await Store.shared.count
    print(c)
}

func hops() async {
    await MainActor.run {
        Store.shared.count += 1
    }
    Task { @MainActor in
        Store.shared.refresh()
    }
    DispatchQueue.main.async {
        MainActor.assumeIsolated { Store.shared.refresh() }
    }
}

func nonisolatedMembers() {
    print(Store.name)
}

@MainActor func onMain() {
    Store.shared.refresh()
    Task { Store.shared.refresh() }
}

@MainActor
final class ViewModel {
    func load() {
        Store.shared.count += 1
    }
}

final class NotIsolated {
    static let shared = NotIsolated()
    func work() {}
}

func plain() {
    NotIsolated.shared.work()
}
