// compile: linux
import Foundation

/// A typed identifier; `Owner` is a phantom type, never stored.
public struct Identifier<Owner>: Sendable {
    public let rawValue: UUID

    public init(_ rawValue: UUID = UUID()) {
        self.rawValue = rawValue
    }
}

public struct Order {
    public enum Status {
        case pending
        case shipped(trackingNumber: String)
        case delivered(Date)
    }

    public struct Line: Equatable {
        public let sku: String
        public let quantity: Int
    }

    public let id: Identifier<Order>
    public let status: Status
    public let lines: [Line]
    public var note: String?
}
