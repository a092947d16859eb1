// fixture: target=executable defaultIsolation=MainActor
// compile: linux
import Foundation

/// A class with no attribute: the target's default isolation makes it main-actor isolated.
final class DownloadProgressModel {
    private var observers: [NSObjectProtocol] = []
    private(set) var fraction = 0.0

    func observe(_ center: NotificationCenter) {
        observers.append(center.addObserver(forName: .init("progress"), object: nil, queue: .main) { _ in })
    }

    func reset() {
        fraction = 0
    }

    deinit {
        reset() // expect: deinit-isolation@9
        for observer in observers { // expect: deinit-isolation@25
            NotificationCenter.default.removeObserver(observer)
        }
    }
}
