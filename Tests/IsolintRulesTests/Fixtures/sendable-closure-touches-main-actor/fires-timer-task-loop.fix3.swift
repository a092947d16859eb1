// compile: linux
import Foundation

/// A countdown shown in the UI; the timer is scheduled and never stored.
@MainActor
final class CountdownModel {
    private(set) var remaining = 60
    private(set) var label = ""

    func start() {
        Task { @MainActor [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                guard let self else { return }
                self.remaining -= 1
                self.label = "\(self.remaining) s"
            }
        }
    }
}
