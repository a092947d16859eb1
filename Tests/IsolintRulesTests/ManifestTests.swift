import Foundation
import IsolintSyntax
import Testing

@testable import IsolintRules

/// `PackageManifest(tree:)`: what isolint reads from a Package.swift without evaluating it.
@Suite("Package manifest")
struct ManifestTests {
    static func manifest(_ text: String) -> PackageManifest {
        PackageManifest(tree: SyntaxTree.parse(SourceFile(path: "/pkg/Package.swift", text: text)))
    }

    static let app = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Weather",
            platforms: [.iOS(.v17), .macOS(.v14)],
            products: [
                .library(name: "WeatherKit", targets: ["WeatherKit"]),
                .executable(name: "weather", targets: ["WeatherCLI"]),
            ],
            dependencies: [
                .package(url: "https://example.invalid/swift-argument-parser", from: "1.3.0"),
            ],
            targets: [
                .target(
                    name: "WeatherKit",
                    dependencies: ["Networking", .target(name: "Models")],
                    swiftSettings: [
                        .enableUpcomingFeature("InferIsolatedConformances"),
                        .enableUpcomingFeature("StrictConcurrency"),
                    ]
                ),
                .target(name: "Networking", path: "Sources/Net/"),
                .target(
                    name: "Models",
                    swiftSettings: [.swiftLanguageMode(.v5), .enableExperimentalFeature("StrictConcurrency=complete")]
                ),
                .executableTarget(
                    name: "WeatherCLI",
                    dependencies: [
                        "WeatherKit",
                        .product(name: "ArgumentParser", package: "swift-argument-parser"),
                    ],
                    swiftSettings: [.defaultIsolation(MainActor.self)]
                ),
                .testTarget(name: "WeatherKitTests", dependencies: ["WeatherKit"]),
                .testTarget(name: "UITests", dependencies: ["WeatherCLI"], path: "Tests/UI"),
            ]
        )

        """

    /// Targets by name; the manifest reader may list a name more than once (see the disabled
    /// test below), so this keeps the entry whose call has `name:` as its first argument.
    static func target(_ m: PackageManifest, _ name: String) -> PackageManifest.Target? {
        m.targets.last { $0.name == name }
    }

    // MARK: Tools version and language modes

    @Test(arguments: [
        ("// swift-tools-version: 6.0", 6, 0), ("// swift-tools-version:5.9", 5, 9),
        ("// swift-tools-version:5.10.1", 5, 10),
        ("// swift-tools-version: 6.2", 6, 2), ("// swift-tools-version:6", 6, 0), ("import PackageDescription", 5, 0),
    ])
    func toolsVersion(line: String, major: Int, minor: Int) {
        let m = Self.manifest(
            "\(line)\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"A\")])\n")
        #expect(m.toolsVersion.major == major)
        #expect(m.toolsVersion.minor == minor)
    }

    @Test func languageModeFollowsToolsVersion() throws {
        let five = Self.manifest(
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"A\")])\n"
        )
        let six = Self.manifest(
            "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"A\")])\n"
        )
        let a5 = try #require(five.targets.first)
        let a6 = try #require(six.targets.first)
        #expect(five.packageLanguageModes.isEmpty)
        #expect(five.languageMode(of: a5) == 5)
        #expect(six.languageMode(of: a6) == 6)
        #expect(five.settings(of: a5).languageMode == 5)
        #expect(six.settings(of: a6).languageMode == 6)
    }

    @Test func packageSwiftLanguageModes() throws {
        let m = Self.manifest(
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Legacy",
                targets: [.target(name: "Core"), .target(name: "New", swiftSettings: [.swiftLanguageMode(.v6)])],
                swiftLanguageModes: [.v5]
            )
            """)
        #expect(m.packageLanguageModes == [5])
        #expect(m.languageMode(of: try #require(Self.target(m, "Core"))) == 5)
        #expect(m.languageMode(of: try #require(Self.target(m, "New"))) == 6)
    }

    /// Names and paths are plain string literals, read by bytes: non-ASCII text whole, an empty
    /// name kept, a multi-line literal or an interpolation not taken for a name.
    @Test func targetNamesAndPathsAreStringLiterals() throws {
        let m = Self.manifest(
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let x = "X"
            let package = Package(
                name: "Ünïcode",
                targets: [
                    .target(name: "Äb", path: "Sources/Ä b/"),
                    .target(name: ""),
                    .target(name: \"""
                        Multi
                        \"""),
                    .target(name: "\\(x)Y"),
                ]
            )
            """)
        #expect(m.name == "Ünïcode")
        #expect(m.targets.map(\.name) == ["Äb", ""])
        #expect(m.targets.first?.path == "Sources/Ä b/")
        #expect(m.target(containing: "Sources/Ä b/A.swift")?.name == "Äb")
        #expect(m.target(containing: "Sources/Ä bc/A.swift") == nil)
    }

    @Test func olderSpellingsOfLanguageModes() throws {
        let m = Self.manifest(
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Old",
                targets: [.target(name: "A", swiftSettings: [.swiftLanguageVersion(.v6)])],
                swiftLanguageVersions: [.version("6"), .v5]
            )
            """)
        #expect(m.packageLanguageModes == [5])
        #expect(m.languageMode(of: try #require(m.targets.first)) == 6)
        #expect(PackageManifest.languageModes(in: "[.version(\"6\")]") == [6])
        #expect(PackageManifest.languageModes(in: "[.v5, .v6]") == [5, 6])
    }

    // MARK: Targets

    @Test func targetKindsNamesAndPaths() throws {
        let m = Self.manifest(Self.app)
        let real = m.targets.filter {
            ["WeatherKit", "Networking", "WeatherCLI", "WeatherKitTests", "UITests"].contains($0.name)
        }
        #expect(real.map(\.name) == ["WeatherKit", "Networking", "WeatherCLI", "WeatherKitTests", "UITests"])
        #expect(real.map(\.kind) == [.library, .library, .executable, .test, .test])
        #expect(try #require(Self.target(m, "Networking")).path == "Sources/Net/")
        #expect(try #require(Self.target(m, "UITests")).path == "Tests/UI")
        #expect(try #require(Self.target(m, "WeatherKit")).path == nil)
        #expect(m.directory(of: try #require(Self.target(m, "Networking"))) == "Sources/Net")
        #expect(m.directory(of: try #require(Self.target(m, "WeatherKit"))) == "Sources/WeatherKit")
        #expect(m.directory(of: try #require(Self.target(m, "WeatherKitTests"))) == "Tests/WeatherKitTests")
        #expect(m.directory(of: try #require(Self.target(m, "UITests"))) == "Tests/UI")
    }

    @Test func dependencies() throws {
        let m = Self.manifest(Self.app)
        #expect(try #require(Self.target(m, "WeatherKit")).dependencies == ["Networking", "Models"])
        #expect(try #require(Self.target(m, "WeatherCLI")).dependencies == ["WeatherKit", "ArgumentParser"])
        #expect(try #require(Self.target(m, "WeatherKitTests")).dependencies == ["WeatherKit"])
        #expect(try #require(Self.target(m, "Networking")).dependencies.isEmpty)
    }

    @Test func swiftSettings() throws {
        let m = Self.manifest(Self.app)
        let kit = try #require(Self.target(m, "WeatherKit"))
        #expect(kit.upcomingFeatures == ["InferIsolatedConformances", "StrictConcurrency"])
        #expect(kit.experimentalFeatures.isEmpty)
        #expect(kit.languageMode == nil)
        #expect(!kit.defaultIsolationMainActor)
        let kitSettings = m.settings(of: kit)
        #expect(
            kitSettings
                == TargetSettings(
                    targetName: "WeatherKit", kind: .library, languageMode: 6, defaultIsolationMainActor: false,
                    upcomingFeatures: ["InferIsolatedConformances", "StrictConcurrency"], completeChecking: true))
        #expect(kitSettings.infersIsolatedConformances)

        let models = try #require(Self.target(m, "Models"))
        #expect(models.languageMode == 5)
        #expect(models.experimentalFeatures == ["StrictConcurrency=complete"])
        #expect(m.settings(of: models).languageMode == 5)

        let cli = try #require(Self.target(m, "WeatherCLI"))
        #expect(cli.defaultIsolationMainActor)
        let range = try #require(cli.defaultIsolationRange)
        #expect(m.tree.source.text(range) == ".defaultIsolation(MainActor.self)")
        #expect(m.settings(of: cli).defaultIsolationMainActor)
        #expect(m.settings(of: cli).kind == .executable)
        #expect(cli.swiftSettingsNode != nil)
        #expect(try #require(Self.target(m, "Networking")).swiftSettingsNode == nil)
    }

    @Test func experimentalStrictConcurrencyMeansCompleteChecking() throws {
        let m = Self.manifest(
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "A", swiftSettings: [.enableExperimentalFeature("StrictConcurrency")]),
                .target(name: "B", swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
                .target(name: "C", swiftSettings: [.defaultIsolation(nil)]),
            ])
            """)
        let a = try #require(Self.target(m, "A")), b = try #require(Self.target(m, "B")),
            c = try #require(Self.target(m, "C"))
        #expect(a.experimentalFeatures == ["StrictConcurrency"])
        #expect(m.settings(of: a).completeChecking)
        #expect(m.settings(of: a).languageMode == 5)
        #expect(!m.settings(of: b).completeChecking)
        #expect(b.upcomingFeatures == ["ExistentialAny"])
        #expect(!c.defaultIsolationMainActor)
        #expect(c.defaultIsolationRange != nil)
    }

    @Test func callRangeIsTheFactoryCall() throws {
        let m = Self.manifest(Self.app)
        let kit = try #require(Self.target(m, "WeatherKit"))
        #expect(m.tree.source.text(kit.callRange) == ".target")
        #expect(m.tree.source.lineColumn(of: kit.callRange.lowerBound) == (15, 9))
        let cli = try #require(Self.target(m, "WeatherCLI"))
        #expect(m.tree.source.text(cli.callRange) == ".executableTarget")
    }

    @Test func macroAndPluginTargets() throws {
        let m = Self.manifest(
            """
            // swift-tools-version: 6.0
            import PackageDescription
            import CompilerPluginSupport
            let package = Package(name: "M", targets: [
                .macro(name: "MyMacros", dependencies: []),
                .plugin(name: "Gen", capability: .buildTool()),
                Target.target(name: "Lib", dependencies: ["MyMacros"]),
            ])
            """)
        #expect(m.targets.map(\.name) == ["MyMacros", "Gen", "Lib"])
        #expect(m.targets.map(\.kind) == [.macro, .plugin, .library])
        #expect(m.directory(of: m.targets[1]) == "Plugins/Gen")
        #expect(m.directory(of: m.targets[0]) == "Sources/MyMacros")
    }

    // `.target(name:)` inside a `dependencies:` list is a dependency, not a target: read as one,
    // it comes first and shadows the real target's settings in `target(containing:)`.
    @Test
    func targetDependencyIsNotATarget() throws {
        let m = Self.manifest(Self.app)
        #expect(
            m.targets.map(\.name) == ["WeatherKit", "Networking", "Models", "WeatherCLI", "WeatherKitTests", "UITests"])
        let found = try #require(m.target(containing: "Sources/Models/User.swift"))
        #expect(found.languageMode == 5)
        #expect(m.settings(of: found).languageMode == 5)
    }

    // MARK: target(containing:)

    @Test(arguments: [
        ("Sources/WeatherKit/Forecast.swift", "WeatherKit"),
        ("Sources/WeatherKit/Deep/Nested/File.swift", "WeatherKit"),
        ("Sources/Net/Client.swift", "Networking"),
        ("Sources/WeatherCLI/main.swift", "WeatherCLI"),
        ("Tests/WeatherKitTests/ForecastTests.swift", "WeatherKitTests"),
        ("Tests/UI/LaunchTests.swift", "UITests"),
    ])
    func targetContaining(path: String, name: String) {
        #expect(Self.manifest(Self.app).target(containing: path)?.name == name)
    }

    @Test(arguments: [
        "Sources/Networking/Client.swift", "Sources/WeatherKitExtras/A.swift", "Package.swift",
        "Tests/UIKit/A.swift", "Examples/A.swift", "sources/WeatherKit/A.swift",
    ])
    func noTargetContains(path: String) {
        #expect(Self.manifest(Self.app).target(containing: path) == nil)
    }

    @Test func longestPathWins() throws {
        let m = Self.manifest(
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "Outer", path: "Sources"),
                .target(name: "Inner", path: "Sources/Inner", swiftSettings: [.swiftLanguageMode(.v5)]),
                .testTarget(name: "Checks", path: "Sources/Inner/Checks"),
            ])
            """)
        #expect(m.target(containing: "Sources/A.swift")?.name == "Outer")
        #expect(m.target(containing: "Sources/Other/A.swift")?.name == "Outer")
        #expect(m.target(containing: "Sources/Inner/A.swift")?.name == "Inner")
        #expect(m.target(containing: "Sources/InnerX/A.swift")?.name == "Outer")
        #expect(m.target(containing: "Sources/Inner/Checks/T.swift")?.name == "Checks")
        let inner = try #require(m.target(containing: "Sources/Inner/A.swift"))
        #expect(m.settings(of: inner).languageMode == 5)
        #expect(m.settings(of: inner).targetName == "Inner")
    }

    @Test func orderOfDeclarationDoesNotMatterForLongestMatch() {
        let m = Self.manifest(
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "Inner", path: "Sources/Inner"),
                .target(name: "Outer", path: "Sources"),
            ])
            """)
        #expect(m.target(containing: "Sources/Inner/A.swift")?.name == "Inner")
        #expect(m.target(containing: "Sources/B.swift")?.name == "Outer")
    }

    @Test func workspaceSettingsMapFilesThroughTheManifest() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("isolint-manifest-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/Sources/WeatherCLI", withIntermediateDirectories: true)
        try Self.app.write(toFile: dir + "/Package.swift", atomically: true, encoding: .utf8)
        var config = Configuration()
        config.swiftVersion = 5
        var ws = WorkspaceSettings(configuration: config)
        let cliFile = dir + "/Sources/WeatherCLI/main.swift"
        let stray = dir + "/Scripts/tool.swift"
        ws.load(for: [cliFile, stray])
        #expect(ws.packageRoot(of: cliFile) == dir)
        let s = ws.settings(for: cliFile)
        #expect(s.targetName == "WeatherCLI")
        #expect(s.kind == .executable)
        #expect(s.defaultIsolationMainActor)
        #expect(s.languageMode == 6)
        // A file under the package that no target claims takes the configuration's settings.
        let strayS = ws.settings(for: stray)
        #expect(strayS.targetName == nil)
        #expect(strayS.languageMode == 5)
    }
}
