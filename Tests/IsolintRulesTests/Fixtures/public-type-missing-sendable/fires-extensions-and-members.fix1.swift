// compile: linux
import Foundation

public struct Money: Sendable, Hashable {
    public let minorUnits: Int64
    public let currencyCode: String
}

public final class Region: Sendable {
    public let code: String

    public init(code: String) {
        self.code = code
    }
}

@available(macOS 13, iOS 16, *)
public struct PriceQuote: Sendable {
    public let amount: Money
    public let region: Region
    public let validUntil: Date
    public let breakdown: [String: Money]
}

@available(macOS 13, iOS 16, *)
extension PriceQuote: CustomStringConvertible {
    public var description: String {
        "\(amount.minorUnits) \(amount.currencyCode) in \(region.code)"
    }
}

@available(macOS 13, iOS 16, *)
extension PriceQuote: Equatable {
    public static func == (lhs: PriceQuote, rhs: PriceQuote) -> Bool {
        lhs.amount == rhs.amount && lhs.validUntil == rhs.validUntil
    }
}

#if DEBUG
public struct PreviewFixtures {
    public static let sampleRegionCode = "EU"
    public let seed: Int
}
#endif
