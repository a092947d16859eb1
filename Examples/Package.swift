// swift-tools-version: 6.0
// A small pre-migration app for trying isolint: `swift run -c release isolint lint Examples`.
// It is an example to lint, not part of the isolint build.
import PackageDescription

let package = Package(
    name: "FeedExample",
    platforms: [.iOS(.v17), .macOS(.v14)],
    targets: [
        .target(name: "FeedKit", swiftSettings: [.swiftLanguageMode(.v5)]),
        .executableTarget(name: "FeedApp", dependencies: ["FeedKit"]),
    ]
)
