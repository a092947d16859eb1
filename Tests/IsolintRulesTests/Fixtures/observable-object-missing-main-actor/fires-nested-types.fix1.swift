import Combine
import SwiftUI

struct SearchScreen: View {
    /// A SwiftUI View is main-actor isolated, but nested types do not inherit that.
    @MainActor
    final class Model: ObservableObject {
        @Published var query = ""
        @Published private(set) var results: [String] = []

        func search() {
            results = query.isEmpty ? [] : ["\(query) 1", "\(query) 2"]
        }
    }

    @StateObject private var model = Model()

    var body: some View {
        List(model.results, id: \.self) { Text($0) }
            .searchable(text: $model.query)
            .onSubmit(of: .search) { model.search() }
    }
}

@MainActor
final class CheckoutCoordinator {
    final class StepModel: ObservableObject {
        @Published var currentStep = 0
    }

    let steps = StepModel()
}

#if DEBUG
final class PreviewInboxModel: ObservableObject {
    @Published var unreadCount = 3
}
#endif
