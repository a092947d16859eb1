// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Ledger",
    dependencies: [
        .package(url: "https://example.invalid/swift-numerics", from: "1.0.0"),
    ],
    targets: [
        .target(name: "LedgerMath", dependencies: [.product(name: "Numerics", package: "swift-numerics")]),
        .target(
            name: "LedgerLegacyUI",
            dependencies: ["LedgerMath"],
            swiftSettings: [.swiftLanguageMode(.v5), .enableUpcomingFeature("StrictConcurrency")]
        ),
        .testTarget(name: "LedgerMathTests", dependencies: ["LedgerMath"]),
    ]
)
