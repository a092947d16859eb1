// compile: linux
import Foundation

struct RetryPolicy: Sendable {
    let maxAttempts: Int
    /// `nil` retries every error.
    let shouldRetry: (@Sendable (Error) -> Bool)?

    func allowsRetry(after error: Error, attempt: Int) -> Bool {
        attempt < maxAttempts && (shouldRetry?(error) ?? true)
    }
}

// Safety: `lock` guards `pendingAction`.
final class Debouncer: @unchecked Sendable {
    private let lock = NSLock()
    private var pendingAction: (() -> Void)?

    func schedule(_ action: @escaping @Sendable () -> Void) {
        lock.withLock { pendingAction = action }
    }

    func fire() {
        let action = lock.withLock { () -> (() -> Void)? in
            defer { pendingAction = nil }
            return pendingAction
        }
        action?()
    }
}

// Safety: all state is immutable after init.
final class UploadRequest: @unchecked Sendable {
    let fileURL: URL
    let onComplete: (Result<URL, Error>) -> Void

    init(
        fileURL: URL,
        onComplete: @escaping (Result<URL, Error>) -> Void
    ) {
        self.fileURL = fileURL
        self.onComplete = onComplete
    }
}
