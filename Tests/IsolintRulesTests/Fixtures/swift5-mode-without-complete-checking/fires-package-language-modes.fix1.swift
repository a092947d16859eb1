// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Forecast",
    targets: [
        .target(name: "Forecast", swiftSettings: [.enableUpcomingFeature("StrictConcurrency")]),
        .target(name: "ForecastModern", swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(name: "ForecastChecked", swiftSettings: [.enableUpcomingFeature("StrictConcurrency")]),
        .plugin(name: "Generate", capability: .buildTool()),
    ],
    swiftLanguageModes: [.v5]
)
