// compile: linux
import Foundation

// Safety: `lock` guards `favorites`.
final class FavoritesStore: @unchecked Sendable { // expect: prefer-mutex@7
    private let lock = NSLock()
    private var favorites: Set<String> = []

    func toggle(_ id: String) {
        lock.withLock {
            if favorites.contains(id) {
                favorites.remove(id)
            } else {
                favorites.insert(id)
            }
        }
    }

    var all: Set<String> {
        lock.withLock { favorites }
    }
}
