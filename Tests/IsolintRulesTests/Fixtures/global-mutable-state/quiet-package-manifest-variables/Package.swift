// swift-tools-version: 6.0
import PackageDescription

// SwiftPM compiles a manifest on its own, as a script: these variables are main-actor state.
var products: [Product] = [
    .library(name: "Core", targets: ["Core"])
]

var targets: [Target] = [
    .target(name: "Core")
]

targets.append(.testTarget(name: "CoreTests", dependencies: ["Core"]))

let package = Package(name: "Core", products: products, targets: targets)
