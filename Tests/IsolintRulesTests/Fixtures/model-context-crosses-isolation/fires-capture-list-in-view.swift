import SwiftData
import SwiftUI

struct TripArchiveButton: View {
    @Environment(\.modelContext) private var modelContext
    let cutoff: Date

    var body: some View {
        Button("Archive old trips") {
            Task.detached { [modelContext] in
                let old = try modelContext.fetch(FetchDescriptor<Trip>()) // expect: model-context-crosses-isolation@31
                for trip in old where trip.date < cutoff {
                    modelContext.delete(trip)
                }
                try modelContext.save()
            }
        }
    }
}

@Model
final class Trip {
    var date: Date

    init(date: Date) {
        self.date = date
    }
}
