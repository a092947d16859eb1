// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Everything",
    targets: [
        .target(name: "A"),
        .target(name: "B", dependencies: ["A"]),
        .testTarget(name: "ATests", dependencies: ["A"]),
    ]
)

for target in package.targets where target.type != .binary {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("StrictConcurrency"))
    target.swiftSettings = settings
}
