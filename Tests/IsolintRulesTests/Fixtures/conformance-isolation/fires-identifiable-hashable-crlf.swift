import Foundation

@MainActor
final class Draft: Identifiable, Hashable { // expect: conformance-isolation@20, conformance-isolation@34
    var id = UUID()
    let body: String

    init(body: String) {
        self.body = body
    }

    nonisolated static func == (lhs: Draft, rhs: Draft) -> Bool { lhs.body == rhs.body }

    func hash(into hasher: inout Hasher) {
        hasher.combine(body)
    }
}
