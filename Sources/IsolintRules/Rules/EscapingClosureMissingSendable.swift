import IsolintSyntax

/// `escaping-closure-missing-sendable`: an escaping closure parameter handed to another
/// isolation domain without `@Sendable`/`sending`, and non-Sendable closure properties of
/// types that declare Sendable.
public struct EscapingClosureMissingSendable: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "escaping-closure-missing-sendable", severity: .error,
        summary: "An escaping closure crosses into another isolation domain without `@Sendable` or `sending`.",
        explanation: """
            ## What it finds
            An `@escaping` closure parameter without `@Sendable` or `sending` that the function hands to \
            another isolation domain: captured in `Task.detached {}`, in a `Task {}` started from a context \
            not isolated to a global actor, in a `DispatchQueue….async` closure, or in any closure passed to a \
            parameter the workspace or the knowledge base knows is `@Sendable`; passed to such a parameter \
            directly or through other workspace functions (the message shows the chain); or stored — also \
            inside a tuple, array or enum payload — into an instance property of an actor or of a type \
            declaring `Sendable`/`@unchecked Sendable`. Also a stored closure property — or closures stored \
            in an array, dictionary, tuple, optional or enum payload of a property — \
            of such a declared-Sendable type whose function type lacks `@Sendable` (not on actors or \
            global-actor types: their isolation protects their properties). `@convention(c)` and global-actor \
            function types are Sendable already. Error for the hand-offs and for checked `Sendable` storage \
            (the compiler rejects both); warning for storage in an actor or an `@unchecked Sendable` type, which \
            compile — there the author took the responsibility, and the finding says what is unprotected.

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

    /// A function type (written, or through a workspace typealias) that is not Sendable by the
    /// shared model (`@Sendable`, `@convention(c)` and global-actor function types are), and not
    /// taken as `sending`.
    func needsSendable(_ type: Int32, _ file: FileContext) -> Bool {
        let flags = file.tree[type].flags
        if flags.contains(.isSending) || flags.contains(.isSendable) { return false }
        // A function type written out: its attributes decide (no name to resolve).
        if flags.contains(.isFunctionType),
            file.tree.firstChild(
                type, kind: .attribute,
                where: {
                    file.tree.token(file.tree[$0].name, is: "convention")
                }) == nil
        {
            return !flags.contains(.hasGlobalActor)
        }
        let expr = file.model.typeExpr(type)
        guard file.model.functionType(expr, at: type) != nil else { return false }
        return file.model.sendability(of: expr.unwrapped, at: type) == .notSendable
    }

    /// Where a hand-off goes and how serious it is.
    struct HandOff {
        var description: String
        var severity: Severity
    }

    func checkParameter(_ param: Int32, _ file: FileContext, _ findings: inout [Finding]) {
        let tree = file.tree
        // `@escaping`, or an optional closure (which escapes without saying so).
        guard let type = tree.firstChild(param, kind: .type) else { return }
        let flags = tree[type].flags
        // Cheap tests first: escaping (or optional), and a function type or a typealias name.
        guard flags.contains(.isEscaping) || flags.contains(.isOptional),
            flags.contains(.isFunctionType) || file.index.hasTypealias(named: tree.name(of: type)),
            needsSendable(type, file)
        else { return }
        let clause = tree[param].parent
        let function = tree[clause].parent
        guard tree[clause].kind == .parameterClause, [.funcDecl, .initDecl].contains(tree[function].kind),
            let body = tree.firstChild(function, kind: .codeBlock)
        else { return }
        let internalName = tree[param].keyword >= 0 ? tree[param].keyword : tree[param].name
        guard internalName >= 0 else { return }
        let name = tree.text(token: internalName)
        guard name != "_" else { return }
        let sinks = file.model.closureSinks(ofParameter: param, body: body)
        var handoff: HandOff?
        var notes: [Note] = []
        if let first = sinks.first(where: { if case .handedOff = $0.sink { return true } else { return false } }),
            case .handedOff(let d) = first.sink
        {
            handoff = HandOff(description: d, severity: .error)
        } else if let found = file.model.forwardedHandOff(sinks.map(\.sink)) {
            handoff = HandOff(
                description: "forwarded to \(found.chain.joined(separator: " → ")), where it is \(found.description)",
                severity: .error)
            if let r = sinks.first(where: { if case .forwarded = $0.sink { return true } else { return false } }) {
                notes.append(
                    Note(
                        range: tree.range(of: r.reference),
                        message: "forwarded here; every function on the way needs a @Sendable closure parameter"))
            }
        } else {
            let references = tree.subtree(body).filter { n in
                tree[n].kind == .identifierExpr && tree.name(of: n, is: name)
                    && file.model.resolveLocal(name, at: n)?.node == param
            }
            for r in references {
                if let h = storageHandOff(r, file) {
                    handoff = h
                    break
                }
            }
        }
        guard let handoff else { return }
        let referenceCount = tree.subtree(body).count { n in
            tree[n].kind == .identifierExpr && tree.name(of: n, is: name)
                && file.model.resolveLocal(name, at: n)?.node == param
        }
        var fixes = [sendableFix(tree, type)]
        if referenceCount == 1 {
            fixes.append(
                Fix(
                    title: "Take the closure as `sending` (handed off exactly once)",
                    edits: [Edits.insert("sending ", at: tree.start(type))]))
        }
        findings.append(
            file.finding(
                Self.descriptor, tree.startOf(token: internalName)..<tree.range(of: param).upperBound,
                "Escaping closure '\(name)' is not Sendable but is \(handoff.description); its captures would be shared across isolation domains.",
                fixes: fixes, notes: notes, severity: handoff.severity))
    }

    /// Stored into an instance property of an actor or a type declaring Sendable: assigned
    /// (`x = closure`, also inside a tuple, array, dictionary or enum payload) or added to a
    /// collection (`xs.append(closure)`).
    func storageHandOff(_ reference: Int32, _ file: FileContext) -> HandOff? {
        let tree = file.tree
        guard var target = storageTarget(of: reference, tree) else { return nil }
        // `handlers[key] = closure` stores into `handlers`.
        if tree[target].kind == .subscriptExpr, let base = tree.children(target).first { target = base }
        let property: String
        if tree[target].kind == .identifierExpr, file.model.resolveLocal(tree.name(of: target), at: target) == nil {
            property = tree.name(of: target)
        } else if tree[target].kind == .memberAccess, let base = tree.children(target).first,
            tree[base].kind == .selfExpr
        {
            property = tree.name(of: target)
        } else {
            return nil
        }
        guard let owner = tree.enclosingType(of: reference), let s = file.model.symbol(of: owner),
            file.index.properties(s, named: property).contains(where: { !$0.isStatic }),
            !file.isolation.typeIsolation(owner).isGlobalActor
        else { return nil }
        let ownerName = file.index.symbolName(s)
        if file.index.symbolKind(s) == .actorDecl {
            return HandOff(description: "stored in property '\(property)' of actor \(ownerName)", severity: .warning)
        }
        guard let conformance = file.model.explicitSendableConformance(s) else { return nil }
        return HandOff(
            description:
                "stored in property '\(property)' of \(conformance.isUnchecked ? "@unchecked " : "")Sendable type \(ownerName)",
            severity: conformance.isUnchecked ? .warning : .error)
    }

    /// The property expression a reference is stored into, if any.
    func storageTarget(of reference: Int32, _ tree: SyntaxTree) -> Int32? {
        var value = reference
        var steps = 0
        // Inside a tuple, array or dictionary literal, or an enum case's payload (`.waiting(id:
        // handler: h)`): the container is what gets stored.
        while steps < 32 {
            steps += 1
            let up = tree[value].parent
            guard tree[up].kind == .argument else { break }
            let container = tree[up].parent
            let kind = tree[container].kind
            if kind == .tupleExpr || kind == .arrayExpr || isEnumCaseConstruction(container, tree) {
                value = container
            } else {
                break
            }
        }
        let parent = tree[value].parent
        if tree[parent].kind == .sequenceExpr {
            let operands = Array(tree.children(parent))
            guard let k = operands.firstIndex(of: value), k > 0,
                tree.token(at: tree[operands[k - 1]].endToken).kind == .equal
            else { return nil }
            return operands[k - 1]
        }
        if tree[parent].kind == .argument, value == reference {
            let call = tree[parent].parent
            guard tree[call].kind == .call, let callee = tree.callee(of: call), tree[callee].kind == .memberAccess,
                KnowledgeBase.namesMutatingMethod(tree, token: tree[callee].name)
            else { return nil }
            return tree.children(callee).first
        }
        return nil
    }

    /// `.waiting(id: 1, handler: h)`: an implicit member called with arguments, as enum cases
    /// are built.
    func isEnumCaseConstruction(_ call: Int32, _ tree: SyntaxTree) -> Bool {
        guard tree[call].kind == .call, let callee = tree.callee(of: call), tree[callee].kind == .memberAccess else {
            return false
        }
        return tree.children(callee).isEmpty
    }

    func checkProperty(_ decl: Int32, _ file: FileContext, _ findings: inout [Finding]) {
        let tree = file.tree
        guard !tree.hasModifier(decl, "static"), !tree.hasModifier(decl, "class"),
            let owner = directOwnerType(tree, decl)
        else { return }
        // The owner first: most types declare no Sendable conformance, and its symbol is looked
        // up once per type, where the bindings' type names were looked up for every property.
        let kind = tree[owner].kind
        guard kind == .classDecl || kind == .structDecl || kind == .enumDecl || kind == .extensionDecl,
            let s = file.model.symbol(of: owner), let conformance = file.model.explicitSendableConformance(s)
        else { return }
        // Then does any binding hold a non-Sendable function type?
        let candidates = tree.children(decl, kind: .binding).compactMap { b -> (Int32, Int32)? in
            guard IndexBuilder.isStored(tree, b), let type = tree.firstChild(b, kind: .type),
                tree[type].flags.contains(.isFunctionType) || containsClosure(tree, type)
                    || file.index.hasTypealias(named: tree.name(of: type))
                    || file.index.hasClosurePayloads(enumNamed: tree.name(of: type))
            else { return nil }
            return (b, type)
        }
        guard !candidates.isEmpty, !file.isolation.typeIsolation(owner).isGlobalActor else { return }
        let ownerName = file.index.symbolName(s)
        for (b, type) in candidates {
            guard let closure = nonSendableClosure(in: file.model.typeExpr(type), at: type, file) else { continue }
            let keyword = tree[decl].keyword
            let inside =
                closure.isDirect
                ? "stores a non-Sendable closure" : "stores non-Sendable closures (in \(closure.container))"
            findings.append(
                file.finding(
                    Self.descriptor, file.range(from: keyword, through: tree[b].name >= 0 ? tree[b].name : keyword),
                    "'\(tree.name(of: b))' \(inside) in \(ownerName), which declares \(conformance.isUnchecked ? "@unchecked " : "")Sendable: any thread may call it while its captures are not protected.",
                    fixes: closure.isDirect ? [sendableFix(tree, type)] : [],
                    severity: conformance.isUnchecked ? .warning : .error))
        }
    }

    /// Whether a type's text holds a function arrow inside brackets or parentheses (`[() -> Void]`).
    func containsClosure(_ tree: SyntaxTree, _ type: Int32) -> Bool {
        let n = tree[type]
        return (n.firstToken..<n.endToken).contains { tree.token(at: $0).kind == .arrow }
    }

    /// A non-Sendable function type in a property's type: the type itself, or one inside an
    /// optional, array, dictionary or tuple.
    func nonSendableClosure(in type: TypeExpr, at node: Int32, _ file: FileContext) -> (
        isDirect: Bool, container: String
    )? {
        if case .function = type.unwrapped {
            return file.model.sendability(of: type, at: node) == .notSendable ? (true, "") : nil
        }
        // Closures held by containers: look through optionals, arrays, dictionaries, tuples and
        // generic arguments, but not into a function type's own parameters or result.
        var pending = [type.unwrapped]
        var enums: Set<SymbolID> = []
        var steps = 0
        while let part = pending.popLast(), steps < 256 {
            steps += 1
            switch part {
            case .function:
                if part != type.unwrapped, file.model.sendability(of: part, at: node) == .notSendable {
                    let container: String
                    switch type.unwrapped {
                    case .array: container = "an array"
                    case .dictionary: container = "a dictionary"
                    case .tuple: container = "a tuple"
                    default: container = "its type"
                    }
                    return (false, container)
                }
            case .optional(let w), .array(let w): pending.append(w)
            case .dictionary(let k, let v): pending += [k, v]
            case .tuple(let es): pending += es
            case .nominal(let cs):
                pending += cs.flatMap(\.arguments)
                // A workspace enum's payloads (`case waiting(handler: () -> Void)`), each enum once.
                if let s = file.index.resolveSymbol(cs.map(\.name), in: file.model.lookupContext(at: node)),
                    file.index.symbolKind(s) == .enumDecl, enums.insert(s).inserted,
                    // A checked `Sendable` enum: the compiler vets its payloads where it is declared.
                    file.model.explicitSendableConformance(s).map({ $0.isUnchecked }) ?? true
                {
                    for payload in file.index.primaryDecl(s).associatedValues {
                        if case .function = payload.unwrapped,
                            file.model.sendability(of: payload, at: node) == .notSendable
                        {
                            return (false, "the payload of \(file.index.symbolName(s))")
                        }
                        pending.append(payload.unwrapped)
                    }
                }
            default: break
            }
        }
        if file.model.functionType(type, at: node) != nil, file.model.sendability(of: type, at: node) == .notSendable {
            return (true, "")
        }
        return nil
    }

    /// `@Sendable ` before the function type's parameter list (inside `( … )?` for optionals).
    func sendableFix(_ tree: SyntaxTree, _ type: Int32) -> Fix {
        let n = tree[type]
        var offset = tree.start(type)
        var k = n.firstToken
        while k < n.endToken {
            let t = tree.token(at: k)
            if t.kind == .lParen, Int(k) < tree.matching.count {
                let close = tree.matching[Int(k)]
                if close > k {
                    let after = tree.token(at: close + 1)
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
