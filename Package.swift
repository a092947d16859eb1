// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "isolint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "isolint", targets: ["isolint"]),
        .library(name: "IsolintSyntax", targets: ["IsolintSyntax"]),
        .library(name: "IsolintRules", targets: ["IsolintRules"]),
        .plugin(name: "IsolintCommandPlugin", targets: ["IsolintCommandPlugin"]),
        .plugin(name: "IsolintBuildToolPlugin", targets: ["IsolintBuildToolPlugin"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "IsolintSyntax"),
        .target(name: "IsolintRules", dependencies: ["IsolintSyntax"]),
        .target(name: "IsolintLSP", dependencies: ["IsolintRules"]),
        .executableTarget(name: "isolint", dependencies: ["IsolintLSP", "IsolintRules", "IsolintSyntax"]),
        // `swift package isolint lint|fix|plan …` in a package that depends on this one.
        .plugin(
            name: "IsolintCommandPlugin",
            capability: .command(
                intent: .custom(verb: "isolint", description: "Lint, fix or plan a Swift 6 migration with isolint"),
                permissions: [.writeToPackageDirectory(reason: "`isolint fix` applies fixes to your Swift sources")]),
            dependencies: ["isolint"]),
        // Lints a target on every build; findings show as the build's warnings and errors.
        .plugin(name: "IsolintBuildToolPlugin", capability: .buildTool(), dependencies: ["isolint"]),
        .testTarget(
            name: "IsolintSyntaxTests", dependencies: ["IsolintSyntax"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "IsolintRulesTests", dependencies: ["IsolintRules"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "IsolintLSPTests", dependencies: ["IsolintLSP", "IsolintRules"]),
    ],
    swiftLanguageModes: [.v6]
)
