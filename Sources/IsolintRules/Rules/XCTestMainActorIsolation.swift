import IsolintSyntax

/// `xctest-main-actor-isolation`: a nonisolated XCTest test method that uses main-actor code
/// synchronously.
public struct XCTestMainActorIsolation: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "xctest-main-actor-isolation", severity: .error,
        summary: "A nonisolated XCTest method uses main-actor types or XCTest's main-actor API synchronously.",
        explanation: """
            ## What it finds
            A test method (`func test…()`) of an `XCTestCase` subclass, neither it nor its class `@MainActor`, \
            that synchronously uses main-actor code: a type the index marks `@MainActor` (in this file, another \
            file or another target) — its methods and properties, or an initializer it declares isolated \
            (an implicit one is nonisolated when every default value is: creating such a value compiles, using \
            it does not) —, a `@MainActor` helper of its own class, or XCTest's own main-actor API: \
            `waitForExpectations(timeout:)`. Uses under `await` hop to the main actor and compile; so does \
            code inside `MainActor.run { … }`. The finding starts at the `func` keyword, with a note at each use.

            ## Why it matters in Swift 6
            XCTest runs test methods nonisolated unless they say otherwise. Swift 6 rejects the synchronous \
            main-actor calls (`[#ActorIsolatedCall]`), the nonisolated autoclosures of `XCTAssert…` that read \
            main-actor state, and `waitForExpectations(timeout:)` from a plain test (`[#SendingRisksDataRace]`: \
            the test case itself would cross to the main actor). In real migrations this is the most common \
            edit of test targets — and its largest group comes from `waitForExpectations`, not from the app's \
            types.

            ## Fix
            Add `@MainActor` to the test method (not the class: its `setUp`/`tearDown` overrides would stay \
            nonisolated and could no longer touch its properties), and `async` when it awaits.

            ## Before / after
            ```swift
            func testAddsItem() {
                let cart = CartViewModel(store: .empty)   // @MainActor init
                cart.add(.apple)
                XCTAssertEqual(cart.count, 1)
            }
            @MainActor func testAddsItem() {
                let cart = CartViewModel(store: .empty)
                cart.add(.apple)
                XCTAssertEqual(cart.count, 1)
            }
            ```
            """,
        compilerGroup: "ActorIsolatedCall")

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.funcDecl] }

    public func check(_ decl: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        let nameToken = tree[decl].name
        // The name first, on its bytes: asked of every function of every file.
        guard nameToken >= 0, tree.tokenRange(nameToken).count > 4, tree.token(nameToken, hasPrefix: "test"),
            file.model.importedModules.contains(KnowledgeBase.xctestModule),
            !tree.hasModifier(decl, "static"), let owner = directOwnerType(tree, decl),
            let clause = tree.firstChild(decl, kind: .parameterClause),
            tree.children(clause, kind: .parameter).isEmpty, file.model.isXCTestCase(owner),
            !file.isolation.compilerIsolation(at: decl).isGlobalActor,
            let body = tree.firstChild(decl, kind: .codeBlock)
        else { return }
        var uses = file.model.synchronousMainActorUses(in: body, owner: owner).map { ($0.node, "'\($0.name)'") }
        uses += xctestMainActorCalls(in: body, file).map { ($0, "XCTest's main-actor 'waitForExpectations(timeout:)'") }
        uses += awaitedOwnMembers(in: body, owner: owner, file).map {
            (
                $0.0,
                "'\($0.1)' of its own class (awaiting it sends the test case, which is not Sendable, to the main actor)"
            )
        }
        uses = uses.filter { !file.isolation.compilerIsolation(at: $0.0).isGlobalActor }.sorted { $0.0 < $1.0 }
        guard let first = uses.first else { return }
        var edits = [Edits.insert("@\(KnowledgeBase.mainActor) ", at: Edits.afterAttributes(tree, decl))]
        if !tree[decl].flags.contains(.isAsync), tree.subtree(body).contains(where: { tree[$0].kind == .awaitExpr }) {
            edits.append(Edits.insert(" async", at: tree.range(of: clause).upperBound))
        }
        let keyword = tree[decl].keyword
        guard keyword >= 0 else { return }
        findings.append(
            file.finding(
                Self.descriptor, file.range(from: keyword, through: nameToken),
                "Test method '\(tree.text(token: nameToken))' is not isolated to the main actor, but it uses \(first.1) synchronously: Swift 6 rejects it. Mark the test @MainActor.",
                fixes: [Fix(title: "Mark the test method @MainActor", edits: edits)],
                notes: uses.prefix(4).map { Note(range: tree.range(of: $0.0), message: "uses \($0.1) here") }))
    }

    /// `waitForExpectations(…)` / `self.waitForExpectations(…)` calls (not the class's own method
    /// of that name).
    func xctestMainActorCalls(in body: Int32, _ file: FileContext) -> [Int32] {
        let tree = file.tree
        // Cheap tests first: the name's bytes appear in the body (a byte search, most bodies have
        // none), then among its tokens (not in a comment or a string).
        guard tree.sourceText(of: body, contains: "waitForExpectations"),
            tree.containsToken(in: body, where: { tree.token($0, is: "waitForExpectations") })
        else { return [] }
        var out: [Int32] = []
        for n in tree.subtree(body) where tree[n].kind == .call {
            guard let callee = tree.callee(of: n), let name = tree.calleeName(of: n),
                KnowledgeBase.xctestMainActorMethods.contains(name)
            else { continue }
            switch tree[callee].kind {
            case .identifierExpr:
                if file.model.resolveLocal(name, at: callee) == nil { out.append(n) }
            case .memberAccess:
                if let base = tree.children(callee).first, tree[base].kind == .selfExpr { out.append(n) }
            default:
                break
            }
        }
        return out
    }

    /// Awaited calls of the class's own main-actor members: the hop sends `self`, a test case,
    /// which is not Sendable (`[#SendingRisksDataRace]`).
    func awaitedOwnMembers(in body: Int32, owner: Int32, _ file: FileContext) -> [(Int32, String)] {
        let tree = file.tree
        // The token scan first: the owner's Sendability costs a symbol lookup per test method.
        guard tree.containsToken(in: body, where: { tree.tokens[Int($0)].keyword == .await }) else { return [] }
        // The class's main-actor members (remembered per class; most test classes have none)
        // before its Sendability, and a call's name among them before it is resolved locally.
        let own = file.model.ownMainActorMembers(owner)
        if own.isEmpty || file.model.declaredSendability(of: owner).isUnconditional { return [] }
        var out: [(Int32, String)] = []
        for a in tree.subtree(body) where tree[a].kind == .awaitExpr {
            for n in tree.subtree(a) where tree[n].kind == .call {
                guard let callee = tree.callee(of: n) else { continue }
                let name = tree.name(of: callee)
                guard own.contains(name) else { continue }
                switch tree[callee].kind {
                case .identifierExpr:
                    guard file.model.resolveLocal(name, at: callee) == nil else { continue }
                case .memberAccess:
                    guard let base = tree.children(callee).first, tree[base].kind == .selfExpr else { continue }
                default:
                    continue
                }
                out.append((n, name + "()"))
            }
        }
        return out
    }
}
