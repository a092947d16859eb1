// compile: linux
import Foundation

final class FileReader: @unchecked Sendable {
    // Safety: reads are serialised on the queue.
    private let queue = DispatchQueue(label: "reader")

    func read(_ path: String, completion: @escaping @Sendable (Result<Data, Error>) -> Void) {
        queue.async { completion(Result { try Data(contentsOf: URL(fileURLWithPath: path)) }) }
    }

    func contents(of path: String) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            read(path) { continuation.resume(with: $0) }
        }
    }

    func size(of path: String) async -> Int {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Int, Never>) in
            read(path) { result in
                continuation.resume(returning: (try? result.get())?.count ?? 0)
            }
        }
    }
}
