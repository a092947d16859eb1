// compile: linux
import Foundation

struct Photo: Sendable {
    let id: UUID
    let bytes: Int
}

@MainActor
final class PhotoGridModel {
    private(set) var photos: [Photo] = []
    var filter = ""

    func render() {
        print("rendering \(photos.count) photos")
    }

    func reload(from directory: URL) {
        DispatchQueue.global(qos: .userInitiated).async { // expect: sendable-closure-touches-main-actor@9
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            self.photos = files.map { _ in Photo(id: UUID(), bytes: 0) }
            self.render()
        }
    }

    #if DEBUG
    func dumpFilter() {
        DispatchQueue.global().async { // expect: sendable-closure-touches-main-actor@9
            print("current filter: \(self.filter)")
        }
    }
    #endif
}
