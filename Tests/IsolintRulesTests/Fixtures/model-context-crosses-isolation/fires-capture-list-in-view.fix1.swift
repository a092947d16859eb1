import SwiftData
import SwiftUI

struct TripArchiveButton: View {
    @Environment(\.modelContext) private var modelContext
    let cutoff: Date

    var body: some View {
        Button("Archive old trips") {
            let container = modelContext.container
            Task.detached { [cutoff] in
                try await TripArchiveButtonWorker(modelContainer: container).run(cutoff: cutoff)
            }
        }
    }
}

/// The SwiftData work of `run` on a context of its own (`@ModelActor` makes it from the
/// container), off the caller's actor.
@ModelActor
actor TripArchiveButtonWorker {
    func run(cutoff: Date) throws {
        let old = try modelContext.fetch(FetchDescriptor<Trip>())
        for trip in old where trip.date < cutoff {
            modelContext.delete(trip)
        }
        try modelContext.save()
    }
}

@Model
final class Trip {
    var date: Date

    init(date: Date) {
        self.date = date
    }
}
