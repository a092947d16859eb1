// compile: linux
import Foundation

enum LogLevel: Int, Sendable, Comparable {
    case debug, info, error

    static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Forwards log lines to a sink; shared by every subsystem.
final class LogRouter: Sendable {
    let minimumLevel: LogLevel
    private let sink: @Sendable (String) -> Void

    init(minimumLevel: LogLevel, sink: @escaping (String) -> Void) { // expect: escaping-closure-missing-sendable@34
        self.minimumLevel = minimumLevel
        self.sink = sink
    }

    func log(_ message: String, level: LogLevel) {
        guard level >= minimumLevel else { return }
        sink("[\(level)] \(message)")
    }
}
