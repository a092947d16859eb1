// compile: linux
import Foundation

final class ThumbnailCache {
    private var storage: [URL: Data] = [:]
    private var order: [URL] = []
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    func data(for url: URL) -> Data? {
        storage[url]
    }

    func insert(_ data: Data, for url: URL) {
        if storage[url] == nil { order.append(url) }
        storage[url] = data
        if order.count > capacity {
            let evicted = order.removeFirst()
            storage[evicted] = nil
        }
    }

    @MainActor static let shared = ThumbnailCache(capacity: 200)
}

@MainActor
final class GalleryViewModel {
    private(set) var visibleURLs: [URL] = []

    func cachedThumbnail(for url: URL) -> Data? {
        ThumbnailCache.shared.data(for: url)
    }
}
