// compile: linux
import Foundation

final class Heartbeat {
    private var timer: Timer?

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 5, repeats: true) { _ in }
    }

    // Not main-actor isolated: nothing crosses.
    deinit {
        timer?.invalidate()
    }
}

@MainActor
final class FeedModel {
    private var refreshTask: Task<Void, Never>?
    private let id = UUID()
    private let continuation: AsyncStream<Int>.Continuation
    nonisolated(unsafe) private var legacyTimer: Timer?
    let stream: AsyncStream<Int>

    init() {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        self.stream = stream
        self.continuation = continuation
    }

    nonisolated func log(_ message: String) {
        print(message)
    }

    deinit {
        refreshTask?.cancel()
        continuation.finish()
        legacyTimer?.invalidate()
        log("feed \(id) released")
    }
}

@MainActor
final class PlayerModel {
    private var timer: Timer?

    func stop() {
        timer?.invalidate()
    }

    isolated deinit {
        stop()
        timer?.invalidate()
    }
}
