// compile: linux
import Foundation

/// Forwarded only to functions that keep the closure in its own domain.
@MainActor
final class Coordinator {
    var pending: [() -> Void] = []

    func whenReady(_ work: @escaping () -> Void) {
        enqueue(work)
    }

    func enqueue(_ work: @escaping () -> Void) {
        pending.append(work)
        Task { work() }
    }
}

func relay(_ f: @escaping () -> Void) {
    keep(f)
}

func keep(_ f: @escaping () -> Void) {
    let saved = f
    saved()
}

func viaSendable(_ f: @escaping @Sendable () -> Void) {
    Task.detached { f() }
}

func unknownCallee(_ f: @escaping () -> Void) {
    someLibraryFunction(f)
}

func someLibraryFunction(_ f: () -> Void) { f() }
