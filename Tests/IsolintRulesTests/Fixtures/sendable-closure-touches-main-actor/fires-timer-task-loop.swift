// compile: linux
import Foundation

/// A countdown shown in the UI; the timer is scheduled and never stored.
@MainActor
final class CountdownModel {
    private(set) var remaining = 60
    private(set) var label = ""

    func start() {
        Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in // expect: sendable-closure-touches-main-actor@9
            self.remaining -= 1
            self.label = "\(self.remaining) s"
        }
    }
}
