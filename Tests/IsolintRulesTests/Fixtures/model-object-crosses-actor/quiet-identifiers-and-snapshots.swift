import Foundation
import SwiftData

@Model
final class Expense {
    var title: String
    var amount: Double

    init(title: String, amount: Double) {
        self.title = title
        self.amount = amount
    }
}

struct ExpenseSummary: Sendable {
    var title: String
    var amount: Double
}

@ModelActor
actor ExpenseStore {
    func largeExpenseIDs() throws -> [PersistentIdentifier] {
        try modelContext.fetch(FetchDescriptor<Expense>()).filter { $0.amount > 100 }.map(\.persistentModelID)
    }

    func summaries() throws -> [ExpenseSummary] {
        try all().map { ExpenseSummary(title: $0.title, amount: $0.amount) }
    }

    func delete(_ id: PersistentIdentifier) throws {
        if let expense = modelContext.model(for: id) as? Expense {
            modelContext.delete(expense)
        }
    }

    private func all() throws -> [Expense] {
        try modelContext.fetch(FetchDescriptor<Expense>())
    }
}

@MainActor
final class ExpenseListModel {
    let store: ExpenseStore
    let mainContext: ModelContext
    private(set) var expenses: [Expense] = []

    init(store: ExpenseStore, mainContext: ModelContext) {
        self.store = store
        self.mainContext = mainContext
    }

    func loadLarge() async throws {
        let ids = try await store.largeExpenseIDs()
        expenses = ids.compactMap { mainContext.model(for: $0) as? Expense }
    }

    func remove(_ expense: Expense) async throws {
        try await store.delete(expense.persistentModelID)
    }

    /// Models passed between main-actor code stay on the main actor.
    func highlight(_ expense: Expense) {
        mark(expense)
    }

    private func mark(_ expense: Expense) {
        expense.title = expense.title.uppercased()
    }
}
