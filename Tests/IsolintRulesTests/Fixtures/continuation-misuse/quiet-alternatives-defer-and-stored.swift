import Foundation

final class AlertPresenter {
    struct Action {
        let title: String
        let handler: () -> Void
    }

    var pending: CheckedContinuation<Bool, Never>?

    func present(_ actions: [Action]) {}

    /// Two actions, one runs: each resumes once.
    func confirm(_ message: String) async -> Bool {
        await withCheckedContinuation { continuation in
            present([
                Action(title: "Cancel", handler: { continuation.resume(returning: false) }),
                Action(title: "OK", handler: { continuation.resume(returning: true) }),
            ])
        }
    }

    /// Resumed by a `defer` on every path.
    func pause(_ seconds: Double) async {
        await withCheckedContinuation { continuation in
            defer { continuation.resume() }
            guard seconds > 0 else { return }
            Thread.sleep(forTimeInterval: seconds)
        }
    }

    /// Stored for a delegate callback: resumed elsewhere, which the analysis does not follow.
    func waitForChoice() async -> Bool {
        await withCheckedContinuation { continuation in
            pending = continuation
        }
    }

    func choose(_ value: Bool) {
        pending?.resume(returning: value)
        pending = nil
    }
}
