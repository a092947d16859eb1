// compile: linux
import Foundation

final class BridgeSession {
    var token: String?
}

enum LegacyBridge {
    // Safety: <what makes this race-free>
    @available(*, deprecated, message: "Use BridgeSession.current")
    nonisolated(unsafe) static var activeSession: BridgeSession?

    // Populated from the launch arguments.

    nonisolated(unsafe) static var launchOptions: [String: String] = [:]
}

nonisolated(unsafe) var crashBreadcrumbs: [String] = []

actor DownloadQueue {
    nonisolated(unsafe) var completedCount = 0
    private var pending: [URL] = []

    func enqueue(_ url: URL) {
        pending.append(url)
    }
}

final class ProgressCounter {
    var value = 0
}

func reportProgress(every interval: Duration) {
    nonisolated(unsafe) let counter = ProgressCounter()
    Task.detached {
        try? await Task.sleep(for: interval)
        counter.value += 1
    }
}

#if DEBUG
enum DebugMenu {
    nonisolated(unsafe) static var forcedLocale: Locale?
}
#endif
