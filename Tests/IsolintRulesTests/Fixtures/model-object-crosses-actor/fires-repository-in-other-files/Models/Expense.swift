import Foundation
import SwiftData

@Model
final class Expense {
    var title: String
    var month: Int

    init(title: String, month: Int) {
        self.title = title
        self.month = month
    }
}
