import SwiftData

@Model
final class Habit {
    var name: String
    var streak: Int

    init(name: String, streak: Int) {
        self.name = name
        self.streak = streak
    }
}

func makeContainer() throws -> ModelContainer {
    try ModelContainer(for: Habit.self, configurations: ModelConfiguration(cloudKitDatabase: .none))
}
