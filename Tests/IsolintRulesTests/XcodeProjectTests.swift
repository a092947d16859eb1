import Foundation
import Testing

@testable import IsolintRules

/// A temporary folder for tests that read projects from disk.
final class TemporaryFolder {
    let path: String
    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("isolint-tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.resolvingSymlinksInPath().path
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}

/// `PropertyList`, `XCConfig` and `XcodeProject`: reading Xcode projects without Xcode.
@Suite("Xcode projects")
struct XcodeProjectTests {
    @Test func propertyListsParse() throws {
        let text = """
            // !$*UTF8*$!
            {
                archiveVersion = 1;
                objects = {
                    A1 /* App */ = {isa = PBXNativeTarget; name = "My App"; list = (a, "b c", ); empty = (); };
                };
                quoted = "tab\\tquote\\" \\U00e9";
                rootObject = A1 /* Project object */;
            }
            """
        let plist = try PropertyList.parse(Array(text.utf8)).get()
        #expect(plist["archiveVersion"] == .string("1"))
        #expect(plist["objects"]?["A1"]?["name"] == .string("My App"))
        #expect(plist["objects"]?["A1"]?["list"]?.strings == ["a", "b c"])
        #expect(plist["objects"]?["A1"]?["empty"] == .array([]))
        #expect(plist["quoted"] == .string("tab\tquote\" é"))
        #expect(plist["rootObject"] == .string("A1"))
    }

    @Test(arguments: [
        ("{\n  a = 1;\n  b = ;\n}", 3, "unexpected ';'"),
        ("{\n  a = 1\n  b = 2;\n}", 3, "expected `;` after a value, found 'b'"),
        ("{ a = (1, 2 3); }", 1, "expected `,` or `)` in an array, found '3'"),
        ("{ a = \"open; }", 1, "a quoted string is not closed"),
        ("{ a = 1; /* open", 1, "a `/*` comment is not closed"),
        ("{\n a = {\n b = 1;\n", 4, "the file ends inside a dictionary (a `}` or `)` is missing)"),
        ("{ a = 1; } x", 1, "unexpected text after the end of the property list"),
        ("", 1, "the file is empty"),
        ("{ a b }", 1, "expected `=` after the key 'a'"),
    ])
    func malformedPropertyListsNameTheLine(text: String, line: Int, message: String) {
        guard case .failure(let e) = PropertyList.parse(Array(text.utf8)) else {
            Issue.record("parsed: \(text)")
            return
        }
        #expect(e == PropertyList.ParseError(line: line, message: message))
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "(", count: 100_000)
        guard case .failure(let e) = PropertyList.parse(Array(deep.utf8)) else {
            Issue.record("parsed")
            return
        }
        #expect(e.message == "nested more than 256 levels deep")
    }

    /// Group paths, resolved once per group, agree with walking each object up to the root:
    /// groups shared by many files, `<absolute>` and `SOURCE_ROOT` tops, a product (no path),
    /// a missing parent, a cycle, and chains of 64 objects (a path) and 65 (none).
    @Test func groupPathsAgreeWithTheWalkUpToTheRoot() {
        var objects: [String: PropertyList] = [:]
        func object(_ id: String, path: String?, tree: String = "<group>", children: [String] = []) {
            var d: [String: PropertyList] = ["isa": .string("PBXGroup"), "sourceTree": .string(tree)]
            if let path { d["path"] = .string(path) }
            if !children.isEmpty { d["children"] = .array(children.map { .string($0) }) }
            objects[id] = .dictionary(d)
        }
        // Not under the root: each group of the cycle has the other as its only parent.
        object("root", path: nil, children: ["A", "Abs", "Src"])
        object("A", path: "A", children: ["B", "f1", "f2"])
        object("B", path: "../B", children: ["f3", "f4", "noPath"])
        object("noPath", path: "", children: ["f5"])
        for f in ["f1", "f2", "f3", "f4", "f5"] { object(f, path: f + ".swift") }
        object("Abs", path: "/opt/x", tree: "<absolute>", children: ["f6"])
        object("f6", path: "y.swift")
        object("Src", path: "Gen", tree: "SOURCE_ROOT", children: ["f7"])
        object("f7", path: "z.swift")
        object("product", path: "App.app", tree: "BUILT_PRODUCTS_DIR")
        object("Cyc1", path: "c1", children: ["Cyc2"])
        object("Cyc2", path: "c2", children: ["Cyc1", "f8"])
        object("f8", path: "w.swift")
        object("orphanChild", path: "o.swift")
        // Chains off the root: a file under 62 groups is 64 objects with the root (a path), under
        // 63 it is 65 (none).
        for depth in [62, 63] {
            var parent = "root"
            for k in 0..<depth {
                let id = "deep\(depth)-\(k)"
                object(id, path: "d\(k)")
                var p = objects[parent]?.dictionary ?? [:]
                p["children"] = .array((p["children"]?.array ?? []) + [.string(id)])
                objects[parent] = .dictionary(p)
                parent = id
            }
            object("leaf\(depth)", path: "leaf.swift")
            var p = objects[parent]?.dictionary ?? [:]
            p["children"] = .array([.string("leaf\(depth)")])
            objects[parent] = .dictionary(p)
        }
        let paths = XcodeProject.GroupPaths(objects: objects, root: "/r")
        // The reference: each object walked up on its own, as before the groups were memoised.
        func walk(_ id: String) -> String? {
            var components: [String] = []
            var current = id
            var base = "/r"
            for _ in 0..<64 {
                guard let o = objects[current] else { return nil }
                if let p = o["path"]?.string, !p.isEmpty { components.append(p) }
                switch o["sourceTree"]?.string ?? "<group>" {
                case "<group>":
                    if let parent = paths.parents[current] {
                        current = parent
                        continue
                    }
                case "SOURCE_ROOT": break
                case "<absolute>": base = "/"
                default: return nil
                }
                return components.reversed().reduce(base) { XcodeProject.joined($0, $1) }
            }
            return nil
        }
        #expect(paths.path(of: "f3") == "/r/B/f3.swift")
        #expect(paths.path(of: "f5") == "/r/B/f5.swift")
        #expect(paths.path(of: "f6") == "/opt/x/y.swift")
        #expect(paths.path(of: "f7") == "/r/Gen/z.swift")
        #expect(paths.path(of: "product") == nil)
        #expect(paths.path(of: "f8") == nil)
        #expect(paths.path(of: "orphanChild") == "/r/o.swift")
        #expect(paths.path(of: "leaf62") != nil)
        #expect(paths.path(of: "leaf63") == nil)
        // In another order too: what one file resolved must not change another's answer.
        let fresh = XcodeProject.GroupPaths(objects: objects, root: "/r")
        for id in objects.keys.sorted().reversed() + ["missing"] {
            #expect(paths.path(of: id) == walk(id), "\(id)")
            #expect(fresh.path(of: id) == walk(id), "\(id)")
        }
    }

    @Test func joinedFoldsDotsAndKeepsWhatNeedsNoFolding() {
        #expect(XcodeProject.joined("/r/A", "B/c.swift") == "/r/A/B/c.swift")
        #expect(XcodeProject.joined("/r/A", "../B") == "/r/B")
        #expect(XcodeProject.joined("/r/A", "./B//c/") == "/r/A/B/c")
        #expect(XcodeProject.joined("/r/A/", "B") == "/r/A/B")
        #expect(XcodeProject.joined("/r", "/opt/x") == "/opt/x")
        #expect(XcodeProject.joined("/", "x") == "/x")
        #expect(XcodeProject.joined("/", "..") == "/")
        #expect(XcodeProject.joined("/r", "...") == "/r/...")
        #expect(XcodeProject.joined("/r/é", "../ü.swift") == "/r/ü.swift")
        #expect(XcodeProject.joined("r", "x") == "/r/x")
    }

    @Test func everyPrefixOfAProjectFailsCleanly() throws {
        let bytes = Array(Self.project.utf8)
        #expect(throws: Never.self) { try PropertyList.parse(bytes).get() }
        for n in stride(from: 0, to: bytes.count, by: 7) {
            if case .success = PropertyList.parse(Array(bytes[..<n])) {
                Issue.record("a project cut at \(n) bytes parsed")
            }
        }
    }

    @Test func xcconfigIncludesInheritAndConditionals() throws {
        let dir = try TemporaryFolder()
        try dir.write(
            "Config/Base.xcconfig",
            "#include \"common/Shared.xcconfig\"\n#include? \"Missing.xcconfig\"\n"
                + "OTHER_SWIFT_FLAGS = $(inherited) -enable-upcoming-feature InferIsolatedConformances\r\n"
                + "SWIFT_VERSION[sdk=macosx*] = 5.0\n// a comment\nSWIFT_STRICT_CONCURRENCY = complete;\n")
        try dir.write(
            "Config/common/Shared.xcconfig", "SWIFT_VERSION = 6.2 // the version\nOTHER_SWIFT_FLAGS = -DSHARED\n")
        try dir.write(
            "Config/Broken.xcconfig", "#include \"Nope.xcconfig\"\nnot a setting\n#include \"Broken.xcconfig\"\n")
        let read: (String) -> [UInt8]? = { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
        let (settings, problems) = XCConfig.apply(dir.path + "/Config/Base.xcconfig", over: ["A": "1"], read: read)
        #expect(
            settings == [
                "A": "1", "SWIFT_VERSION": "6.2", "SWIFT_STRICT_CONCURRENCY": "complete",
                "OTHER_SWIFT_FLAGS": "-DSHARED -enable-upcoming-feature InferIsolatedConformances",
            ])
        #expect(problems.isEmpty)
        let broken = XCConfig.apply(dir.path + "/Config/Broken.xcconfig", over: [:], read: read).problems
        let file = dir.path + "/Config/Broken.xcconfig"
        #expect(
            broken == [
                PlanProblem(file: file, line: 1, message: "#include \"Nope.xcconfig\" is missing"),
                PlanProblem(file: file, line: 2, message: "expected `KEY = value`, found 'not a setting'"),
                PlanProblem(file: file, line: 3, message: "#include \"Broken.xcconfig\" makes a cycle"),
            ])
    }

    @Test func settingNamesAreLettersDigitsAndUnderscores() {
        for name in ["SWIFT_VERSION", "A", "_x9", "Ärger", "OTHER_SWIFT_FLAGS2"] {
            #expect(XCConfig.isSettingName(Substring(name)), "\(name)")
        }
        for name in ["A-B", "A B", "A.B", "$(X)", "A@", "A[", "A`", "A{", "A/", "A:"] {
            #expect(!XCConfig.isSettingName(Substring(name)), "\(name)")
        }
    }

    @Test func buildSettingsGiveTheTargetsConcurrency() {
        let app = XcodeBuildSettings.concurrency([
            "SWIFT_VERSION": "5.0", "SWIFT_STRICT_CONCURRENCY": "targeted",
            "SWIFT_DEFAULT_ACTOR_ISOLATION": "MainActor",
            "SWIFT_UPCOMING_FEATURE_DISABLE_OUTWARD_ACTOR_ISOLATION": "YES",
            "SWIFT_UPCOMING_FEATURE_INFER_SENDABLE_FROM_CAPTURES": "NO",
            "OTHER_SWIFT_FLAGS": "-DDEBUG -enable-upcoming-feature ExistentialAny -strict-concurrency=complete",
        ])
        #expect(
            app
                == TargetConcurrency(
                    languageMode: 5, checking: .complete, defaultIsolationMainActor: true,
                    upcomingFeatures: ["DisableOutwardActorInference", "ExistentialAny"]))
        let approachable = XcodeBuildSettings.concurrency([
            "SWIFT_VERSION": "6.0", "SWIFT_APPROACHABLE_CONCURRENCY": "YES",
        ])
        #expect(approachable.languageMode == 6 && approachable.checking == .complete)
        #expect(approachable.upcomingFeatures == KnowledgeBase.approachableConcurrencyFeatures)
        #expect(
            XcodeBuildSettings.concurrency([:])
                == TargetConcurrency(
                    languageMode: 5, checking: .minimal, defaultIsolationMainActor: false, upcomingFeatures: []))
        #expect(XcodeBuildSettings.featureName(buildSetting: "MEMBER_IMPORT_VISIBILITY") == "MemberImportVisibility")
        #expect(
            XcodeBuildSettings.featureName(buildSetting: "IMPORT_OBJC_FORWARD_DECLS") == "ImportObjcForwardDeclarations"
        )
    }

    /// An app with a framework target, a test bundle, a synchronized folder with an exception,
    /// an xcconfig by reference and one by anchor, a local package reference and a product.
    static let project = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objectVersion = 77;
            objects = {
                F1 /* App.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = App.swift; sourceTree = "<group>"; };
                F2 /* Kit.swift */ = {isa = PBXFileReference; path = Kit/Kit.swift; sourceTree = SOURCE_ROOT; };
                F3 /* App.xcconfig */ = {isa = PBXFileReference; path = App.xcconfig; sourceTree = "<group>"; };
                F4 /* App.app */ = {isa = PBXFileReference; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
                B1 = {isa = PBXBuildFile; fileRef = F1 /* App.swift */; };
                B2 = {isa = PBXBuildFile; fileRef = F2 /* Kit.swift */; };
                G0 = {isa = PBXGroup; children = (G1, S1, S2, F3, ); sourceTree = "<group>"; };
                G1 /* AppSources */ = {isa = PBXGroup; children = (F1, ); path = AppSources; sourceTree = "<group>"; };
                S1 /* Shared */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1, E2, ); path = Shared; sourceTree = "<group>"; };
                S2 /* Config */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Config; sourceTree = "<group>"; };
                E1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (MacOnly.swift, ); target = T1; };
                E2 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Fixtures.swift, ); target = T3; };
                P1 = {isa = PBXSourcesBuildPhase; files = (B1, ); };
                P2 = {isa = PBXSourcesBuildPhase; files = (B2, ); };
                T1 /* App */ = {
                    isa = PBXNativeTarget;
                    buildConfigurationList = L1;
                    buildPhases = (P1, );
                    dependencies = (D1, );
                    fileSystemSynchronizedGroups = (S1, );
                    name = App;
                    packageProductDependencies = (X1, X2, );
                    productType = "com.apple.product-type.application";
                };
                T2 /* Kit */ = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (P2, ); name = Kit; productType = "com.apple.product-type.framework"; };
                T3 /* AppTests */ = {isa = PBXNativeTarget; buildConfigurationList = L3; dependencies = (D2, ); name = AppTests; productType = "com.apple.product-type.bundle.unit-test"; };
                D1 = {isa = PBXTargetDependency; target = T2 /* Kit */; };
                D2 = {isa = PBXTargetDependency; targetProxy = C2; };
                C2 = {isa = PBXContainerItemProxy; remoteGlobalIDString = T1; };
                X1 /* Core */ = {isa = XCSwiftPackageProductDependency; productName = Core; };
                X2 /* Remote */ = {isa = XCSwiftPackageProductDependency; package = R1; productName = Remote; };
                R1 = {isa = XCRemoteSwiftPackageReference; repositoryURL = "https://example.com/remote"; };
                R2 = {isa = XCLocalSwiftPackageReference; relativePath = ../Packages/Core; };
                L0 = {isa = XCConfigurationList; buildConfigurations = (C0D, C0R, ); defaultConfigurationName = Release; };
                L1 = {isa = XCConfigurationList; buildConfigurations = (C1D, C1R, ); };
                L2 = {isa = XCConfigurationList; buildConfigurations = (C2R, ); };
                L3 = {isa = XCConfigurationList; buildConfigurations = (C3R, ); };
                C0D = {isa = XCBuildConfiguration; buildSettings = {SWIFT_VERSION = 4.2; }; name = Debug; };
                C0R = {isa = XCBuildConfiguration; buildSettings = {SWIFT_VERSION = 5.0; OTHER_SWIFT_FLAGS = "-DPROJECT"; }; name = Release; };
                C1D = {isa = XCBuildConfiguration; buildSettings = {SWIFT_VERSION = 6.0; }; name = Debug; };
                C1R = {isa = XCBuildConfiguration; baseConfigurationReference = F3 /* App.xcconfig */; buildSettings = {SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor; OTHER_SWIFT_FLAGS = ("$(inherited)", "-DAPP", ); }; name = Release; };
                C2R = {isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = S2; baseConfigurationReferenceRelativePath = Kit.xcconfig; buildSettings = {}; name = Release; };
                C3R = {isa = XCBuildConfiguration; buildSettings = {SWIFT_VERSION = 6.0; }; name = Release; };
                PR = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; packageReferences = (R1, R2, ); projectDirPath = ""; targets = (T1, T2, T3, ); };
            };
            rootObject = PR /* Project object */;
        }
        """

    @Test func aProjectsTargetsSourcesDependenciesAndSettings() throws {
        let dir = try TemporaryFolder()
        try dir.write("App/Demo.xcodeproj/project.pbxproj", Self.project)
        try dir.write("App/AppSources/App.swift", "@main struct App {}\n")
        try dir.write("App/Kit/Kit.swift", "public struct Kit {}\n")
        try dir.write("App/Shared/Model.swift", "struct Model {}\n")
        try dir.write("App/Shared/Nested/View.swift", "struct V {}\n")
        try dir.write("App/Shared/MacOnly.swift", "struct Mac {}\n")
        try dir.write("App/Shared/Fixtures.swift", "struct Fixtures {}\n")
        try dir.write("App/App.xcconfig", "SWIFT_VERSION = 6.0\nSWIFT_STRICT_CONCURRENCY = complete\n")
        try dir.write("App/Config/Kit.xcconfig", "SWIFT_STRICT_CONCURRENCY = targeted\n")
        try dir.write("Packages/Core/Package.swift", "// swift-tools-version: 6.0\n")
        let project = XcodeProject(path: dir.path + "/App/Demo.xcodeproj")
        #expect(project.problems.isEmpty)
        #expect(project.configuration == "Release")
        #expect(project.localPackages == [dir.path + "/Packages/Core"])
        #expect(project.targets.map(\.name) == ["App", "Kit", "AppTests"])
        let app = project.targets[0]
        #expect(
            app.sourceFiles == [
                dir.path + "/App/AppSources/App.swift", dir.path + "/App/Shared/Fixtures.swift",
                dir.path + "/App/Shared/Model.swift", dir.path + "/App/Shared/Nested/View.swift",
            ])
        #expect(app.dependencies == ["Kit"])
        #expect(app.packageProducts == ["Core", "Remote"])
        #expect(app.settings["SWIFT_VERSION"] == "6.0")
        #expect(app.settings["SWIFT_STRICT_CONCURRENCY"] == "complete")
        #expect(app.settings["SWIFT_DEFAULT_ACTOR_ISOLATION"] == "MainActor")
        #expect(app.settings["OTHER_SWIFT_FLAGS"] == "-DPROJECT -DAPP")
        let kit = project.targets[1]
        #expect(kit.sourceFiles == [dir.path + "/App/Kit/Kit.swift"])
        #expect(kit.settings["SWIFT_VERSION"] == "5.0")
        #expect(kit.settings["SWIFT_STRICT_CONCURRENCY"] == "targeted")
        // A folder the tests are not attached to: its exception lists the files they do get.
        let tests = project.targets[2]
        #expect(tests.sourceFiles == [dir.path + "/App/Shared/Fixtures.swift"])
        #expect(tests.dependencies == ["App"])
    }

    @Test func lintTakesTheSettingsOfTheXcodeTargetHoldingAFile() throws {
        let dir = try TemporaryFolder()
        try dir.write("App/Demo.xcodeproj/project.pbxproj", Self.project)
        try dir.write("App/App.xcconfig", "SWIFT_VERSION = 6.0\n")
        try dir.write("App/Shared/Model.swift", "struct Model {}\n")
        try dir.write("App/Kit/Kit.swift", "public struct Kit {}\n")
        try dir.write("App/Loose.swift", "struct Loose {}\n")
        let files = ["App/Shared/Model.swift", "App/Kit/Kit.swift", "App/Loose.swift"].map { dir.path + "/" + $0 }
        var settings = WorkspaceSettings(configuration: Configuration())
        settings.load(for: files)
        #expect(!settings.settingsDependOnFolderOnly(files[0]) && !settings.settingsDependOnFolderOnly(files[1]))
        #expect(settings.settingsDependOnFolderOnly(files[2]))
        let app = settings.settings(for: files[0])
        #expect(app.targetName == "App" && app.kind == .executable)
        #expect(app.languageMode == 6 && app.defaultIsolationMainActor)
        let kit = settings.settings(for: files[1])
        #expect(kit.targetName == "Kit" && kit.kind == .library && kit.languageMode == 5 && !kit.completeChecking)
        #expect(settings.settings(for: files[2]) == .standalone)
        // `.isolint.json` keys override what the project says.
        var configuration = Configuration()
        configuration.defaultIsolationMainActor = false
        configuration.upcomingFeatures = ["ApproachableConcurrency"]
        var overridden = WorkspaceSettings(configuration: configuration)
        overridden.load(for: files)
        #expect(!overridden.settings(for: files[0]).defaultIsolationMainActor)
        #expect(overridden.settings(for: files[0]).upcomingFeatures == KnowledgeBase.approachableConcurrencyFeatures)
    }

    @Test func aMalformedProjectIsAProblemWithItsLine() throws {
        let dir = try TemporaryFolder()
        try dir.write("Bad.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = ;\n")
        let project = XcodeProject(path: dir.path + "/Bad.xcodeproj")
        #expect(project.targets.isEmpty)
        #expect(
            project.problems == [
                PlanProblem(file: dir.path + "/Bad.xcodeproj/project.pbxproj", line: 4, message: "unexpected ';'")
            ])
        let missing = XcodeProject(path: dir.path + "/Missing.xcodeproj")
        #expect(missing.problems.map(\.message) == ["cannot be read"])
    }

    static let iceCubes = "/work/corpus/IceCubesApp/IceCubesApp.xcodeproj"

    @Test(.enabled(if: FileManager.default.fileExists(atPath: iceCubes), "the IceCubesApp corpus is not here"))
    func iceCubesAppReadsAsItsIndexSays() {
        let project = XcodeProject(path: Self.iceCubes)
        #expect(project.problems.isEmpty)
        #expect(
            project.targets.map(\.name) == [
                "IceCubesApp", "IceCubesActionExtension", "IceCubesNotifications", "IceCubesShareExtension",
                "IceCubesAppWidgetsExtensionExtension",
            ])
        for t in project.targets {
            let c = XcodeBuildSettings.concurrency(t.settings)
            #expect(c.languageMode == 6, "\(t.name)")
            #expect(c.defaultIsolationMainActor, "\(t.name)")
            #expect(c.upcomingFeatures.isSuperset(of: KnowledgeBase.approachableConcurrencyFeatures), "\(t.name)")
        }
        let app = project.targets[0]
        #expect(app.settings["SWIFT_STRICT_CONCURRENCY"] == "complete")
        #expect(app.dependencies.count == 4)
        #expect(app.packageProducts.contains("Timeline") && app.packageProducts.contains("RevenueCat"))
        #expect(app.sourceFiles.contains { $0.hasSuffix("/IceCubesApp/App/Main/IceCubesApp.swift") })
        #expect(!app.sourceFiles.contains { $0.hasSuffix("/IceCubesAppIntents/ListEntity.swift") })
        let widgets = project.targets[4]
        #expect(widgets.sourceFiles.contains { $0.hasSuffix("/IceCubesAppIntents/ListEntity.swift") })
        #expect(project.localPackages.count == 13)
    }

    static let netNewsWire = "/work/corpus/NetNewsWire/NetNewsWire.xcodeproj"

    @Test(.enabled(if: FileManager.default.fileExists(atPath: netNewsWire), "the NetNewsWire corpus is not here"))
    func netNewsWireTakesItsSwiftVersionFromXcconfigFiles() {
        let project = XcodeProject(path: Self.netNewsWire)
        #expect(project.problems.isEmpty)
        let mac = project.targets.first { $0.name == "NetNewsWire" }
        #expect(mac?.settings["SWIFT_VERSION"] == "6.2")
        // The release xcconfig sets OTHER_SWIFT_FLAGS again without $(inherited).
        #expect(mac?.settings["OTHER_SWIFT_FLAGS"] == "-DRELEASE")
        #expect(mac.map { XcodeBuildSettings.kind(productType: $0.productType) } == .app)
        #expect((mac?.sourceFiles.count ?? 0) > 100)
        #expect(project.targets.allSatisfy { XcodeBuildSettings.concurrency($0.settings).languageMode == 6 })
    }
}
