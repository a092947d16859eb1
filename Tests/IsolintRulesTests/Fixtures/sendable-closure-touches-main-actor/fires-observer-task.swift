import Foundation

/// Reloads when the system clock changes; the token is kept to remove the observer later.
@MainActor
final class AgendaModel {
    private(set) var reloads = 0
    private var token: NSObjectProtocol?

    func observe() {
        token = NotificationCenter.default.addObserver(forName: .NSSystemClockDidChange, object: nil, queue: nil) { note in // expect: sendable-closure-touches-main-actor@17
            self.reloads += 1
            print(note.name)
        }
    }
}
