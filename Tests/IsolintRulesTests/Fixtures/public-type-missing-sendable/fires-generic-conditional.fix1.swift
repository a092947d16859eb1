// compile: linux
import Foundation

/// A value and when it was produced; Sendable exactly when the value is.
public struct Timestamped<Value> {
    public let value: Value
    public let date: Date

    public init(_ value: Value, date: Date = Date()) {
        self.value = value
        self.date = date
    }
}

extension Timestamped: Sendable where Value: Sendable {}

public func stamp(_ value: Int) -> Timestamped<Int> {
    Timestamped(value)
}
