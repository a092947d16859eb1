// compile: linux
import Foundation

@MainActor
final class Ticker {
    var value = 0
    private var loop: Task<Void, Never>?

    func start(values: AsyncStream<Int>) {
        // The guard is inside the loop: self is strong only for one iteration.
        loop = Task { [weak self] in
            for await v in values {
                guard let self else { return }
                self.value = v
            }
        }
    }

    func refreshOnce(load: @escaping @Sendable () async -> Int) {
        // No loop after the guard: the task ends after one await.
        Task { [weak self] in
            let v = await load()
            guard let self else { return }
            self.value = v
        }
    }

    func chain(values: AsyncStream<Int>) {
        // Optional chaining keeps self weak through the loop.
        loop = Task { [weak self] in
            for await v in values {
                self?.value = v
            }
        }
    }
}
