// swift-tools-version:5.8
import PackageDescription

let package = Package(
    name: "Legacy",
    targets: [
        .target(name: "Legacy", path: "Sources", swiftSettings: [.define("LEGACY"), .enableUpcomingFeature("StrictConcurrency")]),
    ]
)
