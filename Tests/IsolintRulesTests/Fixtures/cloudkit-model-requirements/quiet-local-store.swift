import SwiftData

@Model
final class Recipe {
    var title: String
    var steps: [Step]

    init(title: String, steps: [Step]) {
        self.title = title
        self.steps = steps
    }
}

@Model
final class Step {
    var text: String
    var recipe: Recipe

    init(text: String, recipe: Recipe) {
        self.text = text
        self.recipe = recipe
    }
}

func makeContainer(inMemory: Bool) throws -> ModelContainer {
    let configuration = ModelConfiguration(isStoredInMemoryOnly: inMemory)
    return try ModelContainer(for: Recipe.self, configurations: configuration)
}
