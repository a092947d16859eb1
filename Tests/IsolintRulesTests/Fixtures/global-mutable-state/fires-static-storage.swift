// compile: linux
import Foundation

@propertyWrapper
struct UserDefault<Value> {
    let key: String
    let defaultValue: Value

    var wrappedValue: Value {
        get { UserDefaults.standard.object(forKey: key) as? Value ?? defaultValue }
        set { UserDefaults.standard.set(newValue, forKey: key) }
    }
}

final class ImageDownloader {
    static var maxConcurrentDownloads = 4 // expect: global-mutable-state@12

    private var running: [URL] = []

    func canStart() -> Bool {
        running.count < Self.maxConcurrentDownloads
    }
}

extension ImageDownloader {
    static var memoryCache: [URL: Data] = [:] // expect: global-mutable-state@12
}

struct FeatureFlags {
    @UserDefault(key: "showsOnboarding", defaultValue: true)
    static var showsOnboarding: Bool // expect: global-mutable-state@12
}

enum LogLevel: Int, Comparable {
    case debug, info, error

    static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

enum LogConfiguration {
    public static var minimumLevel: LogLevel = .info { // expect: global-mutable-state@19
        didSet { print("log level is now \(minimumLevel)") }
    }
}

@MainActor
final class CheckoutViewModel {
    static var lastUsedPaymentMethod: String?

    /// Nested types do not inherit the enclosing class's @MainActor.
    enum Metrics {
        static var submitAttempts = 0 // expect: global-mutable-state@16
    }

    func submit() {
        Metrics.submitAttempts += 1
    }
}
