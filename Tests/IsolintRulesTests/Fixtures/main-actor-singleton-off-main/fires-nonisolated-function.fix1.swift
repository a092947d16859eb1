import Foundation

@MainActor
final class SessionStore {
    static let shared = SessionStore()
    var token: String?
    func refresh() {}
    nonisolated func describe() -> String { "store" }
}

/// A nonisolated helper reaching the main-actor singleton synchronously.
@MainActor func currentToken() -> String? {
    SessionStore.shared.token // expect: main-actor-singleton-off-main@5
}

actor Uploader {
    func upload() {
        SessionStore.shared.refresh() // expect: main-actor-singleton-off-main@9
    }
}

func background() {
    DispatchQueue.global().async {
        _ = SessionStore.shared // expect: main-actor-singleton-off-main@13
    }
}
