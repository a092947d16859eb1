// compile: linux
import Foundation

final class ThumbnailPipeline: Sendable {
    let cacheDirectory: URL

    init(cacheDirectory: URL) {
        self.cacheDirectory = cacheDirectory
    }

    func prepare(completion: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async {
            completion()
        }
    }
}

actor SyncEngine {
    private var lastRun: Date?

    func run(onFinish: @escaping @MainActor @Sendable (Date) -> Void) async {
        let now = Date()
        lastRun = now
        await MainActor.run {
            onFinish(now)
        }
    }
}

@MainActor
final class SettingsScreen {
    private(set) var title = "Settings"

    /// Nested types do not inherit the enclosing @MainActor.
    struct Analytics {
        func track(_ event: String) {
            DispatchQueue.main.async {
                print("track \(event)")
            }
        }
    }
}
