// compile: linux stand-ins
import SwiftData

@Model
final class Reading {
    var value: Double

    init(value: Double) {
        self.value = value
    }
}

/// Records sensor readings as they arrive; called from the sensor's own callback queue.
final class ReadingRecorder {
    private let context: ModelContext

    init(context: ModelContext) {
        self.context = context
    }

    func record(_ value: Double) {
        let container = self.context.container
        Task {
            await RecordWorker(modelContainer: container).record(value: value)
        }
    }
}

/// The SwiftData work of `record` on a context of its own (`@ModelActor` makes it from the
/// container), off the caller's actor.
@ModelActor
actor RecordWorker {
    func record(value: Double) {
        modelContext.insert(Reading(value: value))
        try? modelContext.save()
    }
}
