// compile: linux
import Observation

/// `@Observable` turns tracked properties into main-actor accessors: deinit cannot read them,
/// whatever their type. `@ObservationIgnored` ones stay stored.
@MainActor
@Observable
final class PlaybackModel {
    var task: Task<Void, Never>?
    var position = 0.0
    @ObservationIgnored private var ticker: Task<Void, Never>?

    func play() {
        ticker = Task { position += 1 }
    }

    deinit {
        task?.cancel() // expect: deinit-isolation@9
        ticker?.cancel()
    }
}
