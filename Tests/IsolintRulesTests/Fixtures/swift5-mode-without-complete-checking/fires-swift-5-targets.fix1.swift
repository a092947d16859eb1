// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Analytics",
    products: [
        .library(name: "Analytics", targets: ["Analytics"]),
    ],
    targets: [
        .target(name: "AnalyticsUI", dependencies: ["Analytics"], swiftSettings: [.enableUpcomingFeature("StrictConcurrency")]),
        .target(
            name: "Analytics",
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
            ]
        ),
        .testTarget(
            name: "AnalyticsTests",
            dependencies: ["Analytics"]
        ),
        .binaryTarget(name: "Vendor", path: "Vendor.xcframework"),
    ]
)
