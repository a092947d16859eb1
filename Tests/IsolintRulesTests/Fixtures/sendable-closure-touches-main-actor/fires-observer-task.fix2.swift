import Foundation

/// Reloads when the system clock changes; the token is kept to remove the observer later.
@MainActor
final class AgendaModel {
    private(set) var reloads = 0
    private var token: NSObjectProtocol?

    func observe() {
        // TODO(isolint): store this Task<Void, Never> instead (and cancel it where the observer was removed)
        token = Task { @MainActor [weak self] in
            for await note in NotificationCenter.default.notifications(named: .NSSystemClockDidChange) {
                guard let self else { return }
                self.reloads += 1
                print(note.name)
            }
        }
    }
}
