// compile: linux
import Foundation

func prefetchFeeds(_ urls: [URL], completion: @escaping ([Data]) -> Void) { // expect: escaping-closure-missing-sendable@35
    Task {
        var results: [Data] = []
        for url in urls {
            if let data = try? Data(contentsOf: url) { results.append(data) }
        }
        completion(results)
    }
}

func notifyOnMain(message: String, handler: @escaping (String) -> Void) { // expect: escaping-closure-missing-sendable@36
    DispatchQueue.main.async {
        handler(message)
    }
}

@MainActor
final class AvatarStore {
    private var avatars: [String: Data] = [:]

    func avatar(for userID: String) -> Data? {
        avatars[userID]
    }

    /// Called from the networking layer, which is not on the main actor.
    nonisolated func prefetch(
        _ userIDs: [String],
        onProgress: @escaping (Int) -> Void // expect: escaping-closure-missing-sendable@9
    ) {
        Task {
            for (index, _) in userIDs.enumerated() {
                try? await Task.sleep(for: .milliseconds(50))
                onProgress(index + 1)
            }
        }
    }
}

#if DEBUG
enum DebugTools {
    static func dumpCaches(to directory: URL, then done: @escaping () -> Void) { // expect: escaping-closure-missing-sendable@52
        Task.detached(priority: .background) {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            done()
        }
    }
}
#endif
