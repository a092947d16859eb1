// compile: linux
import Foundation

@MainActor
final class Player {
    var position = 0
    private var ticker: Task<Void, Never>?
    private var preload: Task<Void, Never>?
    private var tasks: [Task<Void, Never>] = []

    func play(ticks: AsyncStream<Int>) {
        ticker = Task { [weak self] in
            for await t in ticks { self?.position = t }
        }
        // One-shot work: it ends by itself.
        preload = Task { [weak self] in
            self?.position = 0
        }
    }

    func stop() {
        ticker?.cancel()
        ticker = nil
    }
}

@MainActor
final class Bag {
    private var loop: Task<Void, Never>?

    func start(values: AsyncStream<Int>) {
        loop = Task {
            for await v in values { print(v) }
        }
    }

    deinit {
        loop?.cancel()
    }
}

@MainActor
final class Screens {
    // Program-lifetime by design: a static poller has no owner to outlive.
    private static let poller = Task { @MainActor in
        while true {
            try? await Task.sleep(nanoseconds: 100_000_000)
        }
    }
}
