// compile: linux
// fixture: upcoming=InferIsolatedConformances
import Foundation

protocol Syncing: AnyObject {
    func syncDidComplete(count: Int)
}

/// The compiler infers `@MainActor Equatable` and `@MainActor Syncing`: accepted.
@MainActor
final class Inbox: Equatable, Syncing {
    var unread = 0

    static func == (lhs: Inbox, rhs: Inbox) -> Bool { lhs.unread == rhs.unread }

    func syncDidComplete(count: Int) {
        unread += count
    }
}
