import Foundation
import IsolintSyntax
import Testing

@testable import IsolintRules

/// What the Package.swift rules read beyond targets and settings: dependency kinds, settings
/// isolint cannot read, settings a loop adds to every target, `#if compiler(…)`, the tools
/// version's range; and the edits that add a Swift setting.
@Suite("Manifest settings and edits")
struct ManifestSettingsTests {
    static func manifest(_ text: String) -> PackageManifest {
        PackageManifest(tree: SyntaxTree.parse(SourceFile(path: "/pkg/Package.swift", text: text)))
    }

    static func target(_ m: PackageManifest, _ name: String) throws -> PackageManifest.Target {
        try #require(m.targets.last { $0.name == name })
    }

    @Test func dependencyKinds() throws {
        let m = Self.manifest(
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "A"),
                .target(name: "B", dependencies: [
                    "A", .target(name: "C"), .byName(name: "Logging"), .product(name: "NIO", package: "swift-nio"),
                ]),
                .target(name: "C"),
            ])
            """)
        let b = try Self.target(m, "B")
        #expect(b.references.map(\.kind) == [.byName, .target, .byName, .product])
        #expect(m.localDependencies(of: b).map(\.target.name) == ["A", "C"])
        let first = try #require(b.references.first)
        #expect(m.tree.source.text(first.range) == "\"A\"")
    }

    @Test func settingsIsolintCannotReadAreNotGuessed() throws {
        let m = Self.manifest(
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let shared: [SwiftSetting] = [.swiftLanguageMode(.v5)]
            func settings(mode: Int) -> [SwiftSetting] { [] }
            let package = Package(name: "P", targets: [
                .target(name: "Array", swiftSettings: [.define("X")]),
                .target(name: "Variable", swiftSettings: shared + [.define("Y")]),
                .target(name: "Helper", swiftSettings: settings(mode: 5)),
                .target(name: "Unknown", swiftSettings: elsewhere),
                .target(name: "None"),
            ])
            """)
        for name in ["Array", "Variable", "None"] {
            #expect(m.swiftSettingsAreKnown(try Self.target(m, name)), "\(name)")
        }
        for name in ["Helper", "Unknown"] { #expect(!m.swiftSettingsAreKnown(try Self.target(m, name)), "\(name)") }
    }

    @Test func settingsALoopAddsToEveryTarget() throws {
        let m = Self.manifest(
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "A"), .testTarget(name: "ATests")])
            let extra: [SwiftSetting] = [.enableExperimentalFeature("StrictConcurrency")]
            for target in package.targets {
                var settings = target.swiftSettings ?? []
                settings.append(contentsOf: extra)
                settings.append(.enableUpcomingFeature("ExistentialAny"))
                target.swiftSettings = settings
                #if compiler(<6.2)
                target.swiftSettings?.append(.swiftLanguageMode(.v5))
                #else
                target.swiftSettings?.append(.swiftLanguageMode(.v6))
                #endif
            }
            """)
        #expect(m.manifestWideSettings.experimentalFeatures == ["StrictConcurrency"])
        #expect(m.manifestWideSettings.upcomingFeatures == ["ExistentialAny"])
        #expect(m.manifestWideSettings.languageMode == 6, "the toolchain is 6.3: the #else branch counts")
        let a = try Self.target(m, "A")
        #expect(m.hasCompleteChecking(a))
        #expect(m.settings(of: a).upcomingFeatures == ["ExistentialAny"])
        #expect(m.languageMode(of: a) == 6)
    }

    @Test(
        arguments: [
            ("compiler(<6.2)", false), ("compiler(>=6.0)", true), ("swift(>=5.9)", true), ("!compiler(>=6.3)", false),
            ("compiler(<=6.3)", true), ("compiler(>6.3)", false), ("os(Linux)", nil), ("canImport(Darwin)", nil),
        ] as [(String, Bool?)])
    func compilerConditions(condition: String, holds: Bool?) {
        #expect(PackageManifest.evaluateCondition(condition) == holds)
    }

    @Test func completeCheckingAndPackageModes() throws {
        let m = Self.manifest(
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "P",
                targets: [
                    .target(name: "Complete", swiftSettings: [.enableExperimentalFeature("StrictConcurrency=complete")]),
                    .target(name: "Targeted", swiftSettings: [.enableExperimentalFeature("StrictConcurrency=targeted")]),
                ],
                swiftLanguageModes: [.v5, .v6]
            )
            """)
        #expect(m.hasCompleteChecking(try Self.target(m, "Complete")))
        #expect(m.settings(of: try Self.target(m, "Complete")).completeChecking)
        #expect(!m.hasCompleteChecking(try Self.target(m, "Targeted")))
        // SwiftPM compiles with the newest listed mode the toolchain supports.
        #expect(m.languageMode(of: try Self.target(m, "Targeted")) == 6)
    }

    @Test func toolsVersionRangeAndRaise() throws {
        let m = Self.manifest("// swift-tools-version:5.7\nimport PackageDescription\n")
        let range = try #require(m.toolsVersionRange)
        #expect(m.tree.source.text(range) == "5.7")
        #expect(m.raisingToolsVersion(to: (5, 8)) == Edits.replace(range, with: "5.8"))
        #expect(Self.manifest("// swift-tools-version: 6.0\n").raisingToolsVersion(to: (5, 8)) == nil)
    }

    /// Every fix of a manifest applied together: each target shape gets the setting, and the
    /// result is still a manifest `swift package dump-package` accepts.
    @Test func allFixesTogetherKeepTheManifestValid() throws {
        let text = """
            // swift-tools-version:5.9
            import PackageDescription

            let legacy: [SwiftSetting] = [.define("LEGACY")]

            let package = Package(
                name: "Shapes",
                targets: [
                    .target(name: "OneLine", dependencies: ["Multi"]),
                    .target(
                        name: "Multi",
                        swiftSettings: [
                            .define("A"),
                        ]
                    ),
                    .target(
                        name: "MultiNoComma",
                        swiftSettings: [
                            .define("B") // the last element has no comma
                        ]
                    ),
                    .testTarget(
                        name: "Arguments",
                        dependencies: ["Multi"]
                    ),
                    .target(name: "Shared", swiftSettings: legacy),
                    .target(name: "Linker", linkerSettings: [.linkedLibrary("z")]),
                    .target(name: "Empty", swiftSettings: []),
                ]
            )

            """
        let tree = SyntaxTree.parse(SourceFile(path: "Package.swift", text: text))
        let findings = Linter(rules: [Swift5ModeWithoutCompleteChecking()]).lint(
            tree, index: Linter.index([tree]), settings: .standalone)
        #expect(findings.count == 7)
        let edits = findings.flatMap { $0.fixes.first?.edits ?? [] }
        let fixed = String(decoding: try tree.source.applying(edits), as: UTF8.self)
        let setting = #".enableUpcomingFeature("StrictConcurrency")"#
        #expect(fixed.contains(#".target(name: "OneLine", dependencies: ["Multi"], swiftSettings: [\#(setting)]),"#))
        #expect(fixed.contains("            .define(\"A\"),\n                \(setting),\n            ]"))
        #expect(
            fixed.contains("            .define(\"B\"), // the last element has no comma\n                \(setting)\n")
        )
        #expect(fixed.contains("dependencies: [\"Multi\"],\n            swiftSettings: [\(setting)]\n        ),"))
        #expect(fixed.contains("swiftSettings: legacy + [\(setting)]"))
        #expect(fixed.contains(".target(name: \"Linker\", swiftSettings: [\(setting)], linkerSettings:"))
        #expect(fixed.contains(".target(name: \"Empty\", swiftSettings: [\(setting)]),"))
        let reparsed = PackageManifest(tree: SyntaxTree.parse(SourceFile(path: "Package.swift", text: fixed)))
        #expect(reparsed.targets.allSatisfy { reparsed.hasCompleteChecking($0) })
        if let errors = dumpPackageErrors(Array(fixed.utf8)) { #expect(errors.isEmpty, "\(errors)") }
    }

    /// SwiftPM reads the newest `Package@swift-X.Y.swift` the toolchain allows when it needs a
    /// newer tools version than `Package.swift`; the manifest rules judge only the one it reads.
    @Test func manifestRulesJudgeTheManifestSwiftPMReads() {
        func manifest(_ path: String, _ version: String) -> SyntaxTree {
            SyntaxTree.parse(
                SourceFile(
                    path: path,
                    text: """
                        // swift-tools-version:\(version)
                        import PackageDescription
                        let package = Package(name: "P", targets: [.target(name: "P")])

                        """))
        }
        func findings(_ trees: [SyntaxTree]) -> [String: Int] {
            let index = Linter.index(trees)
            let linter = Linter(rules: [Swift5ModeWithoutCompleteChecking()])
            return Dictionary(
                uniqueKeysWithValues: trees.map { t in
                    (t.source.path, linter.lint(t, index: index, settings: .standalone).count)
                })
        }
        // A legacy manifest beside a newer Package.swift: only Package.swift counts (it is Swift 6).
        #expect(
            findings([manifest("/a/Package.swift", "6.2"), manifest("/a/Package@swift-5.7.swift", "5.7")]) == [
                "/a/Package.swift": 0, "/a/Package@swift-5.7.swift": 0,
            ])
        // An old Package.swift with newer versioned manifests: the newest one up to 6.3 is read.
        #expect(
            findings([
                manifest("/b/Package.swift", "5.5"), manifest("/b/Package@swift-5.9.swift", "5.9"),
                manifest("/b/Package@swift-7.0.swift", "7.0"),
            ]) == ["/b/Package.swift": 0, "/b/Package@swift-5.9.swift": 1, "/b/Package@swift-7.0.swift": 0])
        // Alone, or with siblings in another directory, a manifest is judged.
        #expect(
            findings([manifest("/c/Package@swift-5.7.swift", "5.7"), manifest("/d/Package.swift", "6.0")]) == [
                "/c/Package@swift-5.7.swift": 1, "/d/Package.swift": 0,
            ])
        #expect(PackageManifest.versionSuffix(path: "/x/Package@swift-6.swift") == ToolsVersion(major: 6, minor: 0))
        #expect(PackageManifest.versionSuffix(path: "/x/Package.swift") == nil)
    }
}
