// compile: linux
import Foundation

final class SessionStore: @unchecked Sendable {
    // Safety: the store is only used from the main actor in this sample.
    var tokens: [String] = []
}

@MainActor
final class UploadSession {
    private let store: SessionStore
    private var pending: [URL] = []
    private var cancelled = false

    init(store: SessionStore) {
        self.store = store
    }

    func enqueue(_ url: URL) {
        pending.append(url)
    }

    func tearDown() {
        cancelled = true
        pending.removeAll()
    }

    var isIdle: Bool { pending.isEmpty }

    isolated deinit {
        if !isIdle {
            self.tearDown()
        }
        print(store.tokens.count)
    }
}
