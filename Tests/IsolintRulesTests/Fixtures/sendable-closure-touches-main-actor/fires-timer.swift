// compile: linux
import Foundation

@MainActor
final class WorkoutSession {
    private(set) var elapsed: TimeInterval = 0
    private(set) var heartRateSamples: [Double] = []
    private var clock: Timer?
    private var sampler: Timer?

    func tick() {
        elapsed += 1
    }

    func start() {
        clock = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in // expect: sendable-closure-touches-main-actor@17
            self?.tick()
        }

        let sampler = Timer(timeInterval: 5, repeats: true) { [weak self] _ in // expect: sendable-closure-touches-main-actor@23
            guard let self else { return }
            heartRateSamples.append(Double.random(in: 60...180))
        }
        RunLoop.main.add(sampler, forMode: .common)
        self.sampler = sampler
    }

    func stop() {
        clock?.invalidate()
        sampler?.invalidate()
    }
}
