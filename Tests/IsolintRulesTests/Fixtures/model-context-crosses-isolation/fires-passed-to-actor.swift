import SwiftData

@Model
final class Invoice {
    var number: String
    var total: Decimal

    init(number: String, total: Decimal) {
        self.number = number
        self.total = total
    }
}

actor InvoiceImporter {
    func importAll(from url: URL, into context: ModelContext) throws {
        let data = try Data(contentsOf: url)
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            context.insert(Invoice(number: String(line), total: 0))
        }
        try context.save()
    }
}

@MainActor
final class InvoiceListModel {
    let modelContext: ModelContext
    let importer = InvoiceImporter()

    init(modelContext: ModelContext) {
        self.modelContext = modelContext
    }

    func importFile(_ url: URL) async throws {
        try await importer.importAll(from: url, into: modelContext) // expect: model-context-crosses-isolation@55
    }

    func importWithFreshContext(_ url: URL) async throws {
        // A context made for the hand-off and never used again here may cross.
        let scratch = ModelContext(modelContext.container)
        try await importer.importAll(from: url, into: scratch)
    }
}
