// compile: linux
import Foundation

/// An in-memory cache with no locking: not Sendable.
final class ThumbnailCache {
    private var entries: [URL: Data] = [:]

    func store(_ data: Data, for url: URL) {
        entries[url] = data
    }

    func purge() {
        entries.removeAll()
    }
}
