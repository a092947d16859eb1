import Combine
import Foundation

/// `@MainActor` would make this Sendable for free; the lock is a workaround.
final class DownloadsModel: ObservableObject, @unchecked Sendable { // expect: unchecked-sendable-unguarded@7
    private let lock = NSLock()
    @Published private(set) var progress: [URL: Double] = [:]

    func update(_ url: URL, fraction: Double) {
        lock.withLock {
            progress[url] = fraction
        }
    }
}

final class InboxModel: ObservableObject, @unchecked Sendable { // expect: unchecked-sendable-unguarded@7
    private let queue = DispatchQueue(label: "com.example.inbox")
    @Published var unreadCount = 0
    @Published var threads: [String] = []

    func refresh(_ newThreads: [String]) {
        queue.async {
            let unread = newThreads.count
            DispatchQueue.main.async {
                self.threads = newThreads
                self.unreadCount = unread
            }
        }
    }
}
