import Foundation
import IsolintSyntax
import Testing

@testable import IsolintRules

/// What the model adds for sections 6–9: expression types, main-actor uses, closures passed to
/// `@MainActor` parameters, workspace markers, imports.
@Suite("Expression types and workspace facts")
struct ExpressionTypeTests {
    static func model(
        _ text: String, others: [String] = [], settings: TargetSettings = TargetSettings(targetName: "App")
    )
        -> SemanticModel
    {
        let tree = SyntaxTree.parse(SourceFile(path: "Sources/App/A.swift", text: text))
        let trees =
            [tree]
            + others.enumerated().map { SyntaxTree.parse(SourceFile(path: "Sources/App/O\($0).swift", text: $1)) }
        let index = Linter.index(trees, settings: settings)
        return SemanticModel(tree: tree, index: index, settings: settings)
    }

    /// The type text of the n-th identifier expression named `name`.
    static func type(_ m: SemanticModel, _ name: String, _ n: Int = 0) -> [String]? {
        let all = m.tree.nodes.indices.filter {
            m.tree.nodes[$0].kind == .identifierExpr && m.tree.name(of: Int32($0)) == name
        }
        guard n < all.count else { return nil }
        return m.typeOfExpression(Int32(all[n]))?.unwrapped.path
    }

    @Test func localsCapturesBindingsAndLoops() {
        let m = Self.model(
            """
            import SwiftData
            struct Trip {}
            final class Exporter {
                let context: ModelContext
                var trips: [Trip] = []
                init(context: ModelContext) { self.context = context }
                func run(container: ModelContainer) async {
                    let copy = context
                    let main = container.mainContext
                    let fresh = await ModelContext(container)
                    Task.detached { [copy, renamed = main] in
                        print(copy, renamed)
                    }
                    if let unwrapped = Optional(copy) { print(unwrapped) }
                    for trip in trips { print(trip) }
                    print(fresh, main.container)
                }
            }
            """)
        #expect(Self.type(m, "context", 0) == ["ModelContext"])
        #expect(Self.type(m, "copy", 1) == ["ModelContext"])
        #expect(Self.type(m, "renamed") == ["ModelContext"])
        #expect(Self.type(m, "unwrapped") == ["ModelContext"])
        #expect(Self.type(m, "trip") == ["Trip"])
        #expect(Self.type(m, "fresh", 0) == ["ModelContext"])
        #expect(Self.type(m, "main", 1) == ["ModelContext"])
        let access = m.tree.nodes.indices.first {
            m.tree.nodes[$0].kind == .memberAccess && m.tree.name(of: Int32($0)) == "container"
        }
        #expect(access.flatMap { m.typeOfExpression(Int32($0))?.path } == ["ModelContainer"])
    }

    @Test func environmentKeyPathsAndMacroMembers() {
        let m = Self.model(
            """
            import SwiftData
            import SwiftUI
            struct ListView: View {
                @Environment(\\.modelContext) private var modelContext
                var body: some View { Text("\\(modelContext)") }
            }
            @ModelActor
            actor Importer {
                func go() { print(modelContext, self.modelContainer) }
            }
            """)
        #expect(Self.type(m, "modelContext", 0) == ["ModelContext"])
        #expect(Self.type(m, "modelContext", 1) == ["ModelContext"])
        let container = m.tree.nodes.indices.first {
            m.tree.nodes[$0].kind == .memberAccess && m.tree.name(of: Int32($0)) == "modelContainer"
        }
        #expect(container.flatMap { m.typeOfExpression(Int32($0))?.path } == ["ModelContainer"])
        #expect(m.importedModules == ["SwiftData", "SwiftUI"])
    }

    @Test func sameFileMethodResultsAndPropertiesOfOtherTypes() {
        let m = Self.model(
            """
            final class Tests {
                var sut: Store!
                func makeStore() -> Store { Store() }
                func test() {
                    let store = makeStore()
                    print(store, sut.items)
                }
            }
            """, others: ["final class Store { var items: [Item] = [] }\nstruct Item {}"])
        #expect(Self.type(m, "store", 0) == ["Store"])
        let items = m.tree.nodes.indices.first {
            m.tree.nodes[$0].kind == .memberAccess && m.tree.name(of: Int32($0)) == "items"
        }
        #expect(items.flatMap { m.typeOfExpression(Int32($0)) } == .array(.nominal([.init("Item")])))
    }

    @Test func synchronousMainActorUsesSkipAwaitsHopsAndSelectors() throws {
        let m = Self.model(
            """
            @MainActor final class VM {
                var count = 0
                nonisolated let name: String
                init(name: String) { self.name = name }
                func load() {}
            }
            @MainActor final class Plain { var text = "" }
            final class T {
                @MainActor func helper() {}
                @objc func tapped() {}
                func test() async {
                    let vm = await VM(name: "a")
                    vm.load()
                    print(vm.count, vm.name)
                    await vm.load()
                    let p = Plain()
                    await MainActor.run { vm.load() }
                    helper()
                    print(#selector(tapped), p)
                    _ = VM(name: "b")
                }
            }
            """)
        let body = try #require(
            m.tree.nodes.indices.last { m.tree.nodes[$0].kind == .funcDecl }.flatMap {
                m.tree.firstChild(Int32($0), kind: .codeBlock)
            })
        let owner = try #require(m.tree.nodes.indices.last { m.tree.nodes[$0].kind == .classDecl }.map { Int32($0) })
        let uses = m.synchronousMainActorUses(in: body, owner: owner).map(\.name)
        #expect(uses == ["VM.load()", "VM.count", "helper", "VM.init"])
    }

    @Test func closuresPassedToMainActorParametersRunOnTheMainActor() throws {
        let text = """
            func onMain<R: Sendable>(execute block: @MainActor @Sendable () -> R) -> R { fatalError() }
            func anywhere(_ block: () -> Void) { block() }
            final class Store {
                deinit {
                    onMain { probe() }
                    anywhere { p2() }
                }
            }
            """
        let tree = SyntaxTree.parse(SourceFile(path: "Sources/App/A.swift", text: text))
        let settings = TargetSettings(targetName: "App")
        let model = IsolationModel(tree: tree, index: Linter.index([tree], settings: settings), settings: settings)
        func probe(_ name: String) throws -> Isolation {
            let n = try #require(
                tree.nodes.indices.first { tree.nodes[$0].kind == .identifierExpr && tree.name(of: Int32($0)) == name })
            return model.compilerIsolation(at: Int32(n))
        }
        #expect(try probe("probe").isMainActor)
        #expect(try probe("p2").kind == .nonisolated)
    }

    @Test func workspaceMarkers() {
        func markers(_ text: String) -> Set<String> {
            Linter.index([SyntaxTree.parse(SourceFile(path: "A.swift", text: text))]).apiMarkers
        }
        #expect(markers("let c = ModelConfiguration(cloudKitDatabase: .private(\"iCloud.x\"))") == ["cloudKitDatabase"])
        #expect(markers("let c = ModelConfiguration(cloudKitDatabase: .none)").isEmpty)
        #expect(markers("struct V { @Query var items: [Item] }") == ["Query"])
        #expect(
            markers("let p = NotificationCenter.default.publisher(for: ModelContext.didSave)") == [
                "ModelContext.didSave"
            ])
        #expect(markers("let p = other.didSave").isEmpty)
    }
}
