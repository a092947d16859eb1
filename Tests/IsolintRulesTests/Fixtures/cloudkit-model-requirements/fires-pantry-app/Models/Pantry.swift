import Foundation
import SwiftData

enum StorageKind: String, Codable {
    case fridge, shelf
}

@Model
final class Pantry {
    var name: String // expect: cloudkit-model-requirements@5
    var createdAt: Date = Date.now
    var note: String?
    var kind: StorageKind // expect: cloudkit-model-requirements@5
    @Relationship(deleteRule: .cascade) var items: [PantryItem] = [] // expect: cloudkit-model-requirements@41
    @Transient var isExpanded = false
    var itemCount: Int { items.count }
    static let defaultName = "Home"

    init(name: String, kind: StorageKind) {
        self.name = name
        self.kind = kind
    }
}
