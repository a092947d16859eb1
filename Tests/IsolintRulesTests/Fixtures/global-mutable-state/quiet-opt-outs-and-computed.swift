// compile: linux
import Foundation

enum RequestContext {
    @TaskLocal static var requestID: UUID?
    @TaskLocal
    static var traceEnabled = false
}

enum LaunchEnvironment {
    // Safety: assigned once in the app delegate before any task starts; read-only afterwards.
    nonisolated(unsafe) static var arguments: [String] = []

    static var isRunningTests: Bool {
        ProcessInfo.processInfo.environment["XCTestConfigurationFilePath"] != nil
    }

    static var versionString: String {
        get { "\(major).\(minor)" }
    }

    static let major = 4, minor = 2
}

protocol ThemeProviding {
    static var defaultThemeName: String { get set }
}

struct Preferences {
    private let defaults = UserDefaults.standard

    var fontScale: Double {
        get { defaults.double(forKey: "fontScale") }
        nonmutating set { defaults.set(newValue, forKey: "fontScale") }
    }

    static var standard: Preferences { Preferences() }
}

// Safety: only touched from the single-threaded command-line entry point.
nonisolated(unsafe) var legacyExitHandlers: [() -> Void] = []

var buildTimestamp: Date {
    Date(timeIntervalSince1970: 1_700_000_000)
}
