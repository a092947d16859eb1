// compile: linux
import Foundation

/// Loads thumbnails from disk without blocking the caller.
final class ThumbnailLoader {
    let directory: URL

    init(directory: URL) {
        self.directory = directory
    }

    func loadThumbnail(named name: String, completion: sending @escaping (Data?) -> Void) {
        let fileURL = directory.appendingPathComponent(name)
        Task.detached(priority: .utility) {
            let data = try? Data(contentsOf: fileURL)
            completion(data)
        }
    }

    func thumbnailExists(named name: String) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path)
    }
}
