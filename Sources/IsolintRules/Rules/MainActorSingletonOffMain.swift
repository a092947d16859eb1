import IsolintSyntax

/// `main-actor-singleton-off-main`: `Store.shared` of a main-actor type, or a main-actor method
/// of it, used synchronously from code that is not on the main actor.
public struct MainActorSingletonOffMain: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "main-actor-singleton-off-main", severity: .error,
        summary: "A main-actor type's `shared` instance (or method) is used off the main actor without `await`.",
        explanation: """
            ## What it finds
            A static member of a main-actor-isolated type — typically `Store.shared` — or a main-actor method \\
            of it, reached without `await` from a position that is not on the main actor: a `nonisolated` \\
            function, an actor's member, a `Task.detached` or global-queue closure, a `@concurrent` function. \\
            Awaited uses, uses inside a hop to the main actor (`await MainActor.run {}`, `Task { @MainActor \\
            in }`, `MainActor.assumeIsolated {}`), `nonisolated` members and instance `let`s of Sendable types \\
            are fine. A `static let shared` of a main-actor type is main-actor isolated itself.

            ## Why it matters in Swift 6
            The singleton's state belongs to the main actor; touching it from another thread is a data race. \\
            Swift 6 rejects it: "main actor-isolated static property 'shared' can not be referenced from a \\
            nonisolated context".

            ## Which fix when
            1. **Make the function `@MainActor`** — when its callers are main-actor code already (or can \\
            `await` it): the cheapest change, and the function says where it runs.
            2. **Hop to the main actor** — `await MainActor.run { … }` around the use in async code, \\
            `Task { @MainActor in … }` in synchronous code (fire and forget).
            Often better still: pass the instance in explicitly, so the function does not reach for a global.

            ## Before / after
            ```swift
            nonisolated func currentToken() -> String? { SessionStore.shared.token }   // error in Swift 6

            @MainActor func currentToken() -> String? { SessionStore.shared.token }
            ```
            """,
        compilerGroup: "ActorIsolatedCall")

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.memberAccess] }

    public func check(_ access: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        // Cheap test first: `Name.member` or `value.method(…)`.
        guard let base = tree.children(access).first,
            tree[base].kind == .identifierExpr || tree[base].kind == .memberAccess
        else { return }
        // Cheap tests first: `MainActorType.member`, or a call of a member name some main-actor
        // type has, in code off the main actor.
        // Read in place through the model (asked of every member access: a local copy of the
        // names retained and released each of their tables), and by the tokens' hashes: the
        // member's hashed once, no `String` made.
        let model = file.model
        let member = tree.nameHash(token: tree[access].name)
        guard model.mainActorNames.filter.mayContain(member), model.mainActorNames.isMember(hash: member) else {
            return
        }
        let parent = tree[access].parent
        guard
            tree[base].kind == .identifierExpr
                && model.mainActorNames.types.contains(hash: tree.nameHash(token: tree[base].name))
                || tree[parent].kind == .call && tree.callee(of: parent) == access
                    && model.mainActorNames.methods.contains(hash: member)
        else { return }
        let here = file.isolation.compilerIsolation(at: access)
        switch here.kind {
        case .nonisolated, .concurrent, .detached, .actor, .globalActor: break
        case .mainActor, .unknown: return
        }
        guard let use = model.mainActorMemberOfOtherType(access, base: base) else { return }
        // `Store.shared.refresh()`: reported once, at `Store.shared`.
        if tree[base].kind == .memberAccess, let inner = tree.children(base).first,
            model.mainActorMemberOfOtherType(base, base: inner) != nil
        {
            return
        }
        guard !tree.isAwaited(access), !reportedByClosureRule(access, model) else { return }
        let where_ = describe(here)
        findings.append(
            file.finding(
                Self.descriptor, tree.range(of: access),
                "'\(use.name)' is main-actor isolated, but this code runs \(where_): reach it with `await`, hop to the main actor, or make the function @MainActor.",
                fixes: fixes(access, use, file)))
    }

    func describe(_ isolation: Isolation) -> String {
        switch isolation.kind {
        case .actor(let name): return "on actor \(name)"
        case .globalActor(let name): return "on @\(name)"
        case .concurrent: return "off any actor (@concurrent)"
        case .detached: return "in a detached task"
        default: return "off the main actor (\(isolation.reason))"
        }
    }

    /// A closure handed off from main-actor code (`DispatchQueue.global().async` in a view
    /// controller): sendable-closure-touches-main-actor reports it, with its own fixes.
    func reportedByClosureRule(_ node: Int32, _ model: SemanticModel) -> Bool {
        let tree = model.tree
        var n = tree[node].parent
        var steps = 0
        while n >= 0, steps < 4096 {
            steps += 1
            if tree[n].kind == .closure, model.isolation.closureIsolation(n) != nil {
                guard let call = tree.callReceiving(closure: n) else { return false }
                return model.isolation.compilerIsolation(at: call).isMainActor
            }
            if [.funcDecl, .initDecl, .deinitDecl].contains(tree[n].kind) { return false }
            n = tree[n].parent
        }
        return false
    }

    func fixes(_ access: Int32, _ use: MainActorUse, _ file: FileContext) -> [Fix] {
        let tree = file.tree
        var out: [Fix] = []
        let function = tree.enclosing(access, [.closure, .funcDecl, .initDecl, .deinitDecl])
        // 1. The enclosing function itself, when nothing between says otherwise.
        if let f = function, tree[f].kind == .funcDecl, !tree.hasModifier(f, "nonisolated"),
            file.isolation.declarationIsolation(f) == nil,
            tree.enclosingType(of: f).map({ tree[$0].kind != .actorDecl }) ?? true
        {
            out.append(
                Fix(
                    title: "Make '\(tree.name(of: f))' @MainActor (its callers must be on the main actor or await it)",
                    edits: [Edits.insert("@MainActor ", at: tree.start(f))]))
        }
        // 2. A hop around the expression (async code) or the statement (synchronous code).
        let chain = outermostChain(access, tree)
        let text = tree.text(of: chain)
        guard !text.contains("try"), !text.contains("await") else { return out }
        let isAsync =
            function.map { f in
                tree[f].kind == .closure
                    ? tree[f].flags.contains(.isAsync) || isTaskClosure(f, file) : tree[f].flags.contains(.isAsync)
            } ?? false
        if isAsync {
            out.append(
                Fix(
                    title: "Hop to the main actor with `await MainActor.run { … }`",
                    edits: [Edits.replace(tree.range(of: chain), with: "await MainActor.run { \(text) }")]))
        } else if let statement = expressionStatement(chain, tree) {
            out.append(
                Fix(
                    title: "Hop to the main actor with `Task { @MainActor in … }` (runs later, not in order)",
                    edits: [
                        Edits.replace(
                            tree.range(of: statement), with: "Task { @MainActor in \(tree.text(of: statement)) }")
                    ]))
        }
        return out
    }

    /// `Store.shared.items.count` / `Store.shared.refresh()`: the member chain the access starts.
    func outermostChain(_ access: Int32, _ tree: SyntaxTree) -> Int32 {
        var n = access
        var steps = 0
        while steps < 64 {
            steps += 1
            let p = tree[n].parent
            guard p >= 0 else { break }
            let kind = tree[p].kind
            if (kind == .memberAccess || kind == .subscriptExpr) && tree.children(p).first == n
                || kind == .call && tree.callee(of: p) == n
            {
                n = p
            } else {
                break
            }
        }
        return n
    }

    /// The statement a call or an assignment is, when moving it into a `Task` loses no value:
    /// not the lone statement of a closure or of a function with a result (an implicit return).
    func expressionStatement(_ expr: Int32, _ tree: SyntaxTree) -> Int32? {
        let p = tree[expr].parent
        let statement: Int32
        if [.codeBlock, .closure].contains(tree[p].kind), tree[expr].kind == .call {
            statement = expr
        } else if tree[p].kind == .sequenceExpr, [.codeBlock, .closure].contains(tree[tree[p].parent].kind) {
            statement = p
        } else {
            return nil
        }
        let block = tree[statement].parent
        if tree.children(block).filter({ ![.captureList, .closureParam, .parameterClause].contains(tree[$0].kind) })
            .count == 1
        {
            if tree[block].kind == .closure { return nil }
            let owner = tree[block].parent
            if tree[owner].kind == .funcDecl, tree.firstChild(owner, kind: .type) != nil { return nil }
        }
        return statement
    }

    /// A `Task {}` / `Task.detached {}` closure: async whether or not it says so.
    func isTaskClosure(_ closure: Int32, _ file: FileContext) -> Bool {
        guard let call = file.tree.callReceiving(closure: closure) else { return false }
        return file.model.taskKind(of: call) != nil
    }
}
