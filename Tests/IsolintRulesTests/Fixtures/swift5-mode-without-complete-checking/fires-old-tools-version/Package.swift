// swift-tools-version:5.7
import PackageDescription

let package = Package(
    name: "Legacy",
    targets: [
        .target(name: "Legacy", path: "Sources", swiftSettings: [.define("LEGACY")]), // expect: swift5-mode-without-complete-checking@9
    ]
)
