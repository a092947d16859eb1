import Combine
import Foundation

@MainActor
final class StyleGuideViewModel: ObservableObject {
    @Published var snippet = ""
    private var cancellables = Set<AnyCancellable>()

    // Don't write `.receive(on: DispatchQueue.global())` before `.sink` in this type:
    // the sink closure is main-actor isolated and traps off the main thread.
    init(examples: AnyPublisher<String, Never>) {
        snippet = """
            publisher
                .receive(on: DispatchQueue.global())
                .sink { value in self.value = value }
            """
        examples
            /* .receive(on: DispatchQueue.global()) */
            .receive(on: DispatchQueue.main)
            .sink { [weak self] text in
                self?.snippet = text + " // .receive(on: backgroundQueue)"
            }
            .store(in: &cancellables)
    }
}
