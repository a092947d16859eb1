// compile: linux
import Foundation

final class ImageLoader: @unchecked Sendable { // expect: unchecked-sendable-unguarded@7
    private var cache: [URL: Data] = [:]
    private var inFlight: Set<URL> = []
    let session: String

    init(session: String) {
        self.session = session
    }

    func cachedData(for url: URL) -> Data? {
        cache[url]
    }
}

protocol AnalyticsDelegate: AnyObject {
    func analyticsDidFlush(count: Int)
}

// Safety: only mutated during app launch.
final class AnalyticsClient: @unchecked Sendable { // expect: unchecked-sendable-unguarded@7
    var userID: String?
    weak var delegate: AnalyticsDelegate?
    lazy var encoder = JSONEncoder()
}

final class TokenRefresher: @unchecked Sendable { // expect: unchecked-sendable-unguarded@7
    private var token: String?

    func invalidate() {
        let lock = NSLock() // a new lock per call guards nothing
        lock.withLock { token = nil }
    }
}

class ObservableValue<Value>: @unchecked Sendable { // expect: unchecked-sendable-unguarded@1
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}

final class SyncOperation: NSObject, @unchecked Sendable { // expect: unchecked-sendable-unguarded@7
    private(set) var isCancelled = false

    func cancel() {
        isCancelled = true
    }
}
