// compile: linux
import Foundation

/// The signed-in session; equality is by identity and creation time.
@MainActor
final class AccountSession: @MainActor Equatable {
    let id: UUID
    let createdAt: Date
    var displayName: String

    init(id: UUID = UUID(), displayName: String) {
        self.id = id
        self.createdAt = Date()
        self.displayName = displayName
    }

    static func == (lhs: AccountSession, rhs: AccountSession) -> Bool {
        lhs.id == rhs.id && lhs.createdAt == rhs.createdAt
    }
}
