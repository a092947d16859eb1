// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Analytics",
    products: [
        .library(name: "Analytics", targets: ["Analytics"]),
    ],
    targets: [
        .target(name: "AnalyticsUI", dependencies: ["Analytics"]), // expect: swift5-mode-without-complete-checking@9
        .target( // expect: swift5-mode-without-complete-checking@9
            name: "Analytics",
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
            ]
        ),
        .testTarget( // expect: swift5-mode-without-complete-checking@9
            name: "AnalyticsTests",
            dependencies: ["Analytics"]
        ),
        .binaryTarget(name: "Vendor", path: "Vendor.xcframework"),
    ]
)
