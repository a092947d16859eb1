import IsolintSyntax

/// `model-context-crosses-isolation`: a `ModelContext` used inside `Task.detached`, inside a
/// `Task` started from a nonisolated context, or passed to another actor.
public struct ModelContextCrossesIsolation: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "model-context-crosses-isolation", severity: .error,
        summary: "A ModelContext is used from another isolation domain (a detached task, another actor).",
        explanation: """
            ## What it finds
            A `ModelContext` made outside — a stored property (`@Environment(\\.modelContext)` included), a \
            parameter, a captured local or a capture-list entry — used inside a `Task.detached` closure, inside \
            a `Task {}` whose closure does not run on the actor it was started from (a `Task` started from a \
            nonisolated context, or one hopping to another actor), or passed as an argument to another actor's \
            method or initializer. A context made inside the task (`ModelContext(container)`), a `@ModelActor`'s \
            own `modelContext` used in a `Task {}` inside the actor, and a fresh context handed over and never \
            used again by its maker are fine. The finding starts at the first use inside the closure, or at the \
            argument passed to the actor.

            ## Why it matters in Swift 6
            `ModelContext` is not Sendable: it belongs to the actor (or thread) that made it. Swift 6 rejects \
            sending it (`[#SendingClosureRisksDataRace]`: "passing closure as a 'sending' parameter risks \
            causing data races"), and where the check is silenced, SwiftData crashes intermittently when two \
            threads use one context — the classic "shared a context with a detached task" bug.

            ## Fix
            **Move the work into a `@ModelActor` actor** (generated): an actor that owns its own \
            `modelContext`, created from the `ModelContainer` (which is Sendable: \
            `let container = modelContext.container` crosses instead), with the offending work as a method. \
            Outer values the work needs become parameters; what cannot be passed (uses of `self`, values of \
            unknown type, a result the task returns) is marked `TODO(isolint)`. For a context passed to an \
            actor, pass the container and let the actor make its own context.

            ## Before / after
            ```swift
            let context = modelContext
            Task.detached { try context.delete(model: Trip.self) }   // error: the context crosses

            let container = modelContext.container
            Task.detached { try await ClearWorker(modelContainer: container).clear() }
            @ModelActor
            actor ClearWorker {
                func clear() throws { try modelContext.delete(model: Trip.self) }
            }
            ```
            """,
        compilerGroup: "SendingClosureRisksDataRace")

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.closure, .call] }

    public func check(_ node: Int32, in file: FileContext, into findings: inout [Finding]) {
        // A file that can name a ModelContext imports SwiftData.
        guard file.model.importsSwiftData else { return }
        if file.tree[node].kind == .closure {
            checkTask(node, file, &findings)
        } else {
            checkActorCall(node, file, &findings)
        }
    }

    // MARK: Tasks

    func checkTask(_ closure: Int32, _ file: FileContext, _ findings: inout [Finding]) {
        let tree = file.tree
        guard let call = tree.callReceiving(closure: closure), let name = tree.calleeName(of: call),
            name == "detached" || name == KnowledgeBase.unstructuredTask || name == "init",
            let callee = tree.callee(of: call), let path = tree.plainPath(of: callee),
            let kind = taskKind(path), crosses(kind, closure: closure, call: call, file)
        else { return }
        let uses = outerContextUses(in: closure, file)
        guard let first = uses.first else { return }
        let what = kind == .detached ? "Task.detached" : "a Task that does not run on the actor it was started from"
        var fixes: [Fix] = []
        if let outer = outerExpression(of: first, closure: closure, file),
            let fix = ModelActorGenerator(file: file).fix(
                call: call, closure: closure,
                context: ModelActorGenerator.Context(references: uses, outerExpression: outer))
        {
            fixes.append(fix)
        }
        findings.append(
            file.finding(
                Self.descriptor, tree.range(of: first),
                "ModelContext '\(tree.text(of: first))' is used inside \(what): a ModelContext is not Sendable and belongs to the actor that made it. Swift 6 rejects sending it, and SwiftData crashes when two threads share a context. Give the work its own context with a @ModelActor.",
                fixes: fixes))
    }

    enum TaskKind { case detached, unstructured }

    func taskKind(_ path: String) -> TaskKind? {
        switch path {
        case KnowledgeBase.detachedTask: return .detached
        case KnowledgeBase.unstructuredTask, KnowledgeBase.unstructuredTask + ".init": return .unstructured
        default: return nil
        }
    }

    /// A `Task {}` crosses when its closure does not run isolated to the actor of its context:
    /// started from nonisolated code, or hopping to another actor.
    func crosses(_ kind: TaskKind, closure: Int32, call: Int32, _ file: FileContext) -> Bool {
        if kind == .detached { return true }
        let outer = file.isolation.compilerIsolation(at: call)
        let inner = file.isolation.compilerIsolation(at: closure)
        switch inner.kind {
        case .mainActor, .globalActor, .actor: return inner.kind != outer.kind
        default: return true
        }
    }

    /// References inside the closure to a ModelContext that comes from outside it, in source order.
    func outerContextUses(in closure: Int32, _ file: FileContext) -> [Int32] {
        let tree = file.tree
        var out: [Int32] = []
        var stack: [Int32] = []
        tree.pushChildren(of: closure, onto: &stack)
        while let n = stack.popLast() {
            let kind = tree[n].kind
            if [.funcDecl, .classDecl, .structDecl, .enumDecl, .actorDecl, .captureList].contains(kind) { continue }
            if kind == .identifierExpr || kind == .memberAccess, isModelContext(n, file),
                comesFromOutside(n, closure: closure, file)
            {
                out.append(n)
                continue
            }
            tree.pushChildren(of: n, onto: &stack)
        }
        return out
    }

    func isModelContext(_ expr: Int32, _ file: FileContext) -> Bool {
        file.model.typeOfExpression(expr)?.unwrapped.path?.last == KnowledgeBase.modelContextType
    }

    /// Whether an expression's value was made outside the closure: a member (through `self`), an
    /// outer local or parameter, a capture-list entry; not a local made inside, not a fresh
    /// `ModelContext(…)` local its maker never uses again.
    func comesFromOutside(_ expr: Int32, closure: Int32, _ file: FileContext) -> Bool {
        let tree = file.tree
        var root = expr
        for _ in 0..<32 where tree[root].kind == .memberAccess {
            guard let base = tree.children(root).first else { break }
            root = base
        }
        switch tree[root].kind {
        case .selfExpr:
            return true
        case .identifierExpr:
            let name = tree.name(of: root)
            guard let b = file.model.resolveLocal(name, at: root) else { return true }
            let closureRange = tree.range(of: closure)
            if closureRange.contains(tree.start(b.node)) {
                // A capture-list entry of this closure captures from outside, unless it makes a new context.
                guard b.kind == .capture, b.scope == closure else { return false }
                if let i = tree.firstChild(b.node, kind: .initializer), let v = tree.children(i).first {
                    return !isFreshContext(v, file)
                }
                return true
            }
            return !isFreshLocal(b, unusedOutside: closure, file)
        default:
            return false
        }
    }

    /// `ModelContext(container)`.
    func isFreshContext(_ expr: Int32, _ file: FileContext) -> Bool {
        let tree = file.tree
        var e = expr
        while tree[e].kind == .tryExpr || tree[e].kind == .awaitExpr, let c = tree.children(e).first { e = c }
        return tree[e].kind == .call && tree.callee(of: e).map { tree.text(of: $0) } == KnowledgeBase.modelContextType
    }

    /// A local initialized with a fresh context and not used outside `closure` after it: sending it
    /// is allowed (region-based isolation, SE-0414).
    func isFreshLocal(_ b: LocalBinding, unusedOutside closure: Int32, _ file: FileContext) -> Bool {
        let tree = file.tree
        guard b.kind == .local, tree[b.node].kind == .binding, !b.isVar,
            let i = tree.firstChild(b.node, kind: .initializer), let v = tree.children(i).first,
            isFreshContext(v, file)
        else { return false }
        let closureRange = tree.range(of: closure)
        let scopeNodes = tree.subtree(b.scope)
        return !scopeNodes.contains { n in
            tree[n].kind == .identifierExpr && tree.name(of: n, is: b.name) && !closureRange.contains(tree.start(n))
                && tree.start(n) > closureRange.lowerBound && file.model.resolveLocal(b.name, at: n)?.node == b.node
        }
    }

    /// How code outside the closure names the context a use refers to.
    func outerExpression(of use: Int32, closure: Int32, _ file: FileContext) -> String? {
        let tree = file.tree
        let isClass = tree.enclosingType(of: closure).map { [.classDecl, .actorDecl].contains(tree[$0].kind) } ?? false
        switch tree[use].kind {
        case .memberAccess:
            guard let base = tree.children(use).first, tree[base].kind == .selfExpr else { return nil }
            return (isClass ? "self." : "") + tree.name(of: use)
        case .identifierExpr:
            let name = tree.name(of: use)
            guard let b = file.model.resolveLocal(name, at: use) else { return (isClass ? "self." : "") + name }
            if b.kind == .capture, b.scope == closure {
                if let i = tree.firstChild(b.node, kind: .initializer), let v = tree.children(i).first {
                    return tree.text(of: v)
                }
                if file.model.resolveLocal(name, at: tree[closure].parent) == nil {
                    return (isClass ? "self." : "") + name
                }
            }
            return name
        default:
            return nil
        }
    }

    // MARK: Actors

    /// `await importer.run(context: modelContext)`, `Importer(context: modelContext)`: a context
    /// passed to another actor.
    func checkActorCall(_ call: Int32, _ file: FileContext, _ findings: inout [Finding]) {
        let tree = file.tree
        let args = tree.arguments(of: call)
        guard !args.isEmpty, let callee = tree.callee(of: call), let actorName = receivingActor(callee, file) else {
            return
        }
        for arg in args {
            guard let v = tree.value(of: arg), tree[v].kind == .identifierExpr || tree[v].kind == .memberAccess,
                isModelContext(v, file), !isFreshContext(v, file)
            else { continue }
            if tree[v].kind == .identifierExpr, let b = file.model.resolveLocal(tree.name(of: v), at: v),
                isFreshLocal(b, unusedOutside: call, file)
            {
                continue
            }
            findings.append(
                file.finding(
                    Self.descriptor, tree.range(of: v),
                    "ModelContext '\(tree.text(of: v))' is passed to actor \(actorName): a ModelContext is not Sendable and belongs to the actor that made it. Pass the ModelContainer and let the actor make its own context (@ModelActor).",
                    severity: nil))
            return
        }
    }

    /// The workspace actor a call's callee belongs to (not `self`'s): `value.method`, `Actor(…)`.
    func receivingActor(_ callee: Int32, _ file: FileContext) -> String? {
        let tree = file.tree
        let symbol: SymbolID?
        switch tree[callee].kind {
        case .memberAccess:
            guard let base = tree.children(callee).first, tree[base].kind != .selfExpr,
                tree[base].kind != .superExpr
            else { return nil }
            symbol = file.model.typeSymbolOfExpression(base)
        case .identifierExpr:
            let name = tree.name(of: callee)
            guard name.first?.isUppercase == true, file.model.resolveLocal(name, at: callee) == nil else { return nil }
            symbol = file.index.resolveSymbol([name], in: file.model.lookupContext(at: callee))
        default:
            return nil
        }
        guard let s = symbol, file.index.symbolKind(s) == .actorDecl else { return nil }
        return file.index.symbolName(s)
    }
}
