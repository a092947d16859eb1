/// The global actor a type is isolated to, and why (for messages and hovers).
public struct GlobalActorIsolation: Sendable, Equatable {
    public var actor: String
    public var reason: String
    /// What carries the isolation: the type with the attribute, or the SDK type (its own words).
    var origin: String
}

/// What a type's declarations say about Sendable, before any inference.
public enum DeclaredSendability: Sendable, Equatable {
    case none
    /// `Sendable` / `@unchecked Sendable` / a refining protocol, an actor, global-actor isolation.
    case unconditional(reason: String)
    /// `extension Box: Sendable where T: Sendable`: Sendable when these parameters are.
    case conditional(parameters: [String])
    /// `@available(*, unavailable) extension T: Sendable`, `~Sendable`, or a global-actor class
    /// whose superclass is not Sendable.
    case explicitlyNot(reason: String)

    public var isUnconditional: Bool {
        if case .unconditional = self { return true }
        return false
    }
}

/// Whether a value type's stored members are all Sendable: what the compiler infers for
/// internal value types. `requiredParameters[i]` says generic parameter `i` must be Sendable.
public enum StructuralSendability: Sendable, Equatable {
    case notApplicable
    case sendable(requiredParameters: [Bool])
    case notSendable
    case unknown
}

/// The facts `finalize()` computes once per symbol.
struct TypeFacts: Sendable {
    var globalActor: GlobalActorIsolation?
    var refinesSendable = false
    var declared = DeclaredSendability.none
    var visiblyPublic = false
    /// The compiler's implicit Sendable inference (internal or frozen value types).
    var implicit = StructuralSendability.notApplicable
    /// Members all Sendable, counting the undeclared public value types that would be too
    /// (what public-type-missing-sendable proposes to declare, a type and its members together).
    var structural = StructuralSendability.notApplicable

    static func compute(_ tables: SymbolTables, _ index: WorkspaceIndex) -> [TypeFacts] {
        var c = FactComputation(r: Resolver(index: index, tables: tables))
        c.run()
        return c.facts
    }
}

/// Fills `TypeFacts` for every symbol: each fact memoised, recursion bounded.
struct FactComputation {
    let r: Resolver
    var facts: [TypeFacts]
    private var gaState: [UInt8]
    private var refineState: [UInt8]
    private var declaredState: [UInt8]
    private var publicState: [UInt8]

    init(r: Resolver) {
        self.r = r
        let n = r.tables.symbols.count
        facts = Array(repeating: TypeFacts(), count: n)
        gaState = Array(repeating: 0, count: n)
        refineState = Array(repeating: 0, count: n)
        declaredState = Array(repeating: 0, count: n)
        publicState = Array(repeating: 0, count: n)
    }

    mutating func run() {
        let n = SymbolID(r.tables.symbols.count)
        for s in 0..<n { _ = globalActor(s, depth: 0) }
        for s in 0..<n { _ = refinesSendable(s, depth: 0) }
        for s in 0..<n { _ = declared(s, depth: 0) }
        for s in 0..<n { _ = visiblyPublic(s, depth: 0) }
        inferStructural()
    }

    // MARK: Global actor

    mutating func globalActor(_ s: SymbolID, depth: Int) -> GlobalActorIsolation? {
        let i = Int(s)
        if gaState[i] == 2 { return facts[i].globalActor }
        if gaState[i] == 1 || depth > 64 { return nil }
        gaState[i] = 1
        let result = computeGlobalActor(s, depth: depth)
        facts[i].globalActor = result
        gaState[i] = 2
        return result
    }

    mutating func computeGlobalActor(_ s: SymbolID, depth: Int) -> GlobalActorIsolation? {
        let sym = r.symbol(s)
        let decls = sym.decls.map { r.index.types[Int($0)] }
        if sym.kind == .actorDecl || decls.contains(where: \.isNonisolated) { return nil }
        for d in decls {
            if let a = d.attributes.sorted().first(where: r.index.globalActors.contains) {
                return GlobalActorIsolation(actor: a, reason: "\(sym.name) is @\(a)", origin: "\(sym.name) is @\(a)")
            }
        }
        // Isolation is inferred from the superclass and the protocols of the primary
        // declaration, never from conformances added in extensions.
        let context = r.context(of: s)
        for d in decls {
            for entry in d.inherited where !entry.isSuppressed && !entry.attributes.contains("preconcurrency") {
                guard let path = entry.type.path else { continue }
                switch r.resolve(path, in: context) {
                case .symbol(let other) where other != s:
                    if let g = globalActor(other, depth: depth + 1), g.origin != "" {
                        let via = r.symbol(other).name
                        let leads =
                            g.origin.hasPrefix(via + " ") ? "" : ", which leads to \(g.origin.prefix { $0 != " " })"
                        return GlobalActorIsolation(
                            actor: g.actor, reason: "\(sym.name) inherits from \(via)\(leads) (\(g.origin))",
                            origin: g.origin)
                    }
                case .external(let p):
                    if let last = p.last, KnowledgeBase.isMainActorSDKType(last) {
                        return GlobalActorIsolation(
                            actor: KnowledgeBase.mainActor,
                            reason: "\(sym.name) inherits from \(last) (\(last) is @MainActor in the SDK)",
                            origin: "\(last) is @MainActor in the SDK")
                    }
                default:
                    break
                }
            }
        }
        if decls.contains(where: \.moduleDefaultMainActor), !decls.contains(where: \.inNonisolatedParent) {
            return GlobalActorIsolation(
                actor: KnowledgeBase.mainActor, reason: "the target's default isolation is MainActor", origin: "")
        }
        return nil
    }

    // MARK: Sendable refinement and declarations

    /// A protocol refining Sendable, or a class/struct/enum whose inheritance clause declares it.
    mutating func refinesSendable(_ s: SymbolID, depth: Int) -> Bool {
        let i = Int(s)
        if refineState[i] == 2 { return facts[i].refinesSendable }
        if refineState[i] == 1 || depth > 64 { return false }
        refineState[i] = 1
        let context = r.context(of: s)
        var result = false
        outer: for d in r.symbol(s).decls.map({ r.index.types[Int($0)] }) {
            for entry in d.inherited where !entry.isSuppressed {
                if entryRefinesSendable(entry.type, context, depth: depth + 1) {
                    result = true
                    break outer
                }
            }
        }
        facts[i].refinesSendable = result
        refineState[i] = 2
        return result
    }

    /// Whether an inherited type (or requirement constraint) is Sendable or refines it.
    mutating func entryRefinesSendable(_ type: TypeExpr, _ context: LookupContext, depth: Int) -> Bool {
        switch type {
        case .existential(let parts):
            return parts.contains { entryRefinesSendable($0, context, depth: depth + 1) }
        case .nominal:
            guard let path = type.path, depth < 64 else { return false }
            switch r.resolve(path, in: context) {
            case .symbol(let s):
                switch r.symbol(s).kind {
                case .protocolDecl: return refinesSendable(s, depth: depth + 1)
                case .classDecl: return declared(s, depth: depth + 1).isUnconditional
                default: return false
                }
            case .alias(let a):
                return entryRefinesSendable(r.index.typealiases[Int(a)].target, r.context(ofAlias: a), depth: depth + 1)
            case .external(let p):
                return p.last.map(KnowledgeBase.sendableRefiningProtocols.contains) ?? false
            case .genericParameter:
                return false
            }
        default:
            return false
        }
    }

    mutating func declared(_ s: SymbolID, depth: Int) -> DeclaredSendability {
        let i = Int(s)
        if declaredState[i] == 2 { return facts[i].declared }
        if declaredState[i] == 1 || depth > 64 { return .none }
        declaredState[i] = 1
        let result = computeDeclared(s, depth: depth)
        facts[i].declared = result
        declaredState[i] = 2
        return result
    }

    mutating func computeDeclared(_ s: SymbolID, depth: Int) -> DeclaredSendability {
        let sym = r.symbol(s)
        let decls = sym.decls.map { r.index.types[Int($0)] }
        let exts = sym.extensions.map { r.index.extensions[Int($0)] }
        let context = r.context(of: s)
        for e in exts where e.isUnavailable {
            let ctx = r.context(ofExtension: e, extending: s)
            if e.inherited.contains(where: { entryRefinesSendable($0.type, ctx, depth: depth + 1) }) {
                return .explicitlyNot(
                    reason: "\(sym.name) is declared never Sendable (an unavailable Sendable extension)")
            }
        }
        for d in decls
        where d.inherited.contains(where: { $0.isSuppressed && $0.name == KnowledgeBase.sendableProtocol }) {
            return .explicitlyNot(reason: "\(sym.name) suppresses Sendable (~Sendable)")
        }
        if sym.kind == .actorDecl { return .unconditional(reason: "\(sym.name) is an actor") }
        for d in decls {
            for entry in d.inherited where !entry.isSuppressed {
                if entryRefinesSendable(entry.type, context, depth: depth + 1) {
                    return .unconditional(
                        reason: "\(sym.name) declares \(entry.isUnchecked ? "@unchecked " : "")Sendable")
                }
            }
        }
        var conditional: [String]?
        for e in exts where !e.isUnavailable {
            let ctx = r.context(ofExtension: e, extending: s)
            guard let entry = e.inherited.first(where: { entryRefinesSendable($0.type, ctx, depth: depth + 1) }) else {
                continue
            }
            let params = e.requirements.filter { entryRefinesSendable($0.constraint, ctx, depth: depth + 1) }.map(
                \.parameter)
            if params.isEmpty {
                return .unconditional(reason: "\(sym.name) declares \(entry.isUnchecked ? "@unchecked " : "")Sendable")
            }
            conditional = params
        }
        if let conditional { return .conditional(parameters: conditional) }
        if sym.kind != .protocolDecl, let g = globalActor(s, depth: depth + 1) {
            guard sym.kind == .classDecl, let superclass = decls.first?.inherited.first, let path = superclass.type.path
            else { return .unconditional(reason: g.reason) }
            switch r.resolve(path, in: context) {
            case .symbol(let other) where r.symbol(other).kind == .classDecl:
                if declared(other, depth: depth + 1).isUnconditional { return .unconditional(reason: g.reason) }
                return .explicitlyNot(
                    reason: "\(sym.name) is @\(g.actor) but its superclass \(r.symbol(other).name) is not Sendable")
            case .external(let p):
                if let last = p.last, !KnowledgeBase.sendableSuperclasses.contains(last),
                    KnowledgeBase.nonSendableTypes.contains(last)
                {
                    return .explicitlyNot(
                        reason: "\(sym.name) is @\(g.actor) but its superclass \(last) is not Sendable")
                }
                return .unconditional(reason: g.reason)
            default:
                return .unconditional(reason: g.reason)
            }
        }
        return .none
    }

    // MARK: Visibility

    mutating func visiblyPublic(_ s: SymbolID, depth: Int) -> Bool {
        let i = Int(s)
        if publicState[i] == 2 { return facts[i].visiblyPublic }
        if publicState[i] == 1 || depth > 64 { return false }
        publicState[i] = 1
        let d = r.primaryDecl(s)
        var result = d.isPublic && d.parentsArePublic
        if result, let parent = d.parent, let p = r.tables.symbol(qualified: parent, preferring: d.module) {
            result = visiblyPublic(p, depth: depth + 1)
        }
        facts[i].visiblyPublic = result
        publicState[i] = 2
        return result
    }

    // MARK: Structural Sendability (greatest fixpoints)

    mutating func inferStructural() {
        var implicitCandidates: Set<SymbolID> = []
        var publicCandidates: Set<SymbolID> = []
        for (i, sym) in r.tables.symbols.enumerated() {
            let s = SymbolID(i)
            guard sym.kind == .structDecl || sym.kind == .enumDecl, facts[i].declared == .none else { continue }
            let frozen = sym.decls.contains { r.index.types[Int($0)].isFrozen }
            if !facts[i].visiblyPublic || frozen { implicitCandidates.insert(s) } else { publicCandidates.insert(s) }
        }
        let implicitSet = fixpoint(implicitCandidates, structural: false)
        settle(implicitCandidates, survivors: implicitSet, structural: false)
        let all = publicCandidates.union(implicitCandidates)
        settle(all, survivors: fixpoint(all, structural: true), structural: true)
    }

    /// Records each candidate's result: survivors are Sendable (with the generic parameters they
    /// need); the others are not Sendable when a member definitely is not, unknown otherwise
    /// (two rounds, so that a definite answer crosses one level of nesting each).
    mutating func settle(_ candidates: Set<SymbolID>, survivors: Set<SymbolID>, structural: Bool) {
        let order = candidates.sorted()
        func set(_ s: SymbolID, _ v: StructuralSendability) {
            if structural { facts[Int(s)].structural = v } else { facts[Int(s)].implicit = v }
        }
        for s in order { set(s, survivors.contains(s) ? .sendable(requiredParameters: []) : .unknown) }
        let evaluator = SendabilityEvaluator(r: r, facts: facts, assumed: survivors, structural: structural)
        for s in order where survivors.contains(s) {
            let params = r.primaryDecl(s).genericParameters
            set(
                s,
                .sendable(
                    requiredParameters: params.indices.map { k in
                        evaluator.members(of: s, parameters: .allSendableExcept(k)) != .sendable
                    }))
        }
        for _ in 0..<2 {
            let evaluator = SendabilityEvaluator(r: r, facts: facts, assumed: survivors, structural: structural)
            for s in order where !survivors.contains(s) {
                set(s, evaluator.members(of: s, parameters: .allSendable) == .notSendable ? .notSendable : .unknown)
            }
        }
    }

    /// Removes, until nothing changes, every type with a member that is not Sendable when the
    /// remaining ones are assumed Sendable (generic parameters assumed Sendable).
    func fixpoint(_ start: Set<SymbolID>, structural: Bool) -> Set<SymbolID> {
        var set = start
        var changed = true
        var rounds = 0
        let order = start.sorted()
        while changed, rounds < 64 {
            changed = false
            rounds += 1
            let evaluator = SendabilityEvaluator(r: r, facts: facts, assumed: set, structural: structural)
            for s in order where set.contains(s) {
                if evaluator.members(of: s, parameters: .allSendable) != .sendable {
                    set.remove(s)
                    changed = true
                }
            }
        }
        return set
    }
}
