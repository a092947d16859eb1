// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Recipes",
    targets: [
        .target(
            name: "RecipeNetworking",
            swiftSettings: [.defaultIsolation(MainActor.self)] // expect: default-isolation-in-library@29
        ),
        .target(
            name: "Pantry",
            swiftSettings: [
                .defaultIsolation(MainActor.self), // expect: default-isolation-in-library@17
            ]
        ),
        .target(name: "RecipeUI", dependencies: ["RecipeNetworking", "Pantry"], swiftSettings: [.defaultIsolation(MainActor.self)]),
        .executableTarget(
            name: "RecipesApp",
            dependencies: ["RecipeUI"],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
    ]
)
