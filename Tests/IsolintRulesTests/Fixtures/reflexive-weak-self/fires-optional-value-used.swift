import Foundation

@MainActor
final class Counter {
    var count = 0

    func bump() {
        // `self?.count` is used as a value: no automatic fix (its type would change).
        Task { [weak self] in // expect: reflexive-weak-self@14
            let before = self?.count ?? 0
            self?.count = before + 1
        }
    }
}
