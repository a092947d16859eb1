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
        Task {
            context.insert(Reading(value: value)) // expect: model-context-crosses-isolation@13
            try? context.save()
        }
    }
}
