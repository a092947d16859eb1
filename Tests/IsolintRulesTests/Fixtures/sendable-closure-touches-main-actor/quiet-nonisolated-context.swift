// compile: linux
import Foundation

/// Not main-actor isolated: the closures below run wherever Foundation calls them, and
/// touch only Sendable state.
final class DiskLogger: Sendable {
    let fileURL: URL
    private let queue = DispatchQueue(label: "com.example.disk-logger")

    init(fileURL: URL) {
        self.fileURL = fileURL
    }

    func append(_ line: String) {
        queue.async {
            let handle = try? FileHandle(forWritingTo: self.fileURL)
            handle?.seekToEndOfFile()
            handle?.write(Data((line + "\n").utf8))
            try? handle?.close()
        }
    }

    func startRotation() -> Timer {
        Timer.scheduledTimer(withTimeInterval: 3600, repeats: true) { _ in
            self.append("rotating \(self.fileURL.lastPathComponent)")
        }
    }

    func observeTermination() -> NSObjectProtocol {
        NotificationCenter.default.addObserver(
            forName: Notification.Name("WillTerminate"),
            object: nil,
            queue: nil
        ) { _ in
            self.append("terminating")
        }
    }
}

@MainActor
final class StatusBar {
    /// Nested types do not inherit the enclosing @MainActor.
    final class Ticker: Sendable {
        let interval: TimeInterval

        init(interval: TimeInterval) {
            self.interval = interval
        }

        func schedule() -> Timer {
            Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in
                print("tick every \(self.interval)s")
            }
        }
    }
}
