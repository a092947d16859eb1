// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Modern",
    targets: [
        .target(name: "Modern"),
        .target(name: "Mixed", swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(name: "ModernTests", dependencies: ["Modern", "Mixed"]),
    ],
    swiftLanguageModes: [.v5, .v6]
)
