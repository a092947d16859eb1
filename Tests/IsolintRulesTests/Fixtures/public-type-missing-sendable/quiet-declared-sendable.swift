// compile: linux
import Foundation

public struct Coordinate: Sendable, Hashable {
    public let latitude: Double
    public let longitude: Double
}

public struct VenueID: Hashable {
    public let rawValue: String
}

extension VenueID: Sendable {}

public protocol DomainEvent: Sendable {
    var occurredAt: Date { get }
}

public struct CheckInEvent: DomainEvent {
    public let occurredAt: Date
    public let venue: VenueID
}

public enum CheckInError: Error {
    case outOfRange(distance: Double)
    case venueClosed(VenueID)
}

@frozen
public enum Compass: UInt8 {
    case north, east, south, west
}

@frozen public struct Bearing {
    public var degrees: Double
}

public final class VenueSnapshot: Sendable {
    public let name: String

    public init(name: String) {
        self.name = name
    }
}
