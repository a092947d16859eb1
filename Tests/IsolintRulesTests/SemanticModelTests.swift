import Foundation
import IsolintSyntax
import Testing

@testable import IsolintRules

/// The per-file semantic model: locals and captures, member isolation, main-actor state.
@Suite("Semantic model")
struct SemanticModelTests {
    /// The knowledge base's mutating methods, asked by token: every one of them (backticked
    /// too), and no near name, whatever the filter in front lets through.
    @Test func mutatingMethodsAreFoundByToken() {
        let names = KnowledgeBase.mutatingMethods.sorted()
        let near = names.flatMap { [$0 + "s", String($0.dropLast()), "_" + $0, $0.uppercased()] }
        let source = (names.map { "x.\($0)()" } + names.map { "x.`\($0)`()" } + near.map { "x.\($0)()" })
            .joined(separator: "\n")
        let tree = SyntaxTree.parse(text: source)
        var found: [String] = []
        for n in tree.nodes.indices where tree.nodes[n].kind == .memberAccess {
            if KnowledgeBase.namesMutatingMethod(tree, token: tree.nodes[n].name) {
                found.append(tree.name(of: Int32(n)))
            }
        }
        let expected = names + names + near.filter { KnowledgeBase.mutatingMethods.contains($0) }
        #expect(found == expected)
    }

    /// A declaration's qualified name and its parent's: every enclosing type, up to and with an
    /// extension's type as written (without generic arguments); functions and closures on the
    /// way do not count.
    @Test func qualifiedNamesOfDeclarations() {
        let tree = SyntaxTree.parse(
            text: """
                struct Top {}
                enum Outer { struct Mid { class Inner { typealias T = Int; func f() {} } } }
                extension A.Options<Int> { struct Deep { actor Z {} } }
                func free() { struct Local {} }
                """)
        func declared(_ name: String) -> (String, String?) {
            guard
                let n = tree.nodes.indices.first(where: { tree.nodes[$0].name >= 0 && tree.name(of: Int32($0)) == name }
                )
            else { return ("?", "?") }
            return tree.qualifiedName(of: Int32(n))
        }
        #expect(declared("Top") == ("Top", nil))
        #expect(declared("Inner") == ("Outer.Mid.Inner", "Outer.Mid"))
        #expect(declared("T") == ("Outer.Mid.Inner.T", "Outer.Mid.Inner"))
        #expect(declared("f") == ("Outer.Mid.Inner", "Outer.Mid"))
        #expect(declared("Z") == ("A.Options.Deep.Z", "A.Options.Deep"))
        #expect(declared("Local") == ("Local", nil))
        #expect(declared("free") == ("", nil))
    }

    /// captured-var-in-sendable-closure's first question: the names a closure's writes start at,
    /// each once, in source order — those `isMutation` accepts, and none that start at `self` or
    /// a call.
    @Test func mutationRootsOfAClosure() throws {
        let tree = SyntaxTree.parse(
            text: """
                let c = {
                    a = 1
                    b.c[0] += 2
                    swap(&d, &e.f)
                    g.h.append(1)
                    self.count += 1
                    make().x = 1
                    a.removeAll()
                    k == 1
                    l.count
                }
                """)
        let closure = try #require(tree.nodes.indices.first { tree.nodes[$0].kind == .closure })
        let roots = CapturedVarInSendableClosure().mutationRoots(Int32(closure), tree)
        #expect(roots.map { tree.name(of: $0) } == ["a", "b", "d", "e", "g", "a"])
        #expect(roots == roots.sorted() && Set(roots).count == roots.count)
    }

    static func model(_ text: String, settings: TargetSettings = TargetSettings(targetName: "App")) -> SemanticModel {
        let tree = SyntaxTree.parse(SourceFile(path: "Sources/App/A.swift", text: text))
        let index = Linter.index([tree], settings: settings)
        return SemanticModel(tree: tree, index: index, settings: settings)
    }

    /// A class's own main-actor members: those it declares `@MainActor`, and those that another
    /// file's extension declares so (the index's); none for a class without (the quick answer),
    /// every instance member but `nonisolated` ones for a `@MainActor` class.
    @Test func ownMainActorMembersComeFromEveryDeclaration() {
        let settings = TargetSettings(targetName: "App")
        func members(_ text: String, extensionText: String = "") -> Set<String> {
            let tree = SyntaxTree.parse(SourceFile(path: "Sources/App/A.swift", text: text))
            let other = SyntaxTree.parse(SourceFile(path: "Sources/App/B.swift", text: extensionText))
            let m = SemanticModel(
                tree: tree, index: Linter.index([tree, other], settings: settings), settings: settings)
            let owner = tree.nodes.indices.first { tree.nodes[$0].kind == .classDecl }.map { Int32($0) } ?? -1
            return m.ownMainActorMembers(owner)
        }
        #expect(members("final class T { func a() {}; var b = 0 }").isEmpty)
        #expect(members("final class T { @MainActor func a() {}; var b = 0 }") == ["a"])
        #expect(members("final class T { @`MainActor` func a() {} }") == ["a"])
        // The language server's index may predate the edit that added the attribute: the
        // declaration's own text decides, backticks or not.
        for attribute in ["@MainActor", "@`MainActor`"] {
            let edited = SyntaxTree.parse(
                SourceFile(path: "Sources/App/A.swift", text: "final class T { \(attribute) func a() {} }"))
            let before = SyntaxTree.parse(
                SourceFile(path: "Sources/App/A.swift", text: "final class T { func a() {} }"))
            let m = SemanticModel(tree: edited, index: Linter.index([before], settings: settings), settings: settings)
            let owner = edited.nodes.indices.first { edited.nodes[$0].kind == .classDecl }.map { Int32($0) } ?? -1
            #expect(m.ownMainActorMembers(owner) == ["a"], "\(attribute)")
        }
        #expect(
            members("final class T { func a() {} }", extensionText: "extension T { @MainActor func c() {} }") == ["c"])
        #expect(
            members("final class T { func a() {} }", extensionText: "extension T { @MainActor var d: Int { 0 } }")
                == ["d"])
        #expect(members("@MainActor final class T { func a() {}; nonisolated func e() {} }") == ["a"])
        // The word in a comment or a string passes the byte search; the tokens then decide.
        #expect(members("final class T { /* not MainActor */ func a() { _ = \"MainActor\" } }").isEmpty)
    }

    /// The byte search before a token scan: exactly the node's bytes (not the text after it),
    /// a match that ends the node, a near miss, an empty word.
    @Test func sourceTextSearchReadsExactlyTheNodesBytes() {
        let tree = SyntaxTree.parse(
            SourceFile(
                path: "A.swift",
                text: "struct S { var MainActo = 0 }\nclass C { @MainActor func f() {} }\ntypealias T = MainActor\n"))
        func node(_ kind: NodeKind) -> Int32 {
            tree.nodes.indices.first { tree.nodes[$0].kind == kind }.map { Int32($0) } ?? -1
        }
        #expect(!tree.sourceText(of: node(.structDecl), contains: "MainActor"))
        #expect(tree.sourceText(of: node(.structDecl), contains: "MainActo"))
        #expect(tree.sourceText(of: node(.classDecl), contains: "MainActor"))
        #expect(tree.sourceText(of: node(.typealiasDecl), contains: "MainActor"))
        #expect(!tree.sourceText(of: node(.typealiasDecl), contains: "MainActorX"))
        #expect(tree.sourceText(of: node(.structDecl), contains: ""))
    }

    /// The n-th identifier expression named `name` (0-based).
    static func identifier(_ m: SemanticModel, _ name: String, _ n: Int = 0) -> Int32 {
        let all = m.tree.nodes.indices.filter {
            m.tree.nodes[$0].kind == .identifierExpr && m.tree.name(of: Int32($0)) == name
        }
        return n < all.count ? Int32(all[n]) : -1
    }

    @Test func localsResolveByScope() throws {
        let m = Self.model(
            """
            func f(value: Int, _ other: Int) {
                print(value, other)
                if let value = Optional(1) { print(value) }
                guard let late = Optional(2) else { return }
                let shadow = 1
                do { let shadow = 2; print(shadow) }
                print(late, shadow)
                for (i, item) in [1].enumerated() { print(i, item) }
                let c = { (p: Int) in print(p, value) }
            }
            """)
        #expect(m.resolveLocal("value", at: Self.identifier(m, "value", 0))?.kind == .parameter)
        #expect(m.resolveLocal("other", at: Self.identifier(m, "other", 0))?.kind == .parameter)
        #expect(m.resolveLocal("value", at: Self.identifier(m, "value", 1))?.kind == .optionalBinding)
        #expect(m.resolveLocal("late", at: Self.identifier(m, "late", 0))?.kind == .optionalBinding)
        let inner = try #require(m.resolveLocal("shadow", at: Self.identifier(m, "shadow", 0)))
        let outer = try #require(m.resolveLocal("shadow", at: Self.identifier(m, "shadow", 1)))
        #expect(inner.node != outer.node)
        #expect(m.resolveLocal("i", at: Self.identifier(m, "i", 0))?.kind == .pattern)
        #expect(m.resolveLocal("item", at: Self.identifier(m, "item", 0))?.kind == .pattern)
        #expect(m.resolveLocal("p", at: Self.identifier(m, "p", 0))?.kind == .closureParameter)
        // The closure's `value` is the function's parameter (the if-let's is out of scope).
        #expect(m.resolveLocal("value", at: Self.identifier(m, "value", 2))?.kind == .parameter)
        #expect(m.resolveLocal("print", at: Self.identifier(m, "print", 0)) == nil)
    }

    /// Two bindings of one name in one block: a use sees the last declared before it, wherever
    /// the block's other bindings and those of nested scopes were found.
    @Test func inOneBlockTheLastBindingBeforeAUseWins() throws {
        let m = Self.model(
            """
            func f(a: Int) {
                let b = 0
                let a = a + 1
                print(a)
                if true { let c = 1; print(c) }
                guard let a = Optional(a) else { return }
                let z = 2
                print(a, b, z)
            }
            """)
        // `a` uses: the initializer of the local (the parameter), the first print (the local),
        // the guard's initializer (the local), the last print (the guard's).
        #expect(m.resolveLocal("a", at: Self.identifier(m, "a", 0))?.kind == .parameter)
        #expect(m.resolveLocal("a", at: Self.identifier(m, "a", 1))?.kind == .local)
        #expect(m.resolveLocal("a", at: Self.identifier(m, "a", 2))?.kind == .local)
        #expect(m.resolveLocal("a", at: Self.identifier(m, "a", 3))?.kind == .optionalBinding)
        #expect(m.resolveLocal("b", at: Self.identifier(m, "b", 0))?.kind == .local)
        #expect(m.resolveLocal("c", at: Self.identifier(m, "c", 0))?.kind == .local)
        #expect(m.resolveLocal("z", at: Self.identifier(m, "z", 0))?.kind == .local)
    }

    /// A local is visible after its own binding: `let store = store.scope()` reads the parameter,
    /// and a closure in a local's initializer does not see that local (the compiler rejects it).
    @Test func aLocalIsNotVisibleInItsOwnInitializer() throws {
        let m = Self.model(
            """
            func f(store: Int) {
                let store = store + 1, next = store
                var count = { count }()
                print(store, next, count)
            }
            """)
        #expect(m.resolveLocal("store", at: Self.identifier(m, "store", 0))?.kind == .parameter)
        let local = try #require(m.resolveLocal("store", at: Self.identifier(m, "store", 1)))
        #expect(local.kind == .local && m.tree.start(local.node) == 29)
        #expect(m.resolveLocal("store", at: Self.identifier(m, "store", 2))?.node == local.node)
        #expect(m.resolveLocal("count", at: Self.identifier(m, "count", 0)) == nil)
        #expect(m.resolveLocal("count", at: Self.identifier(m, "count", 1))?.kind == .local)
    }

    /// Scopes are built per top-level item (an edit re-checks one item and builds only its
    /// scopes); a name resolves the same in every item, and not across items.
    @Test func localsResolveWithinTheirTopLevelItem() throws {
        let m = Self.model(
            """
            func f(store: Int) { let x = store; print(x) }
            let top = 1
            struct S { func g() { let x = 2; print(x, store) } }
            """)
        let items = m.tree.items.map(\.firstNode)
        #expect(items.count == 3)
        let firstX = Self.identifier(m, "x", 0)
        let secondX = Self.identifier(m, "x", 1)
        #expect(m.tree.itemNodes(containing: firstX) == items[0]..<items[1])
        #expect(m.tree.itemNodes(containing: secondX) == items[2]..<Int32(m.tree.nodes.count))
        #expect(m.tree.itemNodes(containing: 0) == nil)
        #expect(m.tree.itemNodes(containing: Int32(m.tree.nodes.count)) == nil)
        let x0 = try #require(m.resolveLocal("x", at: firstX))
        let x1 = try #require(m.resolveLocal("x", at: secondX))
        #expect(m.tree.start(x0.node) == 25 && m.tree.start(x1.node) == 85)
        // `store` in S.g is not f's parameter.
        #expect(m.resolveLocal("store", at: Self.identifier(m, "store", 0))?.kind == .parameter)
        #expect(m.resolveLocal("store", at: Self.identifier(m, "store", 1)) == nil)
    }

    @Test func capturesOfAClosure() throws {
        let m = Self.model(
            """
            final class Loader {
                var items: [Int] = []
                func load(id: Int) {
                    var count = 0
                    let work = { [weak self] in
                        let local = 1
                        count += local + id
                        self?.items.append(count)
                        items.removeAll()
                    }
                    _ = work
                }
            }
            """)
        let closure = try #require(m.tree.nodes.indices.first { m.tree.nodes[$0].kind == .closure }.map { Int32($0) })
        let captures = m.captures(of: closure)
        #expect(captures.map(\.name) == ["count", "id", "self"])
        #expect(captures.first { $0.name == "count" }?.binding?.isVar == true)
        #expect(captures.first { $0.name == "id" }?.binding?.kind == .parameter)
        #expect(captures.first { $0.name == "self" }?.references.count == 2)
    }

    @Test func memberIsolationByTheMembersOwnDeclaration() throws {
        let m = Self.model(
            """
            @MainActor final class Store {
                static let shared = Store()
                let id = UUID()
                let cache = NSMutableDictionary()
                var items: [String] = []
                nonisolated func describe() -> String { "" }
                nonisolated(unsafe) var legacy = 0
                func refresh() {}
            }
            """)
        func member(_ name: String) -> Int32 {
            for (i, n) in m.tree.nodes.enumerated()
            where (n.kind == .funcDecl && m.tree.name(of: Int32(i)) == name)
                || (n.kind == .varDecl && IndexBuilder.propertyInfos(m.tree, Int32(i)).contains { $0.name == name })
            {
                return Int32(i)
            }
            return -1
        }
        #expect(m.isMainActorState(member("shared")))
        #expect(!m.isMainActorState(member("id")))
        #expect(m.isMainActorState(member("cache")))
        #expect(m.isMainActorState(member("items")))
        #expect(!m.isMainActorState(member("describe")))
        #expect(!m.isMainActorState(member("legacy")))
        #expect(m.isMainActorState(member("refresh")))
    }

    @Test func typesOfSimpleExpressions() throws {
        let m = Self.model(
            """
            @MainActor final class Store { static let shared = Store(); func refresh() {} }
            final class Screen {
                let store: Store
                init(store: Store) { self.store = store }
                func go(other: Store) {
                    let local = Store()
                    _ = (store, self.store, other, local, Store.shared)
                }
            }
            """)
        let store = try #require(m.index.symbol(qualified: "Store"))
        let tuple = try #require(m.tree.nodes.indices.first { m.tree.nodes[$0].kind == .tupleExpr }.map { Int32($0) })
        let values = m.tree.children(tuple, kind: .argument).compactMap { m.tree.value(of: $0) }
        #expect(values.count == 5)
        for v in values { #expect(m.typeSymbol(of: v) == store, "\(m.tree.text(of: v))") }
    }
}
