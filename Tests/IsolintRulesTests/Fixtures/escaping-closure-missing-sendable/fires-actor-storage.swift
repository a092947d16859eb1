// compile: linux
import Foundation

enum SyncEvent: Sendable {
    case started
    case finished(changes: Int)
}

actor SyncCoordinator {
    private var onIdle: (() -> Void)?
    private var observers: [(SyncEvent) -> Void] = []
    private var isSyncing = false

    func setIdleHandler(to handler: @escaping () -> Void) { // expect: escaping-closure-missing-sendable@28
        onIdle = handler
    }

    func addObserver(_ observer: @escaping (SyncEvent) -> Void) { // expect: escaping-closure-missing-sendable@24
        observers.append(observer)
    }

    func sync() async {
        isSyncing = true
        observers.forEach { $0(.started) }
        try? await Task.sleep(for: .milliseconds(200))
        observers.forEach { $0(.finished(changes: 0)) }
        isSyncing = false
        onIdle?()
    }
}
