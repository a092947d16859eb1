// compile: linux
import Foundation

@MainActor
final class GalleryModel {
    let cache: ThumbnailCache
    private(set) var urls: [URL] = []

    init(cache: ThumbnailCache) {
        self.cache = cache
    }

    deinit {
        cache.purge() // expect: deinit-isolation@9
    }
}
