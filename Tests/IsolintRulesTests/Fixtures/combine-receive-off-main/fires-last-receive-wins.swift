import Combine
import Foundation

@MainActor
final class SearchViewModel: ObservableObject {
    @Published var query = ""
    @Published private(set) var suggestions: [String] = []

    private let searchQueue = DispatchQueue(label: "com.example.search")
    private var cancellables = Set<AnyCancellable>()

    init(index: [String]) {
        $query
            .receive(on: DispatchQueue.main)
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .removeDuplicates()
            .receive(on: searchQueue) // expect: combine-receive-off-main@13
            .map { query in
                index.filter { $0.localizedCaseInsensitiveContains(query) }
            }
            .sink { [weak self] matches in
                self?.suggestions = matches
            }
            .store(in: &cancellables)
    }
}
