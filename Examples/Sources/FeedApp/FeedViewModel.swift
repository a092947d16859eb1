import Foundation
import Combine
import FeedKit

final class FeedViewModel: ObservableObject {
    @Published var posts: [Post] = []
    @Published var isLoading = false
    private let service = FeedService()

    func refresh() {
        isLoading = true
        service.loadPosts(page: 1) { result in
            DispatchQueue.main.async {
                self.isLoading = false
                if case .success(let posts) = result { self.posts = posts }
            }
        }
    }
}

@MainActor
final class ClockModel {
    var now = Date()
    private var timer: Timer?
    private var cancellables = Set<AnyCancellable>()

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
            self.now = Date()
        }
    }

    func follow(_ updates: AnyPublisher<Date, Never>) {
        updates
            .receive(on: DispatchQueue.global())
            .sink { self.now = $0 }
            .store(in: &cancellables)
    }

    func reset() {
        DispatchQueue.main.async {
            self.now = Date()
        }
    }
}
