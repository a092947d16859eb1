// swift-tools-version: 6.0
// A package that uses isolint's plugins from the checkout (../../..), as a project that adds
// isolint as a dependency does. Tests/e2e/test_swiftpm_plugins.py builds a copy of it.
import PackageDescription

let package = Package(
    name: "SamplePackage",
    dependencies: [.package(name: "isolint", path: "../../..")],
    targets: [
        .target(
            name: "Sample",
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "IsolintBuildToolPlugin", package: "isolint")])
    ]
)
