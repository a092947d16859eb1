// compile: linux
import Foundation

/// Tunables for the background sync engine. They are compiled in and never change at run time.
struct SyncTuning {
    static let endpoint = URL(string: "https://sync.example.com/v2")!
    static let requestTimeout: TimeInterval = 30

    @available(*, deprecated, message: "The server negotiates the batch size since API v2")
    static let maxBatchSize = 50

    static func batches<T>(of items: [T], size: Int) -> [[T]] {
        stride(from: 0, to: items.count, by: size).map { start in
            Array(items[start..<min(start + size, items.count)])
        }
    }
}

struct SyncPlanner {
    let pending: [UUID]
    var batchSize = 25

    func plan() -> [[UUID]] {
        SyncTuning.batches(of: pending, size: batchSize)
    }

    mutating func shrinkBatches() {
        batchSize = max(1, batchSize / 2)
    }
}
