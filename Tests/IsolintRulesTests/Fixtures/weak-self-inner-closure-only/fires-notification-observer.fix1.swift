import Foundation

final class SessionWatcher {
    var token: NSObjectProtocol?
    var expired = false

    func watch() {
        token = NotificationCenter.default.addObserver(forName: .init("SessionExpired"), object: nil, queue: .main) { [weak self] _ in
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in
                self?.expired = true
            }
        }
    }
}
