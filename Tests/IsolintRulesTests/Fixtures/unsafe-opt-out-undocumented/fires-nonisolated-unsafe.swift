// compile: linux
import Foundation

final class BridgeSession {
    var token: String?
}

enum LegacyBridge {
    @available(*, deprecated, message: "Use BridgeSession.current")
    nonisolated(unsafe) static var activeSession: BridgeSession? // expect: unsafe-opt-out-undocumented@5

    // Populated from the launch arguments.

    nonisolated(unsafe) static var launchOptions: [String: String] = [:] // expect: unsafe-opt-out-undocumented@5
}

nonisolated(unsafe) var crashBreadcrumbs: [String] = [] // expect: unsafe-opt-out-undocumented@1

actor DownloadQueue {
    nonisolated(unsafe) var completedCount = 0 // expect: unsafe-opt-out-undocumented@5
    private var pending: [URL] = []

    func enqueue(_ url: URL) {
        pending.append(url)
    }
}

final class ProgressCounter {
    var value = 0
}

func reportProgress(every interval: Duration) {
    nonisolated(unsafe) let counter = ProgressCounter() // expect: unsafe-opt-out-undocumented@5
    Task.detached {
        try? await Task.sleep(for: interval)
        counter.value += 1
    }
}

#if DEBUG
enum DebugMenu {
    nonisolated(unsafe) static var forcedLocale: Locale? // expect: unsafe-opt-out-undocumented@5
}
#endif
