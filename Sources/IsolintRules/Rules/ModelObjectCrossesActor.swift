import IsolintSyntax

/// `model-object-crosses-actor`: an `@Model` instance (or a collection of them) returned from a
/// `@ModelActor` actor's method, or sent to another actor.
public struct ModelObjectCrossesActor: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "model-object-crosses-actor", severity: .error,
        summary: "An @Model object is returned from a @ModelActor or sent to another actor.",
        explanation: """
            ## What it finds
            - A method of a `@ModelActor` actor, callable from outside it (not `private`), whose declared result \
            holds a workspace `@Model` class: `Trip`, `Trip?`, `[Trip]`, a dictionary or tuple of them. The \
            finding starts at its `func` keyword.
            - An `@Model` value (or a collection of them) passed as an argument to another actor's method or \
            initializer, or captured by a `Task.detached` closure. The finding starts at the value.

            ## Why it matters in Swift 6
            `@Model` classes are not Sendable, and each instance belongs to the `ModelContext` that fetched it. \
            Swift 6 rejects handing one to another actor (`[#SendingRisksDataRace]`, "non-Sendable type 'Trip' \
            returned by … cannot cross actor boundary"); where that is silenced, reading it on the other side \
            races with its own context, and SwiftData crashes or returns stale values.

            ## Fix
            No automatic fix. Send `persistentModelID` (a `PersistentIdentifier` is Sendable) and fetch the \
            object on the other side with `modelContext.model(for:)` (or `self[id, as: Trip.self]` in a \
            `@ModelActor`), or return a Sendable snapshot struct of the values the caller needs.

            ## Before / after
            ```swift
            @ModelActor actor TripStore {
                func recent() throws -> [Trip] { try modelContext.fetch(FetchDescriptor<Trip>()) }   // crosses
                func recent() throws -> [PersistentIdentifier] {
                    try modelContext.fetch(FetchDescriptor<Trip>()).map(\\.persistentModelID)
                }
            }
            let trips = try await store.recent().compactMap { mainContext.model(for: $0) as? Trip }
            ```
            """,
        compilerGroup: "SendingRisksDataRace")

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.funcDecl, .call, .closure] }

    public func check(_ node: Int32, in file: FileContext, into findings: inout [Finding]) {
        guard file.model.importsSwiftData else { return }
        switch file.tree[node].kind {
        case .funcDecl: checkReturn(node, file, &findings)
        case .call: checkArguments(node, file, &findings)
        default: checkDetachedCaptures(node, file, &findings)
        }
    }

    static let hover =
        "Send its persistentModelID (Sendable) instead, and fetch it on the other side with modelContext.model(for:)."

    func checkReturn(_ decl: Int32, _ file: FileContext, _ findings: inout [Finding]) {
        let tree = file.tree
        guard let owner = directOwnerType(tree, decl), isModelActor(owner, file), !tree.hasModifier(decl, "private"),
            let result = tree.firstChild(decl, kind: .type), tree[decl].keyword >= 0,
            let model = modelType(in: file.model.typeExpr(result), at: result, file)
        else { return }
        findings.append(
            file.finding(
                Self.descriptor,
                file.range(from: tree[decl].keyword, through: max(tree[decl].keyword, tree[decl].name)),
                "'\(tree.name(of: decl))' returns @Model '\(model)' from @ModelActor \(tree.name(of: owner)): a model object is not Sendable and belongs to this actor's context, so it cannot cross to the caller. \(Self.hover)",
                notes: [Note(range: tree.range(of: result), message: "the result holds @Model '\(model)'")]))
    }

    func checkArguments(_ call: Int32, _ file: FileContext, _ findings: inout [Finding]) {
        let tree = file.tree
        let args = tree.arguments(of: call)
        guard !args.isEmpty, let callee = tree.callee(of: call),
            let actorName = ModelContextCrossesIsolation().receivingActor(callee, file)
        else { return }
        for arg in args {
            guard let v = tree.value(of: arg), let t = file.model.typeOfExpression(v),
                let model = modelType(in: t, at: v, file)
            else { continue }
            findings.append(
                file.finding(
                    Self.descriptor, tree.range(of: v),
                    "@Model '\(model)' is sent to actor \(actorName): a model object is not Sendable and belongs to the context that fetched it. \(Self.hover)"
                ))
            return
        }
    }

    func checkDetachedCaptures(_ closure: Int32, _ file: FileContext, _ findings: inout [Finding]) {
        let tree = file.tree
        guard let call = tree.callReceiving(closure: closure), tree.calleeName(of: call) == "detached",
            let callee = tree.callee(of: call), tree.plainPath(of: callee) == KnowledgeBase.detachedTask
        else { return }
        for capture in file.model.captures(of: closure) where !capture.isSelf {
            guard let b = capture.binding, let first = capture.references.first,
                let t = file.model.typeOfExpression(first), let model = modelType(in: t, at: first, file)
            else { continue }
            findings.append(
                file.finding(
                    Self.descriptor, tree.range(of: first),
                    "@Model '\(model)' in '\(b.name)' is captured by Task.detached: a model object is not Sendable and belongs to the context that fetched it. \(Self.hover)"
                ))
            return
        }
    }

    /// A `@ModelActor` actor (its declaration or an extension of it).
    func isModelActor(_ decl: Int32, _ file: FileContext) -> Bool {
        let tree = file.tree
        if tree[decl].kind == .actorDecl {
            return tree.attributeNames(of: decl).contains(KnowledgeBase.modelActorMacro)
        }
        guard tree[decl].kind == .extensionDecl, let s = file.model.symbol(of: decl) else { return false }
        return file.index.decls(s).contains {
            $0.kind == .actorDecl && $0.attributes.contains(KnowledgeBase.modelActorMacro)
        }
    }

    /// The first workspace `@Model` class a type holds (itself, in optionals, collections, tuples).
    func modelType(in type: TypeExpr, at node: Int32, _ file: FileContext) -> String? {
        let context = file.model.lookupContext(at: node)
        for part in type.allParts {
            guard case .nominal = part, let path = part.path,
                let s = file.index.resolveSymbol(path, in: context)
            else { continue }
            if file.index.decls(s).contains(where: { $0.attributes.contains(KnowledgeBase.modelMacro) }) {
                return file.index.symbolName(s)
            }
        }
        return nil
    }
}
