// fixture: defaultIsolation=MainActor target=executable
import Combine
import SwiftUI

final class OnboardingModel: ObservableObject {
    @Published var page = 0
    @Published var hasAcceptedTerms = false

    func next() {
        page += 1
    }
}

@Observable
final class WeatherModel {
    var temperature: Double = 0
}

struct WeatherView: View {
    @State private var model = WeatherModel()
    @StateObject private var onboarding = OnboardingModel()

    var body: some View {
        Text("\(model.temperature)")
    }
}
