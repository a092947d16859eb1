import Foundation
import SwiftData

enum StorageKind: String, Codable {
    case fridge, shelf
}

@Model
final class Pantry {
    var name: String = ""
    var createdAt: Date = Date.now
    var note: String?
    var kind: StorageKind
    @Relationship(deleteRule: .cascade) var items: [PantryItem] = []
    @Transient var isExpanded = false
    var itemCount: Int { items.count }
    static let defaultName = "Home"

    init(name: String, kind: StorageKind) {
        self.name = name
        self.kind = kind
    }
}
