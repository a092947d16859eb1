import Foundation

/// "linting N/M files" on stderr, only on a terminal and only once the run has taken a second.
// Safety: `done` and `shown` are only touched while holding `lock`.
final class Progress: @unchecked Sendable {
    private let total: Int
    private let enabled: Bool
    private let start = DispatchTime.now().uptimeNanoseconds
    private let lock = NSLock()
    private var done = 0
    private var shown = false

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    func tick() {
        guard enabled else { return }
        let line: String? = lock.withLock {
            done += 1
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            guard elapsed > 1_000_000_000, done % 50 == 0 || done == total else { return nil }
            shown = true
            return "\risolint: linting \(done)/\(total) files"
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
    }

    func finish() {
        guard enabled, lock.withLock({ shown }) else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
