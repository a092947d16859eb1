// compile: linux
import Foundation

// Safety: <what makes this race-free>
@available(macOS 13, iOS 16, *)
final class ImageDecoder: @unchecked Sendable {
    private let queue = DispatchQueue(label: "com.example.decoder")
    private var decodedCount = 0

    func decode(_ data: Data, completion: @escaping @Sendable (Int) -> Void) {
        queue.async {
            self.decodedCount += 1
            completion(data.count)
        }
    }
}

final class KeychainItem {
    let service: String
    let account: String
    private var cachedSecret: String?

    init(service: String, account: String) {
        self.service = service
        self.account = account
    }
}

extension KeychainItem: @unchecked Sendable {}

struct UnsafeBox<Value>: @unchecked Sendable {
    let value: Value
}

// Wraps the C logging handle.

final class LogSink: NSObject, @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func write(_ line: String) {
        lock.withLock { lines.append(line) }
    }
}

enum Networking {
    final class RequestTracker: @unchecked Sendable {
        var inFlight: Set<UUID> = []
    }
}
