// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Tides",
    dependencies: [
        .package(url: "https://example.invalid/swift-collections", from: "1.1.0"),
    ],
    targets: [
        .target(
            name: "TideNetworking",
            swiftSettings: [.swiftLanguageMode(.v5), .enableUpcomingFeature("StrictConcurrency")]
        ),
        .target(name: "TideModels", swiftSettings: [.swiftLanguageMode(.v5), .enableUpcomingFeature("StrictConcurrency")]),
        .target( // expect: migration-order@9
            name: "TideCore",
            dependencies: [
                "TideNetworking",
                .target(name: "TideModels"),
                .product(name: "Collections", package: "swift-collections"),
            ]
        ),
        .executableTarget(name: "Tides", dependencies: ["TideCore"]),
        .testTarget(name: "TideNetworkingTests", dependencies: [.byName(name: "TideNetworking")]), // expect: migration-order@9
    ]
)
