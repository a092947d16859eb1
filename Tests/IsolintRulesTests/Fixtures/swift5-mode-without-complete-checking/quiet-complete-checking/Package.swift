// swift-tools-version:5.10
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("StrictConcurrency")]

func settings(languageMode: String) -> [SwiftSetting] {
    []
}

let package = Package(
    name: "Checked",
    targets: [
        .target(name: "Core", swiftSettings: strict),
        .target(name: "Net", swiftSettings: [.enableExperimentalFeature("StrictConcurrency")]),
        .target(name: "Store", swiftSettings: [.enableExperimentalFeature("StrictConcurrency=complete")]),
        .target(name: "Flags", swiftSettings: [.unsafeFlags(["-strict-concurrency=complete"])]),
        // Settings from a helper isolint cannot evaluate are not guessed at.
        .target(name: "Helper", swiftSettings: settings(languageMode: "5")),
        .target(name: "Modern", swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
