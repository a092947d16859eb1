// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "isolint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "isolint", targets: ["isolint"]),
        .library(name: "IsolintSyntax", targets: ["IsolintSyntax"]),
        .library(name: "IsolintRules", targets: ["IsolintRules"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "IsolintSyntax"),
        .target(name: "IsolintRules", dependencies: ["IsolintSyntax"]),
        .target(name: "IsolintLSP", dependencies: ["IsolintRules"]),
        .executableTarget(name: "isolint", dependencies: ["IsolintLSP", "IsolintRules", "IsolintSyntax"]),
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
