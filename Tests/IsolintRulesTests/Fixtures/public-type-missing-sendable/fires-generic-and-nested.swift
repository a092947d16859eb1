// compile: linux
import Foundation

/// A typed identifier; `Owner` is a phantom type, never stored.
public struct Identifier<Owner> { // expect: public-type-missing-sendable@8
    public let rawValue: UUID

    public init(_ rawValue: UUID = UUID()) {
        self.rawValue = rawValue
    }
}

public struct Order { // expect: public-type-missing-sendable@8
    public enum Status { // expect: public-type-missing-sendable@12
        case pending
        case shipped(trackingNumber: String)
        case delivered(Date)
    }

    public struct Line: Equatable { // expect: public-type-missing-sendable@12
        public let sku: String
        public let quantity: Int
    }

    public let id: Identifier<Order>
    public let status: Status
    public let lines: [Line]
    public var note: String?
}
