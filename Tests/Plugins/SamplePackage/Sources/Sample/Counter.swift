import Foundation

/// Compiles in Swift 5 mode; Swift 6 mode rejects it, and isolint says so during the build.
public var requestCount = 0

public final class Counter {
    public static var shared = Counter()
    public init() {}
}
