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
        let container = context.container
        Task.detached {
            try await ExportAllWorker(modelContainer: container).exportAll(separator: separator)
        }
    }
}

/// The SwiftData work of `exportAll` on a context of its own (`@ModelActor` makes it from the
/// container), off the caller's actor.
@ModelActor
actor ExportAllWorker {
    func exportAll(separator: String) throws {
        let trips = try modelContext.fetch(FetchDescriptor<Trip>())
        let lines = trips.map { "\($0.name)\(separator)\($0.miles)" }
        print(lines.joined(separator: "\n"))
    }
}
