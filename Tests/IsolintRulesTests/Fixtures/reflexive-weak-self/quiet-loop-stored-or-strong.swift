// compile: linux
import Foundation

@MainActor
final class Feed {
    var items: [Int] = []
    var pending: Task<Void, Never>?

    func follow(updates: AsyncStream<Int>) {
        // A loop: the weak capture matters.
        Task { [weak self] in
            for await u in updates { self?.items.append(u) }
        }
    }

    func prefetch() {
        // A stored handle: weak avoids a cycle through the property.
        pending = Task { [weak self] in
            self?.items.removeAll()
        }
    }

    func plain() {
        Task {
            items.append(1)
        }
    }
}

@MainActor
final class Sync {
    var status = ""
    var onResult: (@Sendable (String) -> Void)?

    func wire() {
        // Inside a weak closure, the inner [weak self] re-captures the optional by value: it is
        // what keeps the @Sendable task from capturing a var.
        onResult = { [weak self] text in
            Task { @MainActor [weak self] in
                self?.status = text
            }
        }
    }
}
