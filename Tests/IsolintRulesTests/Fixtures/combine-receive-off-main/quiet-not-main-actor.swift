import Combine
import Foundation

/// A background service: nothing here is main-actor isolated.
final class TelemetryUploader {
    private let uploadQueue = DispatchQueue(label: "com.example.telemetry")
    private var cancellables = Set<AnyCancellable>()
    private var buffer: [String] = []

    init(events: AnyPublisher<String, Never>) {
        events
            .receive(on: uploadQueue)
            .sink { [weak self] event in
                self?.buffer.append(event)
            }
            .store(in: &cancellables)
    }
}

@MainActor
final class AppModel: ObservableObject {
    @Published var isOnline = true

    /// Nested types do not inherit the enclosing @MainActor.
    final class ReachabilityProbe {
        private var cancellables = Set<AnyCancellable>()
        private(set) var samples: [Bool] = []

        init(signal: AnyPublisher<Bool, Never>) {
            signal
                .receive(on: DispatchQueue.global(qos: .background))
                .sink { [weak self] value in
                    self?.samples.append(value)
                }
                .store(in: &cancellables)
        }
    }
}
