// compile: linux
import Foundation

final class Token: Equatable, CustomStringConvertible {
    var value: String

    init(value: String) {
        self.value = value
    }

    static func == (lhs: Token, rhs: Token) -> Bool { lhs.value == rhs.value }

    var description: String { value }
}

actor Counter: CustomStringConvertible {
    nonisolated var description: String { "Counter" }
}
