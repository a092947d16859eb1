// compile: linux
import Foundation

extension Notification.Name {
    static let playbackInterrupted = Notification.Name("PlaybackInterrupted")
    static let accountDidChange = Notification.Name("AccountDidChange")
}

@MainActor
final class PlaybackController {
    private(set) var isPlaying = false
    private(set) var accountName = ""
    private var interruptionToken: NSObjectProtocol?
    private var accountToken: NSObjectProtocol?

    func pause() {
        isPlaying = false
    }

    func startObserving() {
        interruptionToken = NotificationCenter.default.addObserver( // expect: sendable-closure-touches-main-actor@29
            forName: .playbackInterrupted,
            object: nil,
            queue: .main
        ) { [weak self] _ in
            self?.pause()
        }

        let center = NotificationCenter.default
        accountToken = center.addObserver(forName: .accountDidChange, object: nil, queue: nil) { note in // expect: sendable-closure-touches-main-actor@24
            let name = note.userInfo?["name"] as? String ?? ""
            self.accountName = name
        }
    }
}
