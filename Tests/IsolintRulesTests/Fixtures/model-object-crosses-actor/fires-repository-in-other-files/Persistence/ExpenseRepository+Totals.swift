import SwiftData

extension ExpenseRepository {
    func latest() throws -> Expense? { // expect: model-object-crosses-actor@5
        try modelContext.fetch(FetchDescriptor<Expense>()).last
    }

    func count() throws -> Int {
        try modelContext.fetchCount(FetchDescriptor<Expense>())
    }
}
