import IsolintSyntax

/// `escaping-closure-missing-sendable`: an escaping closure parameter handed to another
/// isolation domain without `@Sendable`/`sending`, and non-Sendable closure properties of
/// types that declare Sendable.
public struct EscapingClosureMissingSendable: Rule {
    public static let descriptor = RuleDescriptor(
        id: "escaping-closure-missing-sendable", severity: .error,
        summary: "An escaping closure crosses into another isolation domain without `@Sendable` or `sending`.",
        explanation: """
            ## What it finds
            An `@escaping` closure parameter without `@Sendable` or `sending` that the function hands to \
            another isolation domain: captured in `Task.detached {}`, in a `Task {}` started from a context \
            not isolated to a global actor, or in a `DispatchQueue….async` closure; or stored into an \
            instance property of an actor or of a type declaring `Sendable`/`@unchecked Sendable`. Also a \
            stored closure property of such a declared-Sendable type whose function type lacks `@Sendable` \
            (not on actors or `@MainActor` types: their isolation protects their properties).

            ## Why it matters in Swift 6
            The closure's captures stay with the caller while its body runs elsewhere: a data race the \
            compiler reports for `Task` and `DispatchQueue` (`[#SendingClosureRisksDataRace]`, \
            `[#SendableClosureCaptures]`) and does not report at all for the actor and `@unchecked Sendable` \
            storage forms.

            ## Which fix when
            1. **Require a `@Sendable` closure** — the closure may run concurrently or be called more than \
            once from elsewhere. This changes the API: callers must pass closures that capture only Sendable values.
            2. **Take the closure as `sending`** — it is handed off exactly once (offered when the parameter \
            is used once); callers keep passing ordinary closures they do not use afterwards.

            ## Before / after
            ```swift
            func load(completion: @escaping (Data) -> Void) {
                DispatchQueue.global().async { completion(Data()) }   // error in Swift 6
            }
            func load(completion: @escaping @Sendable (Data) -> Void) {
                DispatchQueue.global().async { completion(Data()) }
            }
            ```
            """,
        compilerGroup: "SendingClosureRisksDataRace")

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.parameter, .varDecl] }

    public func check(_ node: Int32, in file: FileContext, into findings: inout [Finding]) {
        if file.tree[node].kind == .parameter {
            checkParameter(node, file, &findings)
        } else {
            checkProperty(node, file, &findings)
        }
    }

    /// A function type (written, or through a workspace typealias) that is neither `@Sendable`,
    /// `sending`, nor global-actor isolated (`@MainActor () -> Void` is Sendable already).
    func needsSendable(_ tree: SyntaxTree, _ type: Int32, _ index: WorkspaceIndex) -> Bool {
        let f = tree[type].flags
        if f.contains(.isSendable) || f.contains(.isSending) || f.contains(.hasGlobalActor) { return false }
        if f.contains(.isFunctionType) { return true }
        return index.closureTypealiases[tree.name(of: type)] == false
    }

    func checkParameter(_ param: Int32, _ file: FileContext, _ findings: inout [Finding]) {
        let tree = file.tree
        // `@escaping`, or an optional closure (which escapes without saying so).
        guard let type = tree.firstChild(param, kind: .type),
            tree[type].flags.contains(.isEscaping) || tree[type].flags.isSuperset(of: [.isOptional, .isFunctionType]),
            needsSendable(tree, type, file.index)
        else { return }
        let clause = tree[param].parent
        guard clause >= 0 else { return }
        let function = tree[clause].parent
        guard function >= 0, [.funcDecl, .initDecl].contains(tree[function].kind),
            let body = tree.firstChild(function, kind: .codeBlock)
        else { return }
        let internalName = tree[param].keyword >= 0 ? tree[param].keyword : tree[param].name
        guard internalName >= 0 else { return }
        let name = tree.text(token: internalName)
        let references = tree.subtree(body).filter { tree[$0].kind == .identifierExpr && tree.name(of: $0) == name }
        var handoff: String?
        for r in references {
            if let h = handOff(r, body: body, file) { handoff = h; break }
        }
        guard let handoff else { return }
        var fixes = [sendableFix(tree, type)]
        if references.count == 1 {
            fixes.append(
                Fix(
                    title: "Take the closure as `sending` (handed off exactly once)",
                    edits: [Edits.insert("sending ", at: tree.start(type))]))
        }
        findings.append(
            file.finding(
                Self.descriptor, tree.startOf(token: internalName)..<tree.range(of: param).upperBound,
                "Escaping closure '\(name)' is not Sendable but is \(handoff); its captures would be shared across isolation domains.",
                fixes: fixes))
    }

    /// How a reference leaves the function's isolation domain, or nil.
    func handOff(_ reference: Int32, body: Int32, _ file: FileContext) -> String? {
        let tree = file.tree
        // Passed itself as the work item: `queue.async(execute: work)`, `Task.detached(operation: work)`.
        let direct = tree[reference].parent
        if direct >= 0, tree[direct].kind == .argument {
            let call = tree[direct].parent
            if call >= 0, tree[call].kind == .call, let callee = tree.callee(of: call),
                let path = tree.plainPath(of: callee)
            {
                if CalleeClassifier.isBackgroundQueueDispatch(path) {
                    return "passed to \(path), whose work item is @Sendable"
                }
                if path == "Task.detached" { return "passed to Task.detached" }
            }
        }
        var n = tree[reference].parent
        while n >= 0, n != body {
            if tree[n].kind == .closure, let call = tree.callReceiving(closure: n), let callee = tree.callee(of: call),
                let path = tree.plainPath(of: callee)
            {
                if path == "Task.detached" { return "captured by Task.detached" }
                if path == "Task", !file.isolation.isolation(at: call).isGlobalActor {
                    return "captured by a Task started outside any global actor"
                }
                // From main-actor code, the compiler knows `DispatchQueue.main` stays on the main actor.
                if CalleeClassifier.isMainQueueDispatch(path), !file.isolation.isolation(at: call).isMainActor {
                    return "captured by \(path), whose closure is @Sendable"
                }
                if CalleeClassifier.isBackgroundQueueDispatch(path) {
                    return "captured by \(path), whose closure is @Sendable"
                }
            }
            n = tree[n].parent
        }
        // Stored into an instance property of an actor or a type declaring Sendable: assigned
        // (`x = closure`) or added to a collection (`xs.append(closure)`).
        guard var target = storageTarget(of: reference, tree) else { return nil }
        // `handlers[key] = closure` stores into `handlers`.
        if tree[target].kind == .subscriptExpr, let base = tree.children(target).first { target = base }
        let property: String
        if tree[target].kind == .identifierExpr {
            property = tree.name(of: target)
        } else if tree[target].kind == .memberAccess, let base = tree.children(target).first,
            tree[base].kind == .selfExpr
        {
            property = tree.name(of: target)
        } else {
            return nil
        }
        guard let owner = tree.enclosingType(of: reference) else { return nil }
        let ownerName = tree.name(of: owner)
        guard let info = file.index.type(ownerName),
            info.properties.contains(where: { $0.name == property && !$0.isStatic })
        else { return nil }
        if info.kind == .actorDecl { return "stored in property '\(property)' of actor \(ownerName)" }
        if file.index.inherited(ownerName).contains("Sendable") {
            return "stored in property '\(property)' of Sendable type \(ownerName)"
        }
        return nil
    }

    /// The property expression a reference is stored into, if any.
    func storageTarget(of reference: Int32, _ tree: SyntaxTree) -> Int32? {
        let parent = tree[reference].parent
        guard parent >= 0 else { return nil }
        if tree[parent].kind == .sequenceExpr {
            let operands = Array(tree.children(parent))
            guard let k = operands.firstIndex(of: reference), k > 0,
                tree.tokens[Int(tree[operands[k - 1]].endToken)].kind == .equal
            else { return nil }
            return operands[k - 1]
        }
        if tree[parent].kind == .argument {
            let call = tree[parent].parent
            guard call >= 0, tree[call].kind == .call, let callee = tree.callee(of: call),
                tree[callee].kind == .memberAccess,
                KnowledgeBase.mutatingMethods.contains(tree.name(of: callee))
            else { return nil }
            return tree.children(callee).first
        }
        return nil
    }

    func checkProperty(_ decl: Int32, _ file: FileContext, _ findings: inout [Finding]) {
        let tree = file.tree
        // Cheap test first: does any binding have a non-Sendable function type?
        guard
            tree.children(decl, kind: .binding).contains(where: { b in
                tree.firstChild(b, kind: .type).map { needsSendable(tree, $0, file.index) } ?? false
            }),
            !tree.hasModifier(decl, "static"), !tree.hasModifier(decl, "class"), let owner = directOwnerType(tree, decl)
        else { return }
        let kind = tree[owner].kind
        guard kind == .classDecl || kind == .structDecl || kind == .enumDecl || kind == .extensionDecl else { return }
        let ownerName = tree.name(of: owner)
        guard file.index.inherited(ownerName).contains("Sendable"), !file.isolation.typeIsolation(owner).isGlobalActor
        else { return }
        for b in tree.children(decl, kind: .binding) where IndexBuilder.isStored(tree, b) {
            guard let type = tree.firstChild(b, kind: .type), needsSendable(tree, type, file.index) else { continue }
            let keyword = tree[decl].keyword
            findings.append(
                file.finding(
                    Self.descriptor, file.range(from: keyword, through: tree[b].name >= 0 ? tree[b].name : keyword),
                    "'\(tree.name(of: b))' stores a non-Sendable closure in \(ownerName), which declares Sendable: any thread may call it while its captures are not protected.",
                    fixes: [sendableFix(tree, type)]))
        }
    }

    /// `@Sendable ` before the function type's parameter list (inside `( … )?` for optionals).
    func sendableFix(_ tree: SyntaxTree, _ type: Int32) -> Fix {
        let n = tree[type]
        var offset = tree.start(type)
        var k = n.firstToken
        while k < n.endToken {
            let t = tree.tokens[Int(k)]
            if t.kind == .lParen {
                let close = tree.matching[Int(k)]
                if close > k, Int(close) + 1 < tree.tokens.count {
                    let after = tree.tokens[Int(close) + 1]
                    if after.kind == .arrow || after.keyword == .async || after.keyword == .throws {
                        offset = Int(t.start)
                        break
                    }
                }
            }
            k += 1
        }
        return Fix(
            title: "Require a @Sendable closure (API change: callers must pass Sendable closures)",
            edits: [Edits.insert("@Sendable ", at: offset)])
    }
}
