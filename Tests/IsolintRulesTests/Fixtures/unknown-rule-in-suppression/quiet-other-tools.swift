// compile: linux
// swiftlint:disable file_length
import Foundation

// swiftlint:disable:next type_name
enum ID {
    // swift-format-ignore
    static let   prefix = "id_"
    // sourcery: skipEquality
    static let separator = "-"
}

// periphery:ignore
// swiftformat:disable:next redundantSelf
final class Identifiers: Sendable {
    let values: [String]

    init(values: [String]) {
        self.values = values.map { ID.prefix + $0 }
    }
}
// swiftlint:enable file_length
