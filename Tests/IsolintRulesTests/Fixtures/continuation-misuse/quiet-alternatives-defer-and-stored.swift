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

/// Callbacks that run more than once: a progress handler that says when it is done, an image
/// loader that delivers a degraded image first.
final class RepeatedCallbacks {
    func write(_ data: [UInt8], handler: @escaping (Bool, Int32) -> Void) {
        handler(false, 0)
        handler(true, 0)
    }

    func requestImage(_ handler: @escaping (String?, [String: Any]?) -> Void) {
        handler("low", nil)
        handler("high", nil)
    }

    func write(_ data: [UInt8]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            write(data) { done, error in
                guard error == 0 else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                if done {
                    continuation.resume()
                }
            }
        }
    }

    func image() async -> String? {
        await withCheckedContinuation { continuation in
            var didResume = false
            requestImage { image, _ in
                guard !didResume else { return }
                didResume = true
                continuation.resume(returning: image)
            }
        }
    }
}
