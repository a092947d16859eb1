// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Notes",
    targets: [
        .executableTarget(name: "Notes", swiftSettings: [.defaultIsolation(MainActor.self)]),
        .testTarget(name: "NotesTests", dependencies: ["Notes"]),
    ]
)
