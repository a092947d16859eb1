// compile: linux stand-ins
import SwiftData

@Model
final class Trip {
    var name: String
    var miles: Int

    init(name: String, miles: Int) {
        self.name = name
        self.miles = miles
    }
}

/// Exports every trip as CSV lines, in the background so that the list stays responsive.
@MainActor
final class TripExporter {
    let modelContext: ModelContext
    private(set) var lastExport: [String] = []

    init(modelContext: ModelContext) {
        self.modelContext = modelContext
    }

    func exportAll(separator: String) {
        let context = modelContext
        Task.detached {
            let trips = try context.fetch(FetchDescriptor<Trip>()) // expect: model-context-crosses-isolation@29
            let lines = trips.map { "\($0.name)\(separator)\($0.miles)" }
            print(lines.joined(separator: "\n"))
        }
    }
}
