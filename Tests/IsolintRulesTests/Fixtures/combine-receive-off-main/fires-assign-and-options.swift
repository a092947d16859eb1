import Combine
import Foundation

@MainActor
final class UploadStatusModel: ObservableObject {
    @Published var status = "idle"
    @Published var bytesPerSecond: Double = 0

    private let processingQueue = DispatchQueue(label: "com.example.upload-status", qos: .utility)
    private var cancellables = Set<AnyCancellable>()

    init(progress: AnyPublisher<Double, Never>, throughput: AnyPublisher<Double, Never>) {
        progress
            .map { "\(Int($0 * 100))%" }
            .receive(on: processingQueue, options: DispatchQueue.SchedulerOptions(qos: .utility)) // expect: combine-receive-off-main@13
            .assign(to: \.status, on: self)
            .store(in: &cancellables)

        throughput
            .receive(on: OperationQueue()) // expect: combine-receive-off-main@13
            .assign(to: \.bytesPerSecond, on: self)
            .store(in: &cancellables)
    }
}
