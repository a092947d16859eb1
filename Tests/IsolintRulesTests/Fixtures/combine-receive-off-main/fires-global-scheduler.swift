import Combine
import Foundation

protocol FeedService {
    var updates: AnyPublisher<[String], Never> { get }
}

@MainActor
final class FeedViewModel: ObservableObject {
    @Published private(set) var items: [String] = []
    private var cancellables = Set<AnyCancellable>()

    init(service: FeedService) {
        service.updates
            .receive(on: DispatchQueue.global(qos: .userInitiated)) // expect: combine-receive-off-main@13
            .sink { [weak self] items in
                self?.items = items
            }
            .store(in: &cancellables)
    }

    func logUpdates(from service: FeedService) {
        service.updates.receive(on: DispatchQueue.global()).sink { items in print(items.count) }.store(in: &cancellables) // expect: combine-receive-off-main@24
    }
}
