import IsolintSyntax

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
    /// An explicit `Sendable` / `@unchecked Sendable` conformance (directly or through a
    /// refining protocol) in the declaration or an extension; nil when none (or declared never).
    var explicit: ExplicitConformance?
    /// The compiler's implicit Sendable inference (internal or frozen value types).
    var implicit = StructuralSendability.notApplicable
    /// Members all Sendable, counting the undeclared public value types that would be too
    /// (what public-type-missing-sendable proposes to declare, a type and its members together).
    var structural = StructuralSendability.notApplicable

    /// Every symbol's facts, and what `declared` makes of the declared ones (every fact but the
    /// inferred Sendability of value types). In parallel, `declared` runs on one core while the
    /// Sendability fixpoints run on the other (the two fixpoints stay together: the second reuses
    /// the first's memo of member answers that depend on no other type; split over two cores they
    /// were slower).
    static func compute<T: Sendable>(
        _ tables: SymbolTables, _ index: WorkspaceIndex, inParallel: Bool,
        after declared: @escaping @Sendable ([TypeFacts]) -> T
    ) -> (facts: [TypeFacts], other: T) {
        var c = FactComputation(r: Resolver(index: index, box: SymbolTablesBox(tables)))
        c.computeDeclared()
        guard inParallel else {
            let other = declared(c.facts)
            c.inferStructural()
            return (c.facts, other)
        }
        let start = c
        return concurrently(
            {
                var all = start
                all.inferStructural()
                return all.facts
            }, { declared(start.facts) })
    }
}

/// Fills `TypeFacts` for every symbol: each fact memoised, recursion bounded.
struct FactComputation: Sendable {
    let r: Resolver
    var facts: [TypeFacts]
    private var gaState: [UInt8]
    private var refineState: [UInt8]
    private var declaredState: [UInt8]
    private var publicState: [UInt8]
    /// Results of member evaluations that consulted no other value type's assumption or fact:
    /// they never change, so each is computed once (most value types hold only standard types).
    private var independent: [MembersKey: Sendability] = [:]
    /// Each symbol's primary inheritance entries and each extension's, resolved once (four
    /// facts read them).
    private let primaryEntries: [[ResolvedEntry]]
    private let extensionEntries: [[ResolvedEntry]]
    /// Per extension: the symbol it extends (-1 for none), for its entries' context.
    private let extendedSymbols: [SymbolID]

    /// What the facts need of a symbol's declarations, gathered once without copying them.
    struct Summary {
        var name = ""
        var kind = NodeKind.unknown
        var isNonisolated = false
        var attributes: [String] = []
        var moduleDefaultMainActor = false
        var inNonisolatedParent = false
        var suppressesSendable = false
        var isFrozen = false
    }
    private let summaries: [Summary]

    /// An inheritance entry, its nominal path resolved once. It holds no strings and no context
    /// (only `resolved` may hold references): tens of thousands are made and freed on the one
    /// core that finalizes, and copying and freeing their texts and contexts cost more than
    /// looking them up again for the few entries that are no nominal path.
    struct ResolvedEntry {
        /// The entry's nominal path resolved in its context; nil for other shapes.
        var resolved: ResolvedType?
        var isSuppressed: Bool
        var isUnchecked: Bool
        var isPreconcurrency: Bool
        /// Where it is written: a position in `types` (a symbol's entries) or in `extensions`
        /// (an extension's), and the entry's position in that inheritance clause.
        var declaration: Int32
        var position: Int32
    }

    struct MembersKey: Hashable {
        var symbol: SymbolID
        /// -1: every parameter assumed Sendable; k: all but parameter k.
        var except: Int
    }

    init(r: Resolver) {
        self.r = r
        let n = r.tables.value.symbols.count
        facts = Array(repeating: TypeFacts(), count: n)
        gaState = Array(repeating: 0, count: n)
        refineState = Array(repeating: 0, count: n)
        declaredState = Array(repeating: 0, count: n)
        publicState = Array(repeating: 0, count: n)
        let resolver = r
        func resolve(
            _ entries: [InheritedEntry], _ context: LookupContext, declaration: Int32, into out: inout [ResolvedEntry]
        ) {
            for k in entries.indices {
                let attributes = entries[k].attributes
                out.append(
                    ResolvedEntry(
                        resolved: entries[k].type.path.map { resolver.resolve($0, in: context) },
                        isSuppressed: entries[k].isSuppressed, isUnchecked: attributes.contains("unchecked"),
                        isPreconcurrency: attributes.contains("preconcurrency"), declaration: declaration,
                        position: Int32(k)))
            }
        }
        // Field by field: a symbol or declaration taken whole is a retain and a release for each
        // of its fields (this runs on the one core that finalizes).
        let types = r.index.types
        primaryEntries = r.tables.value.symbols.indices.map { i in
            let context = r.context(of: SymbolID(i))
            var out: [ResolvedEntry] = []
            for d in r.tables.value.symbols[i].decls {
                resolve(types[Int(d)].inherited, context, declaration: d, into: &out)
            }
            return out
        }
        let extensions = r.index.extensions
        var byExtension = [[ResolvedEntry]](repeating: [], count: extensions.count)
        var extended = [SymbolID](repeating: -1, count: extensions.count)
        for i in r.tables.value.symbols.indices {
            for e in r.tables.value.symbols[i].extensions {
                extended[Int(e)] = SymbolID(i)
                resolve(
                    extensions[Int(e)].inherited, r.context(ofExtensionAt: e, extending: SymbolID(i)), declaration: e,
                    into: &byExtension[Int(e)])
            }
        }
        extensionEntries = byExtension
        extendedSymbols = extended
        summaries = r.tables.value.symbols.indices.map { k in
            var out = Summary(name: r.tables.value.symbols[k].name, kind: r.tables.value.symbols[k].kind)
            for d in r.tables.value.symbols[k].decls {
                let i = Int(d)
                if types[i].isNonisolated { out.isNonisolated = true }
                out.attributes += types[i].attributes
                if types[i].moduleDefaultMainActor { out.moduleDefaultMainActor = true }
                if types[i].inNonisolatedParent { out.inNonisolatedParent = true }
                if TypeDecl.isFrozen(attributes: types[i].attributes) { out.isFrozen = true }
                if types[i].inherited.contains(where: {
                    $0.isSuppressed && $0.name == KnowledgeBase.sendableProtocol
                }) {
                    out.suppressesSendable = true
                }
            }
            out.attributes.sort()
            return out
        }
    }

    /// `SendabilityEvaluator.members`, remembering the answers that cannot change; reports the
    /// assumed symbols relied on.
    mutating func members(
        _ s: SymbolID, except: Int, assumed: Set<SymbolID>, structural: Bool, memo: ResolutionMemo,
        recorder: DependencyRecorder? = nil
    ) -> Sendability {
        let key = MembersKey(symbol: s, except: except)
        if let known = independent[key] { return known }
        let r0 = recorder ?? DependencyRecorder()
        var evaluator = SendabilityEvaluator(r: r, facts: facts, assumed: assumed, structural: structural)
        evaluator.dependencies = r0
        evaluator.resolutions = memo
        let result = evaluator.members(of: s, parameters: except < 0 ? .allSendable : .allSendableExcept(except))
        if r0.isIndependent { independent[key] = result }
        return result
    }

    /// Every fact but the inferred Sendability of value types (the fixpoints).
    mutating func computeDeclared() {
        let n = SymbolID(r.tables.value.symbols.count)
        for s in 0..<n { _ = globalActor(s, depth: 0) }
        for s in 0..<n { _ = refinesSendable(s, depth: 0) }
        for s in 0..<n { _ = declared(s, depth: 0) }
        for s in 0..<n { _ = visiblyPublic(s, depth: 0) }
        for s in 0..<n { facts[Int(s)].explicit = explicitConformance(s) }
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
        let i = Int(s)
        if summaries[i].kind == .actorDecl || summaries[i].isNonisolated { return nil }
        if let a = summaries[i].attributes.first(where: r.index.globalActors.contains) {
            let name = summaries[i].name
            return GlobalActorIsolation(actor: a, reason: "\(name) is @\(a)", origin: "\(name) is @\(a)")
        }
        // Isolation is inferred from the superclass and the protocols of the primary
        // declaration, never from conformances added in extensions. Entries are read in place
        // (a loop variable would copy each, its strings and arrays retained).
        for k in primaryEntries[i].indices {
            do {
                guard !primaryEntries[i][k].isSuppressed, !primaryEntries[i][k].isPreconcurrency,
                    let resolved = primaryEntries[i][k].resolved
                else { continue }
                switch resolved {
                case .symbol(let other) where other != s:
                    if let g = globalActor(other, depth: depth + 1), g.origin != "" {
                        let via = r.tables.value.symbols[Int(other)].name
                        let leads =
                            g.origin.hasPrefix(via + " ") ? "" : ", which leads to \(g.origin.prefix { $0 != " " })"
                        return GlobalActorIsolation(
                            actor: g.actor, reason: "\(summaries[i].name) inherits from \(via)\(leads) (\(g.origin))",
                            origin: g.origin)
                    }
                case .external(let p):
                    if let last = p.last, KnowledgeBase.isMainActorSDKType(last) {
                        return GlobalActorIsolation(
                            actor: KnowledgeBase.mainActor,
                            reason: "\(summaries[i].name) inherits from \(last) (\(last) is @MainActor in the SDK)",
                            origin: "\(last) is @MainActor in the SDK")
                    }
                default:
                    break
                }
            }
        }
        // Default isolation skips types conforming to `Error`/`CodingKey` (swiftc 6.3).
        if summaries[i].moduleDefaultMainActor, !summaries[i].inNonisolatedParent, !keepsConformersNonisolated(s) {
            return GlobalActorIsolation(
                actor: KnowledgeBase.mainActor, reason: "the target's default isolation is MainActor", origin: "")
        }
        return nil
    }

    /// Whether the primary declaration conforms to a protocol whose conformers the compiler
    /// never infers main-actor isolated (directly, or through a workspace protocol refining it).
    func keepsConformersNonisolated(_ s: SymbolID) -> Bool {
        var pending = primaryEntries[Int(s)]
        var seen: Set<SymbolID> = [s]
        var steps = 0
        while let e = pending.popLast(), steps < 64 {
            steps += 1
            switch e.resolved {
            case .external(let p):
                if let last = p.last, KnowledgeBase.protocolsKeepingConformersNonisolated.contains(last) { return true }
            case .symbol(let other):
                if r.kind(other) == .protocolDecl, seen.insert(other).inserted { pending += primaryEntries[Int(other)] }
            default:
                break
            }
        }
        return false
    }

    // MARK: Sendable refinement and declarations

    /// A protocol refining Sendable, or a class/struct/enum whose inheritance clause declares it.
    mutating func refinesSendable(_ s: SymbolID, depth: Int) -> Bool {
        let i = Int(s)
        if refineState[i] == 2 { return facts[i].refinesSendable }
        if refineState[i] == 1 || depth > 64 { return false }
        refineState[i] = 1
        var result = false
        for k in primaryEntries[i].indices
        where !primaryEntries[i][k].isSuppressed && refinesEntry(k, of: i, inExtension: false, depth: depth + 1) {
            result = true
            break
        }
        facts[i].refinesSendable = result
        refineState[i] = 2
        return result
    }

    /// `entryRefinesSendable` for entry `k` resolved in advance: of symbol `i`'s primary
    /// declarations, or of extension `i`. Addressed by position: an entry passed to a mutating
    /// method is copied out of `self` first (since entries hold no texts, only the resolution
    /// of an SDK path is retained).
    mutating func refinesEntry(_ k: Int, of i: Int, inExtension: Bool, depth: Int) -> Bool {
        if let resolved = inExtension ? extensionEntries[i][k].resolved : primaryEntries[i][k].resolved {
            return refines(resolved, depth: depth)
        }
        let e = inExtension ? extensionEntries[i][k] : primaryEntries[i][k]
        let (type, context) = written(e, of: i, inExtension: inExtension)
        return entryRefinesSendable(type, context, depth: depth)
    }

    /// What entry `e` of symbol `i` (or of extension `i`) says, and the context it is read in.
    func written(_ e: ResolvedEntry, of i: Int, inExtension: Bool) -> (TypeExpr, LookupContext) {
        if inExtension {
            let type = r.index.extensions[Int(e.declaration)].inherited[Int(e.position)].type
            let s = extendedSymbols[i]
            return (type, s >= 0 ? r.context(ofExtensionAt: e.declaration, extending: s) : LookupContext(module: ""))
        }
        return (r.index.types[Int(e.declaration)].inherited[Int(e.position)].type, r.context(of: SymbolID(i)))
    }

    /// The first of extension `e`'s entries that refines Sendable.
    mutating func firstRefiningEntry(ofExtension e: Int, depth: Int) -> Int? {
        for k in extensionEntries[e].indices where refinesEntry(k, of: e, inExtension: true, depth: depth) { return k }
        return nil
    }

    mutating func refines(_ resolved: ResolvedType, depth: Int) -> Bool {
        switch resolved {
        case .symbol(let s):
            switch r.kind(s) {
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
    }

    /// Whether an inherited type (or requirement constraint) is Sendable or refines it.
    mutating func entryRefinesSendable(_ type: TypeExpr, _ context: LookupContext, depth: Int) -> Bool {
        switch type {
        case .existential(let parts):
            return parts.contains { entryRefinesSendable($0, context, depth: depth + 1) }
        case .nominal:
            guard let path = type.path, depth < 64 else { return false }
            return refines(r.resolve(path, in: context), depth: depth)
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
        let sym = summaries[Int(s)]
        let extensions = r.tables.value.symbols[Int(s)].extensions
        for e in extensions where r.index.extensions[Int(e)].isUnavailable {
            if firstRefiningEntry(ofExtension: Int(e), depth: depth + 1) != nil {
                return .explicitlyNot(
                    reason: "\(sym.name) is declared never Sendable (an unavailable Sendable extension)")
            }
        }
        if sym.suppressesSendable { return .explicitlyNot(reason: "\(sym.name) suppresses Sendable (~Sendable)") }
        if sym.kind == .actorDecl { return .unconditional(reason: "\(sym.name) is an actor") }
        let i = Int(s)
        for k in primaryEntries[i].indices
        where !primaryEntries[i][k].isSuppressed && refinesEntry(k, of: i, inExtension: false, depth: depth + 1) {
            let unchecked = primaryEntries[i][k].isUnchecked
            return .unconditional(reason: "\(sym.name) declares \(unchecked ? "@unchecked " : "")Sendable")
        }
        var conditional: [String]?
        for e in extensions where !r.index.extensions[Int(e)].isUnavailable {
            guard let k = firstRefiningEntry(ofExtension: Int(e), depth: depth + 1) else { continue }
            let unchecked = extensionEntries[Int(e)][k].isUnchecked
            let ctx = r.context(ofExtensionAt: e, extending: s)
            let requirements = r.index.extensions[Int(e)].requirements
            let params = requirements.filter { entryRefinesSendable($0.constraint, ctx, depth: depth + 1) }.map(
                \.parameter)
            if params.isEmpty {
                return .unconditional(reason: "\(sym.name) declares \(unchecked ? "@unchecked " : "")Sendable")
            }
            conditional = params
        }
        if let conditional { return .conditional(parameters: conditional) }
        if sym.kind != .protocolDecl, let g = globalActor(s, depth: depth + 1) {
            guard sym.kind == .classDecl, let superclass = primaryEntries[Int(s)].first,
                let resolved = superclass.resolved
            else { return .unconditional(reason: g.reason) }
            switch resolved {
            case .symbol(let other) where r.kind(other) == .classDecl:
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

    mutating func explicitConformance(_ s: SymbolID) -> ExplicitConformance? {
        if case .explicitlyNot = facts[Int(s)].declared { return nil }
        var refining = false
        // The primary declaration's entries, then those of each available extension, in place.
        func check(_ i: Int, inExtension: Bool) -> Bool? {
            let count = inExtension ? extensionEntries[i].count : primaryEntries[i].count
            for k in 0..<count {
                let e = inExtension ? extensionEntries[i][k] : primaryEntries[i][k]
                guard !e.isSuppressed, refinesEntry(k, of: i, inExtension: inExtension, depth: 0) else { continue }
                // `@unchecked` anywhere means the compiler does not check the conformance.
                if e.isUnchecked { return true }
                refining = true
            }
            return nil
        }
        var unchecked = check(Int(s), inExtension: false) ?? false
        if !unchecked {
            for e in r.tables.value.symbols[Int(s)].extensions where !r.index.extensions[Int(e)].isUnavailable {
                if check(Int(e), inExtension: true) == true {
                    unchecked = true
                    break
                }
            }
        }
        let name = r.tables.value.symbols[Int(s)].name
        if unchecked { return ExplicitConformance(isUnchecked: true, reason: "\(name) declares @unchecked Sendable") }
        return refining ? ExplicitConformance(isUnchecked: false, reason: "\(name) declares Sendable") : nil
    }

    // MARK: Visibility

    mutating func visiblyPublic(_ s: SymbolID, depth: Int) -> Bool {
        let i = Int(s)
        if publicState[i] == 2 { return facts[i].visiblyPublic }
        if publicState[i] == 1 || depth > 64 { return false }
        publicState[i] = 1
        let d = Int(r.tables.value.symbols[Int(s)].decls[0])
        let types = r.index.types
        var result = types[d].isPublic && types[d].parentsArePublic
        if result, let parent = types[d].parent, let p = r.tables.symbol(qualified: parent, seenFrom: types[d].module) {
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
        for i in r.tables.value.symbols.indices {
            let s = SymbolID(i)
            let kind = r.tables.value.symbols[i].kind
            guard kind == .structDecl || kind == .enumDecl, facts[i].declared == .none else { continue }
            let frozen = summaries[i].isFrozen
            if !facts[i].visiblyPublic || frozen { implicitCandidates.insert(s) } else { publicCandidates.insert(s) }
        }
        let memo = ResolutionMemo()
        let implicitSet = fixpoint(implicitCandidates, structural: false, memo)
        settle(implicitCandidates, survivors: implicitSet, structural: false, memo)
        let all = publicCandidates.union(implicitCandidates)
        settle(all, survivors: fixpoint(all, structural: true, memo), structural: true, memo)
    }

    /// Records each candidate's result: survivors are Sendable (with the generic parameters they
    /// need); the others are not Sendable when a member definitely is not, unknown otherwise
    /// (two rounds, so that a definite answer crosses one level of nesting each).
    mutating func settle(
        _ candidates: Set<SymbolID>, survivors: Set<SymbolID>, structural: Bool, _ memo: ResolutionMemo
    ) {
        let order = candidates.sorted()
        func set(_ s: SymbolID, _ v: StructuralSendability) {
            if structural { facts[Int(s)].structural = v } else { facts[Int(s)].implicit = v }
        }
        for s in order { set(s, survivors.contains(s) ? .sendable(requiredParameters: []) : .unknown) }
        for s in order where survivors.contains(s) {
            let params = r.genericParameters(s)
            let required = params.indices.map { k in
                members(s, except: k, assumed: survivors, structural: structural, memo: memo) != .sendable
            }
            set(s, .sendable(requiredParameters: required))
        }
        for _ in 0..<2 {
            var changed = false
            for s in order where !survivors.contains(s) {
                let v = members(s, except: -1, assumed: survivors, structural: structural, memo: memo)
                set(s, v == .notSendable ? .notSendable : .unknown)
                if v == .notSendable { changed = true }
            }
            // Every value still unknown, as before the round: a second round would see what the
            // first saw, and answer the same (this runs on the core that finalizes).
            if !changed { break }
        }
    }

    /// The greatest set of candidates whose members are all Sendable when the set is assumed
    /// Sendable (generic parameters assumed Sendable). A worklist: each candidate is evaluated
    /// once, and again only when a candidate it relied on drops out.
    mutating func fixpoint(_ start: Set<SymbolID>, structural: Bool, _ memo: ResolutionMemo) -> Set<SymbolID> {
        var set = start
        var dependents: [SymbolID: [SymbolID]] = [:]
        var pending = start.sorted()
        var queued = start
        var steps = 0
        while let s = pending.popLast(), steps < 1_000_000 {
            steps += 1
            queued.remove(s)
            guard set.contains(s) else { continue }
            let recorder = DependencyRecorder()
            if members(s, except: -1, assumed: set, structural: structural, memo: memo, recorder: recorder)
                == .sendable
            {
                for d in recorder.used where d != s { dependents[d, default: []].append(s) }
            } else {
                set.remove(s)
                for d in dependents.removeValue(forKey: s) ?? [] where set.contains(d) && !queued.contains(d) {
                    pending.append(d)
                    queued.insert(d)
                }
            }
        }
        return set
    }

}
