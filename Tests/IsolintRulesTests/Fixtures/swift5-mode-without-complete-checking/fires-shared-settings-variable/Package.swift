// swift-tools-version: 6.1
import PackageDescription

let legacySettings: [SwiftSetting] = [
    .swiftLanguageMode(.v5),
]

let package = Package(
    name: "Weather",
    targets: [
        .target(name: "WeatherKit", swiftSettings: legacySettings), // expect: swift5-mode-without-complete-checking@9
        .target(
            name: "WeatherUI",
            dependencies: ["WeatherKit"],
            swiftSettings: legacySettings + [.enableUpcomingFeature("StrictConcurrency")]
        ),
        .testTarget( // expect: swift5-mode-without-complete-checking@9
            name: "WeatherKitTests",
            dependencies: ["WeatherKit"],
            swiftSettings: legacySettings + [.enableExperimentalFeature("StrictConcurrency=targeted")]
        ),
    ]
)
