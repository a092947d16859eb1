// compile: linux
import Foundation

struct AuthToken: Sendable, Equatable {
    let value: String
    let expiresAt: Date
}

/// Holds the signed-in user's token. Written by the login flow, read by every request.
enum SessionStore {
    @MainActor static var currentToken: AuthToken?

    @MainActor
    static func signIn(with token: AuthToken) {
        currentToken = token
    }

    @MainActor
    static func signOut() {
        currentToken = nil
    }

    @MainActor
    static var isSignedIn: Bool {
        guard let token = currentToken else { return false }
        return token.expiresAt > Date()
    }
}
