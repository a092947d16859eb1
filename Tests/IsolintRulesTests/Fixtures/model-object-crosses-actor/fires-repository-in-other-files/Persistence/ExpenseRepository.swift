import SwiftData

@ModelActor
actor ExpenseRepository {
    func expenses(inMonth month: Int) throws -> [Expense] { // expect: model-object-crosses-actor@5
        try modelContext.fetch(FetchDescriptor<Expense>()).filter { $0.month == month }
    }
}
