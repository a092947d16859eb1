// compile: linux
import Foundation

enum AppEnvironment {
    nonisolated(unsafe) static var launchArguments: [String] = [] // set in main() before any task

    // Safety: written once by the app delegate before the first scene connects,
    // read-only afterwards.
    nonisolated(unsafe) static var launchURL: URL?

    /* Safety: only the test bundle assigns this, from setUp(). */
    nonisolated(unsafe) static var clockOverride: Date?

    /// The crash reporter's handle. Assigned once during launch, before any task starts.
    nonisolated(unsafe) static var crashReporterHandle: Int32 = 0

    // Safety: read-only after the deprecated bootstrap path runs.
    @available(*, deprecated, message: "Use launchURL")
    nonisolated(unsafe) static var legacyLaunchPath: String?
}

// Safety: every access goes through `queue`.
final class ThumbnailStore: @unchecked Sendable {
    private let queue = DispatchQueue(label: "com.example.thumbnails")
    private var items: [URL: Data] = [:]
}

final class SearchIndex: @unchecked Sendable { // Safety: `lock` guards `entries`.
    private let lock = NSLock()
    private var entries: [String: [Int]] = [:]
}

final class PersistentCache {
    private var storage: [String: Data] = [:]
}

// Safety: PersistentCache is only touched on the caller's serial queue; see CacheCoordinator.
extension PersistentCache: @unchecked Sendable {}

// Safety: Value is immutable after init; the box only carries it across the task boundary.
@available(macOS 13, iOS 16, *)
struct TransferBox<Value>: @unchecked Sendable {
    let value: Value
}
