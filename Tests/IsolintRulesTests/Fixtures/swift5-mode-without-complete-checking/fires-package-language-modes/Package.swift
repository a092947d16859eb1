// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Forecast",
    targets: [
        .target(name: "Forecast"), // expect: swift5-mode-without-complete-checking@9
        .target(name: "ForecastModern", swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(name: "ForecastChecked", swiftSettings: [.enableUpcomingFeature("StrictConcurrency")]),
        .plugin(name: "Generate", capability: .buildTool()),
    ],
    swiftLanguageModes: [.v5]
)
