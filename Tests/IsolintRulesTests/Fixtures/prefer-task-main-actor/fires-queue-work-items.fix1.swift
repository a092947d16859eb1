// compile: linux
import Foundation

@MainActor
final class ThumbnailGridModel {
    private(set) var images: [URL: Data] = [:]
    private(set) var lastPurge: Date?
    private let ioQueue = DispatchQueue(label: "com.example.thumbnails.io", qos: .utility)

    func load(_ url: URL) {
        DispatchQueue.global(qos: .userInitiated).async {
            let data = try? Data(contentsOf: url)
            Task { @MainActor in
                self.images[url] = data
            }
        }
    }

    func purge(directory: URL) {
        ioQueue.async {
            try? FileManager.default.removeItem(at: directory)
            let now = Date()
            DispatchQueue.main.async(execute: {
                self.lastPurge = now
            })
        }
    }
}
