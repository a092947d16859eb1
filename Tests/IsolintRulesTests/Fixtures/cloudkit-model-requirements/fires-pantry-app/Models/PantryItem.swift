import Foundation
import SwiftData

@Model
final class PantryItem {
    var title: String = ""
    var quantity: Int = 1
    var pantry: Pantry // expect: cloudkit-model-requirements@5
    var isRefrigerated: Bool // expect: cloudkit-model-requirements@5

    init(title: String, pantry: Pantry, isRefrigerated: Bool) {
        self.title = title
        self.pantry = pantry
        self.isRefrigerated = isRefrigerated
    }
}

/// Not a model: CloudKit's rules do not apply.
struct PantrySnapshot {
    var name: String
    var items: [String]
}
