import Combine
import Observation
import SwiftUI

@MainActor
final class ProfileViewModel: ObservableObject {
    @Published var displayName = ""
    @Published private(set) var isLoading = false
}

@available(iOS 17.0, macOS 14.0, *)
@MainActor
final class LibraryModel: ObservableObject {
    @Published var books: [String] = []
}

@MainActor final class BadgeCounter: ObservableObject {
    @Published var count = 0
}

final class LegacyToastModel: ObservableObject {
    @MainActor @Published var message: String?

    @MainActor
    func show(_ text: String) {
        message = text
    }
}

@Observable @MainActor
final class TimerModel {
    var elapsed: TimeInterval = 0
}

struct TimerView: View {
    @State private var model = TimerModel()

    var body: some View {
        Text(model.elapsed.formatted())
    }
}
