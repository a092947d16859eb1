// compile: linux
import Foundation

final class DiskCache {
    private let ioQueue = DispatchQueue(label: "com.example.disk-cache", qos: .utility)
    let directory: URL

    init(directory: URL) {
        self.directory = directory
    }

    func write(_ data: Data, named name: String, completion: @escaping @Sendable (Bool) -> Void) {
        let fileURL = directory.appendingPathComponent(name)
        ioQueue.async {
            do {
                try data.write(to: fileURL, options: .atomic)
                completion(true)
            } catch {
                completion(false)
            }
        }
    }
}
