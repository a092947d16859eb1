import SwiftData

@Model
final class Workout {
    var title: String = ""
    var minutes: Int = 0
    var sets: [WorkoutSet]? = []

    init(title: String) {
        self.title = title
    }
}

@Model
final class WorkoutSet {
    var reps: Int = 0
    var workout: Workout?

    init() {}
}

func makeContainer(inMemory: Bool) throws -> ModelContainer {
    let configuration = ModelConfiguration(
        isStoredInMemoryOnly: inMemory, cloudKitDatabase: inMemory ? .none : .private("iCloud.com.example.gym"))
    return try ModelContainer(for: Workout.self, configurations: configuration)
}
