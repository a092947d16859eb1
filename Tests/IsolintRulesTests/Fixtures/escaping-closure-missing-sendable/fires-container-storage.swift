import Foundation

enum Pending {
    case idle
    case waiting(id: Int, handler: () -> Void)
}

/// Closures stored inside a tuple or an enum payload of a Sendable type's state count too.
final class Dispatcher: @unchecked Sendable {
    private let lock = NSLock()
    private var current: (Int, () -> Void)? // expect: escaping-closure-missing-sendable@13
    private var state: Pending = .idle // expect: escaping-closure-missing-sendable@13

    func hold(id: Int, _ handler: @escaping () -> Void) { // expect: escaping-closure-missing-sendable@26
        lock.withLock { current = (id, handler) }
    }

    func park(id: Int, _ handler: @escaping () -> Void) { // expect: escaping-closure-missing-sendable@26
        lock.withLock { state = .waiting(id: id, handler: handler) }
    }
}

final class Registry: Sendable {
    let handlers: [String: () -> Void] // expect: escaping-closure-missing-sendable@5
    let pending: Pending // expect: escaping-closure-missing-sendable@5

    init(handlers: [String: () -> Void], pending: Pending) {
        self.handlers = handlers
        self.pending = pending
    }
}
