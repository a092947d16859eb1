import Foundation

/// The closure reaches Task.detached two calls down: every function on the way needs @Sendable.
final class ReportService: Sendable {
    func refresh(onDone: @escaping () -> Void) { // expect: escaping-closure-missing-sendable@18
        schedule(after: 1, then: onDone)
    }

    func schedule(after seconds: Int, then work: @escaping () -> Void) { // expect: escaping-closure-missing-sendable@44
        runDetached(work)
    }

    func runDetached(_ body: @escaping () -> Void) { // expect: escaping-closure-missing-sendable@24
        Task.detached { body() }
    }
}
