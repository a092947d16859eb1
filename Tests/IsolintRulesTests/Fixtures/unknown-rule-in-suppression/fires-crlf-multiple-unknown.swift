// compile: linux
import Foundation

@MainActor
final class ReaderToolbar {
    private(set) var isHidden = false

    func toggle() {
        // isolint:disable-next-line redundant-dispatch, main-dispatch // expect: unknown-rule-in-suppression@9, unknown-rule-in-suppression@9
        DispatchQueue.main.async {
            self.isHidden.toggle()
        }
    }

    func hide() {
        // isolint:disable-next-line all, concurrency // expect: unknown-rule-in-suppression@9
        DispatchQueue.main.async {
            self.isHidden = true
        }
    }
}
