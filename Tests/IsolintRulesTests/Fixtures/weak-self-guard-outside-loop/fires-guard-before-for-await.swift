// compile: linux
import Foundation

/// Mirrors a price feed into observable state for as long as the screen is open.
@MainActor
final class PriceTicker {
    private(set) var lastPrice: Double = 0
    private var feedTask: Task<Void, Never>?

    func start(feed: AsyncStream<Double>) {
        feedTask = Task { [weak self] in
            guard let self else { return } // expect: weak-self-guard-outside-loop@13
            for await price in feed {
                self.lastPrice = price
            }
        }
    }

    func stop() {
        feedTask?.cancel()
    }
}
