/// Whether values of a type may cross isolation domains, by the rules the compiler applies.
public enum Sendability: Sendable, Equatable {
    case sendable
    case notSendable
    /// The index and the knowledge base cannot tell (an SDK type they do not list).
    case unknown

    /// All of them Sendable: not Sendable as soon as one is not, unknown as soon as one is unknown.
    static func all<S: Sequence>(_ items: S) -> Sendability where S.Element == Sendability {
        var result = Sendability.sendable
        for i in items {
            if i == .notSendable { return .notSendable }
            if i == .unknown { result = .unknown }
        }
        return result
    }
}

extension WorkspaceIndex {
    /// The one Sendability query. `implicit`: count the compiler's inference for internal value
    /// types (a rule asking "is this value safe to share"); pass false to ask what a type
    /// *declares* (a rule asking "does it say Sendable").
    public func sendability(of type: TypeExpr, in context: LookupContext, implicit: Bool = true) -> Sendability {
        SendabilityEvaluator(r: resolver, facts: t.value.facts, assumed: nil, structural: false, implicit: implicit)
            .evaluate(type, context, [:], depth: 0)
    }

    public func declaredSendability(_ s: SymbolID) -> DeclaredSendability { t.value.facts[Int(s)].declared }

    /// A property's type: declared, inferred from `T(…)` or a literal, or that of the static
    /// property an initializer `= Store.shared` names (`Self` there is the store's type).
    public func type(of p: PropertyInfo, in context: LookupContext) -> (TypeExpr, LookupContext)? {
        if let t = p.type { return (t, context) }
        guard let path = p.initializerPath, path.count == 2,
            let owner = resolveSymbol([path[0]], in: context),
            let q = properties(owner).first(where: { $0.name == path[1] && $0.isStatic })
        else { return nil }
        let ownerContext = self.context(of: owner)
        if let t = q.type {
            return t.path == ["Self"]
                ? (.nominal([.init(symbol(owner).qualifiedName)]), LookupContext(module: symbol(owner).module))
                : (t, ownerContext)
        }
        // `static let shared = Store()` has no written type either: its inferred one.
        if q.initializerPath == nil, q.typeText == nil { return nil }
        return nil
    }

    /// What the compiler infers for an internal or frozen value type (`.notApplicable` otherwise).
    public func implicitSendability(_ s: SymbolID) -> StructuralSendability { t.value.facts[Int(s)].implicit }

    /// Whether a value type's members are all Sendable, counting undeclared public value types
    /// whose members are (so a public type and its member types can be declared together).
    public func structuralSendability(_ s: SymbolID) -> StructuralSendability { t.value.facts[Int(s)].structural }

    /// The global actor a type is isolated to (explicitly, by inheritance, or by its module's
    /// default isolation), with the reason.
    public func globalActor(of s: SymbolID) -> GlobalActorIsolation? { t.value.facts[Int(s)].globalActor }

    /// `public`/`open`, and every enclosing type too.
    public func isVisiblyPublic(_ s: SymbolID) -> Bool { t.value.facts[Int(s)].visiblyPublic }

    /// A protocol refining Sendable (or a type whose inheritance clause declares it).
    public func refinesSendable(_ s: SymbolID) -> Bool { t.value.facts[Int(s)].refinesSendable }

    // MARK: Conveniences by file-scope name (tests, messages)

    /// Whether the file-scope type `name` declares Sendable (unconditionally).
    public func declaresSendable(_ name: String, module: String = "") -> Bool {
        guard
            let s = resolveSymbol(
                name.splitASCII(UInt8(ascii: ".")).map(String.init), in: LookupContext(module: module))
        else { return false }
        return declaredSendability(s).isUnconditional
    }

    /// Whether type text written at file scope is known Sendable (implicit inference included).
    public func isKnownSendable(_ typeText: String, module: String = "") -> Bool {
        sendability(of: TypeExpr.parse(typeText), in: LookupContext(module: module)) == .sendable
    }

    /// Why the file-scope type `name` is main-actor isolated, or nil.
    public func mainActorReason(_ name: String, module: String = "") -> String? {
        switch resolve(name: name, module: module) {
        case .symbol(let s):
            guard let g = globalActor(of: s), g.actor == KnowledgeBase.mainActor else { return nil }
            return g.reason
        case .external(let p):
            guard let last = p.last, KnowledgeBase.isMainActorSDKType(last) else { return nil }
            return "\(last) is @MainActor in the SDK"
        default:
            return nil
        }
    }

    public func isMainActorType(_ name: String, module: String = "") -> Bool {
        mainActorReason(name, module: module) != nil
    }
}

/// The assumed symbols a fixpoint evaluation consulted (finalize runs on one thread).
final class DependencyRecorder {
    var used: Set<SymbolID> = []
    /// An evaluation read another value type's (changing) fixpoint facts.
    var usedFacts = false
    var isIndependent: Bool { used.isEmpty && !usedFacts }
}

/// The paths the fixpoints resolved, by the scope they are written in: a symbol's members are
/// evaluated again each time the fixpoints revisit the symbol, and resolving their names again
/// was a third of the fixpoints' time, on the one core that finalizes. A context is a function of
/// its scope (`Resolver.context(of:)`, `context(ofAlias:)`), so the answer is the same.
final class ResolutionMemo {
    struct Key: Hashable {
        /// A symbol (its members' context), or `scope(ofAlias:)`.
        var scope: Int32
        var path: [String]
    }
    /// One thread's (the finalizing one's), read then written, never across a call that could
    /// reach it again: no run-time exclusivity check.
    @exclusivity(unchecked) var known: [Key: ResolvedType] = [:]

    /// The scope of a typealias's target (below -1: symbols are 0 and up, -1 is none).
    static func scope(ofAlias a: Int32) -> Int32 { -2 - a }
}

/// Evaluates Sendability over the type structure. `assumed`: while `finalize()` computes the
/// fixpoints, the value types currently assumed Sendable; nil afterwards (the facts decide).
struct SendabilityEvaluator {
    enum Parameters {
        case none
        case allSendable
        case allSendableExcept(Int)
    }

    let r: Resolver
    let facts: [TypeFacts]
    let assumed: Set<SymbolID>?
    /// While computing fixpoints: records which assumed symbols an evaluation relied on.
    var dependencies: DependencyRecorder? = nil
    /// While computing fixpoints: the names resolved so far, by scope (see `ResolutionMemo`).
    var resolutions: ResolutionMemo? = nil
    /// Use the structural facts (would-be Sendable) instead of the compiler's implicit ones.
    var structural = false
    var implicit = true

    static let sendablePlaceholder = "\u{0}Sendable"
    static let notSendablePlaceholder = "\u{0}NotSendable"

    /// The stored instance properties and associated values of a symbol, with its own generic
    /// parameters replaced as `parameters` says.
    func members(of s: SymbolID, parameters: Parameters) -> Sendability {
        let context = r.context(of: s)
        var substitutions: [String: TypeExpr] = [:]
        let params = r.genericParameters(s)
        switch parameters {
        case .none:
            break
        case .allSendable, .allSendableExcept:
            for (k, p) in params.enumerated() {
                var placeholder = Self.sendablePlaceholder
                if case .allSendableExcept(let except) = parameters, except == k {
                    placeholder = Self.notSendablePlaceholder
                }
                substitutions[p] = .nominal([.init(placeholder)])
            }
        }
        var results: [Sendability] = []
        let types = r.index.types
        for di in r.tables.value.symbols[Int(s)].decls {
            let properties = types[Int(di)].properties
            let associatedValues = types[Int(di)].associatedValues
            // By position: a loop variable copies each property whole.
            for k in properties.indices where properties[k].isStored && !properties[k].isStatic {
                guard let type = properties[k].type else {
                    results.append(.unknown)
                    continue
                }
                results.append(
                    evaluate(
                        storageType(attributes: properties[k].attributes, type), context, substitutions, depth: 0,
                        scope: s))
                if results.last == .notSendable { return .notSendable }
            }
            for a in associatedValues {
                results.append(evaluate(a, context, substitutions, depth: 0, scope: s))
                if results.last == .notSendable { return .notSendable }
            }
        }
        return .all(results)
    }

    /// A property wrapper's storage (`@Clamped var x: Int` stores a `Clamped<Int>`): an
    /// attribute that names a type, other than a global actor or a known declaration attribute.
    func storageType(attributes: [String], _ type: TypeExpr) -> TypeExpr {
        guard
            let wrapper = attributes.first(where: { a in
                a.first?.isUppercase == true && !r.index.globalActors.contains(a)
                    && !KnowledgeBase.nonWrapperAttributes.contains(a)
            })
        else { return type }
        return .nominal([.init(wrapper, [type])])
    }

    /// `scope` names `context` for `resolutions`: a symbol's members' (the symbol), a
    /// typealias's target's (`ResolutionMemo.scope(ofAlias:)`), or none (-1).
    func evaluate(
        _ e: TypeExpr, _ context: LookupContext, _ subs: [String: TypeExpr], depth: Int, scope: Int32 = -1
    ) -> Sendability {
        guard depth < 32 else { return .unknown }
        switch e {
        case .unknown:
            return .unknown
        case .optional(let w), .array(let w):
            return evaluate(w, context, subs, depth: depth + 1, scope: scope)
        case .metatype:
            return .sendable
        case .dictionary(let k, let v):
            return .all([
                evaluate(k, context, subs, depth: depth + 1, scope: scope),
                evaluate(v, context, subs, depth: depth + 1, scope: scope),
            ])
        case .tuple(let es):
            return .all(es.map { evaluate($0, context, subs, depth: depth + 1, scope: scope) })
        case .function(let f):
            if f.isSendable { return .sendable }
            if let c = f.convention, KnowledgeBase.sendableFunctionConventions.contains(c) { return .sendable }
            if let g = f.globalActor, r.index.globalActors.contains(g) { return .sendable }
            return .notSendable
        case .existential(let parts):
            return existential(parts, context, depth: depth)
        case .nominal(let components):
            guard let path = e.path, let last = components.last else { return .unknown }
            if path.count == 1 {
                if path[0] == Self.sendablePlaceholder { return .sendable }
                if path[0] == Self.notSendablePlaceholder { return .notSendable }
                if let sub = subs[path[0]] { return evaluate(sub, context, [:], depth: depth + 1, scope: scope) }
            }
            let args = last.arguments
            switch resolve(path, context, scope) {
            case .genericParameter(let g):
                if g.contains(".") { return .unknown }
                return context.requirements.contains {
                    $0.parameter == g && constraintRefinesSendable($0.constraint, context, depth)
                }
                    ? .sendable : .notSendable
            case .alias(let a):
                let alias = r.index.typealiases[Int(a)]
                var aliasSubs: [String: TypeExpr] = [:]
                for (k, p) in alias.genericParameters.enumerated() where k < args.count { aliasSubs[p] = args[k] }
                return evaluate(
                    alias.target, r.context(ofAlias: a), aliasSubs, depth: depth + 1,
                    scope: ResolutionMemo.scope(ofAlias: a))
            case .symbol(let s):
                return symbol(s, args.map { ($0, context, subs, scope) }, depth: depth)
            case .external(let p):
                return external(p, args.map { evaluate($0, context, subs, depth: depth + 1, scope: scope) })
            }
        }
    }

    /// A path resolved in a context, through `resolutions` when the context has a scope.
    private func resolve(_ path: [String], _ context: LookupContext, _ scope: Int32) -> ResolvedType {
        guard scope != -1, let memo = resolutions else { return r.resolve(path, in: context) }
        let key = ResolutionMemo.Key(scope: scope, path: path)
        if let known = memo.known[key] { return known }
        let resolved = r.resolve(path, in: context)
        memo.known[key] = resolved
        return resolved
    }

    func symbol(
        _ s: SymbolID, _ args: [(TypeExpr, LookupContext, [String: TypeExpr], Int32)], depth: Int
    ) -> Sendability {
        func arg(_ k: Int) -> Sendability {
            // No argument written (a type inferred from `Box(value)`): unknown, not "not Sendable".
            guard k < args.count else { return .unknown }
            return evaluate(args[k].0, args[k].1, args[k].2, depth: depth + 1, scope: args[k].3)
        }
        let params = r.genericParameters(s)
        switch facts[Int(s)].declared {
        case .explicitlyNot:
            return .notSendable
        case .unconditional:
            return .sendable
        case .conditional(let required):
            // A generic type is not Sendable "in general": each required argument must be.
            return .all(required.map { p in params.firstIndex(of: p).map(arg) ?? .unknown })
        case .none:
            break
        }
        switch r.kind(s) {
        case .protocolDecl:
            return facts[Int(s)].refinesSendable ? .sendable : .notSendable
        case .structDecl, .enumDecl:
            break
        default:
            return .notSendable
        }
        if let assumed, assumed.contains(s) {
            dependencies?.used.insert(s)
            return .all(params.indices.map(arg))
        }
        guard implicit || structural else { return .notSendable }
        dependencies?.usedFacts = true
        let fact = structural ? facts[Int(s)].structural : facts[Int(s)].implicit
        switch fact {
        case .notApplicable, .notSendable:
            return .notSendable
        case .unknown:
            return .unknown
        case .sendable(let required):
            return .all(required.enumerated().filter(\.element).map { arg($0.offset) })
        }
    }

    func external(_ path: [String], _ args: [Sendability]) -> Sendability {
        guard let name = path.last else { return .unknown }
        let byName = KnowledgeBase.externalSendability[name]
        // A qualified path (`Unicode.Scalar`) is known whole as well as by its last name; the
        // whole only in the first two tables.
        if path.count > 1, byName != .notSendable,
            let byPath = KnowledgeBase.externalSendability[path.joined(separator: ".")],
            byPath == .notSendable || byPath == .sendable
        {
            return byPath == .notSendable ? .notSendable : .sendable
        }
        switch byName {
        case .notSendable: return .notSendable
        case .sendable, .refining: return .sendable
        case .container: return args.isEmpty ? .unknown : .all(args)
        case nil: return .unknown
        }
    }

    func existential(_ parts: [TypeExpr], _ context: LookupContext, depth: Int) -> Sendability {
        var allKnown = true
        for p in parts {
            if constraintRefinesSendable(p, context, depth) { return .sendable }
            guard let path = p.path else {
                allKnown = false
                continue
            }
            switch r.resolve(path, in: context) {
            case .symbol: break
            case .external(let e):
                if let last = e.last, !KnowledgeBase.nonSendableTypes.contains(last) { allKnown = false }
            default: allKnown = false
            }
        }
        return allKnown ? .notSendable : .unknown
    }

    /// `Sendable`, a protocol refining it, or a composition holding one.
    func constraintRefinesSendable(_ type: TypeExpr, _ context: LookupContext, _ depth: Int) -> Bool {
        guard depth < 32 else { return false }
        switch type {
        case .existential(let parts):
            return parts.contains { constraintRefinesSendable($0, context, depth + 1) }
        case .nominal:
            guard let path = type.path else { return false }
            switch r.resolve(path, in: context) {
            case .symbol(let s):
                return r.kind(s) == .protocolDecl
                    ? facts[Int(s)].refinesSendable
                    : facts[Int(s)].declared.isUnconditional
            case .alias(let a):
                return constraintRefinesSendable(r.index.typealiases[Int(a)].target, r.context(ofAlias: a), depth + 1)
            case .external(let p):
                return p.last.map(KnowledgeBase.sendableRefiningProtocols.contains) ?? false
            case .genericParameter:
                return false
            }
        default:
            return false
        }
    }
}
