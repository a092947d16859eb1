// compile: linux
import Foundation

@MainActor
final class FeedViewModel {
    private(set) var titles: [String] = []
    private(set) var isRefreshing = false

    func format(_ raw: String) -> String {
        raw.capitalized
    }

    func apply(_ raw: [String]) {
        titles = raw.map { self.format($0) }.filter { !$0.isEmpty }
    }

    func refreshSoon() {
        DispatchQueue.main.async {
            self.isRefreshing = true
        }
        Task {
            try? await Task.sleep(for: .milliseconds(300))
            self.isRefreshing = false
        }
    }

    func refreshAfterDelay() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
            self.isRefreshing = false
        }
    }
}
