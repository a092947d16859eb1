/// How serious a finding is. `error`: the compiler rejects it in Swift 6 mode or it traps at run
/// time; `warning`: a real hazard; `info`: a better pattern exists; `hint`: noise worth removing.
public enum Severity: String, Sendable, Comparable, CaseIterable, Codable {
    case hint, info, warning, error

    var rank: Int {
        switch self {
        case .hint: 0
        case .info: 1
        case .warning: 2
        case .error: 3
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}
