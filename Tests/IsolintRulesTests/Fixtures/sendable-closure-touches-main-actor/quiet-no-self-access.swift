// compile: linux
import Foundation

enum DiagnosticsLog {
    static func record(_ message: String) {
        print("[diagnostics] \(message)")
    }
}

@MainActor
final class DiagnosticsPanel {
    private(set) var entries: [String] = []
    private var heartbeat: Timer?
    private var memoryWarningToken: NSObjectProtocol?

    func start(reportingTo directory: URL) {
        heartbeat = Timer.scheduledTimer(withTimeInterval: 30, repeats: true) { timer in
            DiagnosticsLog.record("heartbeat, valid: \(timer.isValid)")
        }

        memoryWarningToken = NotificationCenter.default.addObserver(
            forName: Notification.Name("MemoryWarning"),
            object: nil,
            queue: nil
        ) { note in
            DiagnosticsLog.record("memory warning: \(note.name.rawValue)")
        }

        let snapshot = entries
        DispatchQueue.global(qos: .background).async {
            let file = directory.appendingPathComponent("diagnostics.log")
            try? snapshot.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        }
    }

    /// Docs example of what the rule reports:
    ///
    ///     DispatchQueue.global().async { self.entries.removeAll() }
    func help() -> String {
        "Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in self.tick() }"
    }
}
