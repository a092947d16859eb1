// compile: linux
import Foundation

final class FeedService: Sendable {
    func fetch(completion: @escaping @Sendable ([String]) -> Void) {
        DispatchQueue.global().async { completion(["a", "b"]) }
    }
}

/// The inner task is weak, but the completion closure around it already holds self strongly
/// until the service calls back.
@MainActor
final class FeedScreen {
    var items: [String] = []
    let service = FeedService()

    func reload() {
        service.fetch { [weak self] items in
            Task { @MainActor [weak self] in
                self?.items = items
            }
        }
    }
}
