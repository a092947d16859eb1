import IsolintSyntax

/// `swift-testing-shared-state`: a nonisolated Swift Testing suite whose stored properties hold
/// main-actor values that its tests touch synchronously.
public struct SwiftTestingSharedState: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "swift-testing-shared-state", severity: .error,
        summary: "A nonisolated Swift Testing suite stores a @MainActor value its tests touch synchronously.",
        explanation: """
            ## What it finds
            A Swift Testing suite — a type with `@Test` methods or the `@Suite` attribute — that is not \
            `@MainActor` (a suite nested in a `@MainActor` suite is not: nested types do not inherit it) and \
            whose stored properties hold a main-actor type (one the index marks `@MainActor`, also through its \
            target's default isolation, or a main-actor SDK type), while its code touches that property's \
            main-actor members synchronously from a nonisolated test or helper. `.serialized` does not count: \
            it orders the tests, it does not isolate them. The finding starts at the suite's `struct`/`class` \
            keyword, with a note at each use.

            ## Why it matters in Swift 6
            Swift Testing runs the tests of a nonisolated suite off the main actor, in parallel by default. \
            Storing a main-actor value is allowed (it is Sendable), but every synchronous use of its members is \
            a main-actor call from a nonisolated context, which Swift 6 rejects (`[#ActorIsolatedCall]`). Uses \
            that `await`, or tests marked `@MainActor`, compile and are not reported.

            ## Fix
            Add `@MainActor` to the suite: its tests, its `init` and its stored properties then run on the \
            main actor.

            ## Before / after
            ```swift
            @Suite(.serialized) struct CartTests {
                let cart = CartViewModel()
                @Test func adds() { cart.add(.apple) }      // error: main actor-isolated 'add' from nonisolated
            }
            @Suite(.serialized) @MainActor struct CartTests {
                let cart = CartViewModel()
                @Test func adds() { cart.add(.apple) }
            }
            ```
            """,
        compilerGroup: "ActorIsolatedCall")

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.structDecl, .classDecl, .actorDecl, .enumDecl] }

    public func check(_ decl: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        guard file.model.importedModules.contains(KnowledgeBase.testingModule) else { return }
        let members = tree.members(of: decl)
        guard isSuite(decl, members: members, tree), !file.isolation.typeIsolation(decl).isGlobalActor else { return }
        // Stored instance properties of a main-actor type.
        var held: [String: String] = [:]
        for m in members where tree[m].kind == .varDecl && !tree.hasModifier(m, "static") {
            for p in IndexBuilder.propertyInfos(tree, m) where p.isStored {
                if let typeName = mainActorType(of: p, at: m, file) { held[p.name] = typeName }
            }
        }
        guard !held.isEmpty else { return }
        var uses: [(node: Int32, property: String, member: String)] = []
        for m in members where [.funcDecl, .initDecl].contains(tree[m].kind) {
            guard !file.isolation.compilerIsolation(at: m).isGlobalActor,
                let body = tree.firstChild(m, kind: .codeBlock)
            else { continue }
            for use in file.model.synchronousMainActorUses(in: body, owner: decl) {
                guard let property = heldProperty(touchedBy: use.node, held, file),
                    !file.isolation.compilerIsolation(at: use.node).isGlobalActor
                else { continue }
                uses.append((use.node, property, use.name))
            }
        }
        guard let first = uses.first, tree[decl].keyword >= 0 else { return }
        let name = tree.name(of: decl)
        let serialized = tree.attributes(of: decl).contains { tree.text(of: $0).contains(".serialized") }
        findings.append(
            file.finding(
                Self.descriptor,
                file.range(from: tree[decl].keyword, through: max(tree[decl].keyword, tree[decl].name)),
                "Suite '\(name)' is not isolated to the main actor, but its tests use '\(first.member)' of the @MainActor \(held[first.property] ?? "") in '\(first.property)' synchronously: Swift 6 rejects it\(serialized ? ", and `.serialized` orders tests, it does not isolate them" : ""). Mark the suite @MainActor.",
                fixes: [
                    Fix(
                        title: "Mark the suite @MainActor",
                        edits: [Edits.insert("@\(KnowledgeBase.mainActor) ", at: Edits.afterAttributes(tree, decl))])
                ],
                notes: uses.prefix(4).map {
                    Note(range: tree.range(of: $0.node), message: "'\($0.member)' of '\($0.property)' is used here")
                }))
    }

    /// A type with `@Test` members or the `@Suite` attribute.
    func isSuite(_ decl: Int32, members: [Int32], _ tree: SyntaxTree) -> Bool {
        if tree.attributeNames(of: decl).contains(KnowledgeBase.suiteAttribute) { return true }
        return members.contains {
            tree[$0].kind == .funcDecl && tree.attributeNames(of: $0).contains(KnowledgeBase.testAttribute)
        }
    }

    /// The main-actor type a property holds (declared or inferred, optionals looked through).
    func mainActorType(of p: PropertyInfo, at decl: Int32, _ file: FileContext) -> String? {
        guard let (type, context) = file.index.type(of: p, in: file.model.lookupContext(at: decl)),
            let path = type.unwrapped.path
        else { return nil }
        switch file.index.resolve(path, in: context) {
        case .symbol(let s):
            return file.index.globalActor(of: s)?.actor == KnowledgeBase.mainActor ? file.index.symbolName(s) : nil
        case .external(let e):
            return e.last.flatMap { KnowledgeBase.isMainActorSDKType($0) ? $0 : nil }
        default:
            return nil
        }
    }

    /// The held property a use goes through: `vm.x`, `self.vm.x`.
    func heldProperty(touchedBy node: Int32, _ held: [String: String], _ file: FileContext) -> String? {
        let tree = file.tree
        guard tree[node].kind == .memberAccess, let base = tree.children(node).first else { return nil }
        switch tree[base].kind {
        case .identifierExpr:
            let name = tree.name(of: base)
            return held[name] != nil && file.model.resolveLocal(name, at: base) == nil ? name : nil
        case .memberAccess:
            guard let inner = tree.children(base).first, tree[inner].kind == .selfExpr else { return nil }
            let name = tree.name(of: base)
            return held[name] != nil ? name : nil
        default:
            return nil
        }
    }
}
