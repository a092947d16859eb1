// compile: linux
import Foundation

/// A value and when it was produced; Sendable exactly when the value is.
public struct Timestamped<Value> { // expect: public-type-missing-sendable@8
    public let value: Value
    public let date: Date

    public init(_ value: Value, date: Date = Date()) {
        self.value = value
        self.date = date
    }
}

public func stamp(_ value: Int) -> Timestamped<Int> {
    Timestamped(value)
}
