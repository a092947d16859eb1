// compile: linux
import Foundation

struct Chunk: Sendable {
    let bytes: [UInt8]
}

final class Downloader: @unchecked Sendable {
    // Safety: only the delivery queue touches the callbacks.
    private let delivery = DispatchQueue(label: "delivery")

    func stream(_ url: URL, onChunk: @escaping @Sendable (Chunk) -> Void, onDone: @escaping @Sendable () -> Void) {
        delivery.async {
            onChunk(Chunk(bytes: [1, 2, 3]))
            onDone()
        }
    }

    /// The empty-chunk branch forgets its `return`: an empty chunk resumes twice.
    func firstChunk(of url: URL) async -> Chunk {
        await withCheckedContinuation { continuation in // expect: continuation-misuse@15
            stream(url, onChunk: { chunk in
                if chunk.bytes.isEmpty {
                    continuation.resume(returning: Chunk(bytes: []))
                }
                continuation.resume(returning: chunk)
            }, onDone: {})
        }
    }

    /// Resumes inside a loop.
    func total(_ values: [Int]) async -> Int {
        await withCheckedContinuation { continuation in // expect: continuation-misuse@15
            var sum = 0
            for value in values {
                sum += value
                continuation.resume(returning: sum)
            }
        }
    }

    /// A `forEach` runs its closure once per element.
    func announce(_ names: [String]) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in // expect: continuation-misuse@15
            names.forEach { name in
                print(name)
                continuation.resume()
            }
        }
    }
}
