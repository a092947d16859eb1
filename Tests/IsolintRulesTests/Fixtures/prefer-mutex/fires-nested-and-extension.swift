// compile: linux
import Foundation

enum Downloads {
    @available(macOS 13, iOS 16, *)
    final class ProgressTable: @unchecked Sendable { // expect: prefer-mutex@11
        private let lock = NSLock()
        private var fractions: [URL: Double] = [:]
        private let group = DispatchGroup()

        func set(_ fraction: Double, for url: URL) {
            lock.withLock { fractions[url] = fraction }
        }
    }
}

final class SessionTokens { // expect: prefer-mutex@7
    private let lock = NSLock()
    private var accessToken: String?

    func update(_ token: String?) {
        lock.lock()
        accessToken = token
        lock.unlock()
    }
}

// Safety: every access to `accessToken` holds `lock`.
extension SessionTokens: @unchecked Sendable {}

#if DEBUG
final class StubResponses: @unchecked Sendable { // expect: prefer-mutex@7
    private let lock = NSLock()
    private var responses: [String: Data] = [:]

    func register(_ data: Data, for path: String) {
        lock.withLock { responses[path] = data }
    }
}
#endif
