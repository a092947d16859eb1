import SwiftData

@Model
final class Sample {
    var value: Double = 0

    init(value: Double) {
        self.value = value
    }
}

/// Inserts and saves, but no view reads with @Query in this workspace: lists fetch by hand.
@ModelActor
actor SampleRecorder {
    func record(_ values: [Double]) throws {
        for v in values { modelContext.insert(Sample(value: v)) }
        try modelContext.save()
    }
}
