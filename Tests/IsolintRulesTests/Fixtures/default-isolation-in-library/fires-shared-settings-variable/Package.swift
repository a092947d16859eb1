// swift-tools-version: 6.2
import PackageDescription

let mainActorByDefault: [SwiftSetting] = [
    .defaultIsolation(MainActor.self), // expect: default-isolation-in-library@5
]

let package = Package(
    name: "Notes",
    targets: [
        .target(name: "NotesPersistence", swiftSettings: mainActorByDefault),
        .target(name: "NotesSync", dependencies: ["NotesPersistence"], swiftSettings: mainActorByDefault),
        .executableTarget(name: "NotesApp", dependencies: ["NotesSync"], swiftSettings: mainActorByDefault),
    ]
)
