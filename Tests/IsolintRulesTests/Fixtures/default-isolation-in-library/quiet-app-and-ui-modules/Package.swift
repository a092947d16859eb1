// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Settings",
    targets: [
        .target(name: "SettingsStore", swiftSettings: [.defaultIsolation(nil)]),
        .target(name: "SettingsUI", dependencies: ["SettingsStore"], swiftSettings: [.defaultIsolation(MainActor.self)]),
        .target(name: "OnboardingFeature", swiftSettings: [.defaultIsolation(MainActor.self)]),
        .executableTarget(
            name: "SettingsApp",
            dependencies: ["SettingsUI", "OnboardingFeature"],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
        .testTarget(name: "SettingsUITests", dependencies: ["SettingsUI"], swiftSettings: [.defaultIsolation(MainActor.self)]),
    ]
)
