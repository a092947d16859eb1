// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Billing",
    targets: [
        .target(name: "Billing"),
        .testTarget(name: "BillingTests", dependencies: ["Billing"]),
    ]
)
