import Foundation
import IsolintSyntax
import Testing

@testable import IsolintRules

/// One index for a workspace of several packages: a module sees its own declarations and those
/// of the modules it imports (and what they re-export), never another package's of the same name.
@Suite("Module visibility")
struct ModuleVisibilityTests {
    /// Files as (target, text); each target's files are its module.
    static func index(_ files: [(String, String)]) -> WorkspaceIndex {
        Pipeline.index(
            files.enumerated().map { i, f in
                let tree = Pipeline.parse(SourceFile(path: "Sources/\(f.0)/F\(i).swift", text: f.1))
                return Pipeline.indexPart(
                    tree, settings: f.0.isEmpty ? .standalone : TargetSettings(targetName: f.0, kind: .library))
            })
    }

    /// The findings of one rule in the last of `files`, linted with the index of them all.
    static func findings(_ rule: String, in files: [(String, String)]) -> [Finding] {
        guard let (target, text) = files.last else { return [] }
        let tree = Pipeline.parse(SourceFile(path: "Sources/\(target)/F\(files.count - 1).swift", text: text))
        let settings = TargetSettings(targetName: target, kind: .library)
        return Linter().lint(tree, index: index(files), settings: settings).filter { $0.ruleID == rule }
    }

    static let workspace: [(String, String)] = [
        ("Server", "public struct View: Sendable {}\npublic func serverOnly() {}\npublic var hits = 0\n"),
        (
            "App",
            "import SwiftUI\nstruct Screen: View { var body: some View { Text(\"\") } }\nfunc bump() { hits += 1 }\n"
        ),
        ("Client", "import Server\nfunc use(_ v: View) {}\n"),
        ("Umbrella", "@_exported import Server\n"),
        ("Leaf", "import Umbrella\n"),
        ("my-lib", "public struct Thing {}\n"),
        ("Other", "import my_lib\n"),
        ("", "struct Loose {}\n"),
    ]

    @Test func typeNamesResolveOnlyWhereTheirModuleIsImported() throws {
        let idx = Self.index(Self.workspace)
        let view = try #require(idx.symbol(qualified: "View"))
        let thing = try #require(idx.symbol(qualified: "Thing"))
        let loose = try #require(idx.symbol(qualified: "Loose"))
        func resolve(_ name: String, from module: String) -> ResolvedType {
            idx.resolve([name], in: LookupContext(module: module))
        }
        #expect(resolve("View", from: "Server") == .symbol(view))
        #expect(resolve("View", from: "Client") == .symbol(view))
        // SwiftUI's View, not the server's.
        #expect(resolve("View", from: "App") == .external(["View"]))
        // Through `@_exported import Server` in a module Leaf imports; not through a plain import.
        #expect(resolve("View", from: "Leaf") == .symbol(view))
        #expect(resolve("Thing", from: "Other") == .symbol(thing))
        #expect(resolve("Thing", from: "Client") == .external(["Thing"]))
        // Files outside any target see each other; no target sees them.
        #expect(resolve("Loose", from: "") == .symbol(loose))
        #expect(resolve("Loose", from: "App") == .external(["Loose"]))
    }

    /// `everyFreeFunction`: false when the module sees none of the name; else whether each one it
    /// sees (and only those) passes, told its module.
    @Test func everyFreeFunctionAsksOnlyThoseTheModuleSees() {
        let idx = Self.index([
            ("Core", "@MainActor public func reload() {}\npublic func log() {}\n"),
            ("Net", "public func reload() {}\n"),
            ("App", "import Core\nfunc log() {}\n"),
            ("Both", "import Core\nimport Net\n"),
        ])
        let isMain = { (_: String, f: FunctionInfo) in f.attributes.contains("MainActor") }
        #expect(idx.everyFreeFunction(named: "reload", seenFrom: "App", is: isMain))
        #expect(!idx.everyFreeFunction(named: "reload", seenFrom: "Both", is: isMain))
        // A module no file is in sees every module.
        #expect(idx.everyFreeFunction(named: "reload", seenFrom: "Other", is: { _, _ in true }))
        #expect(!idx.everyFreeFunction(named: "absent", seenFrom: "App", is: { _, _ in true }))
        var modules: [String] = []
        #expect(
            idx.everyFreeFunction(named: "log", seenFrom: "App") { m, _ in
                modules.append(m)
                return true
            })
        #expect(modules.sorted() == ["App", "Core"])
        modules = []
        #expect(
            idx.everyFreeFunction(named: "reload", seenFrom: "Net") { m, _ in
                modules.append(m)
                return true
            })
        #expect(modules == ["Net"])
    }

    @Test func functionsAndNameUsesCountOnlyWhereTheirModuleIsSeen() {
        var files = Self.workspace
        #expect(!Self.index(files).declaresFunction(named: "serverOnly", seenFrom: "App"))
        #expect(Self.index(files).declaresFunction(named: "serverOnly", seenFrom: "Client"))
        // App's `hits += 1` is about some other `hits`: App does not import Server.
        #expect(!Self.index(files).isMutated("hits", declaredIn: "Server"))
        files.append(("Client", "func reset() { hits = 0 }\n"))
        #expect(Self.index(files).isMutated("hits", declaredIn: "Server"))
    }

    /// The false alarm this prevents: another package's `struct View` made a SwiftUI view look
    /// nonisolated, so every use of a main-actor store in it was reported.
    @Test(arguments: [("import SwiftUI\n", 0), ("import SwiftUI\nimport Server\n", 1)])
    func aViewOfAnotherPackageDoesNotHideSwiftUIs(imports: String, findings: Int) {
        let app =
            imports + """
                @MainActor final class Store { func scope() -> Store { self } }
                struct Presenter: View {
                    let store: Store
                    init(store: Store) {
                        let store = store.scope()
                        self.store = store
                    }
                    var body: some View { Text("") }
                }

                """
        let found = Self.findings(
            "main-actor-singleton-off-main", in: [("Server", "public struct View {}\n"), ("App", app)])
        #expect(found.count == findings)
    }

    /// The cheap filters of main-actor names follow the import graph: a library's tests stop at
    /// them when only an app elsewhere in the workspace has main-actor types, and a module still
    /// reaches the types of the modules its imports depend on.
    @Test func mainActorNamesFollowTheImportGraph() {
        let idx = Self.index([
            ("UI", "@MainActor public final class Model { public func refresh() {}; public var title = \"\" }\n"),
            ("Ext", "import UI\nextension Model { public func extra() {} }\n"),
            ("Core", "import UI\npublic struct Holder { public let model: Model }\n"),
            ("Feature", "import Core\n"),
            ("Lib", "public func helper() {}\npublic final class Plain { func refresh() {} }\n"),
        ])
        let lib = idx.mainActorNames(seenFrom: "Lib")
        #expect(lib.methods.isEmpty && lib.properties.isEmpty && lib.types.isEmpty)
        #expect(lib.filter.mayContain(NameHash.of("helper")))
        for module in ["UI", "Ext", "Core", "Feature"] {
            let names = idx.mainActorNames(seenFrom: module)
            #expect(names.methods == ["refresh", "extra"], "\(module)")
            #expect(names.properties == ["title"], "\(module)")
            #expect(names.types == ["Model"], "\(module)")
            #expect(!names.filter.mayContain(NameHash.of("helper")), "\(module)")
            #expect(names.filter.mayContain(NameHash.of("extra")), "\(module)")
        }
        // Code of no known module: the whole workspace.
        #expect(idx.mainActorNames(seenFrom: "Elsewhere").filter.mayContain(NameHash.of("helper")))
        #expect(idx.mainActorNames(seenFrom: nil).types == ["Model"])
    }

    /// A test target (a dashed name) that imports the app's module still gets its finding when
    /// another target of the workspace sees no main-actor code.
    @Test(arguments: [("import XCTest\nimport App\n", 1), ("import XCTest\n", 0)])
    func aTestTargetReachesTheMainActorTypesItImports(imports: String, findings: Int) {
        let test =
            imports + """
                final class ModelTests: XCTestCase {
                    func testRefresh() {
                        let model = Model()
                        model.refresh()
                    }
                }

                """
        let files = [
            ("App", "@MainActor public final class Model { public init() {}; public func refresh() {} }\n"),
            ("Lib", "public func helper() {}\n"), ("app-tests", test),
        ]
        #expect(Self.findings("xctest-main-actor-isolation", in: files).count == findings)
    }
}
