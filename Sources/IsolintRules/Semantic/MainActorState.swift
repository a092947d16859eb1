import IsolintSyntax

/// What code reaches main-actor state through: a member of the enclosing type, a main-actor
/// free function, or a main-actor member of another workspace type.
public struct MainActorUse: Sendable, Equatable {
    public var node: Int32
    /// `items` (a member of self), `refresh()` (a free function), `Store.shared` / `Store.refresh`.
    public var name: String
    public var isSelfMember: Bool
}

extension SemanticModel {
    /// The first use of main-actor state in a closure's own code (not in nested hops back to the
    /// main actor, not under `await`, which hops itself). Members count by their own isolation:
    /// `nonisolated` members and instance `let`s of Sendable types are not main-actor state.
    public func firstMainActorUse(in closure: Int32, owner: Int32) -> MainActorUse? {
        let ownerIsMainActor = isolation.typeIsolation(owner).isMainActor
        var stack: [Int32] = []
        tree.pushChildren(of: closure, onto: &stack)
        while let n = stack.popLast() {
            let node = tree[n]
            switch node.kind {
            case .captureList, .awaitExpr:
                continue
            case .closure:
                if let iso = isolation.closureIsolation(n), iso.isMainActor { continue }
            case .memberAccess:
                guard let base = tree.children(n).first else { break }
                if tree[base].kind == .selfExpr {
                    let name = tree.name(of: n)
                    if ownerIsMainActor, isMainActorMember(name, of: owner) {
                        return MainActorUse(node: n, name: name, isSelfMember: true)
                    }
                    continue
                }
                if let use = mainActorMemberOfOtherType(n, base: base) { return use }
            case .identifierExpr:
                let name = tree.name(of: n)
                guard resolveLocal(name, at: n) == nil else { break }
                if ownerIsMainActor, isMainActorMember(name, of: owner) {
                    return MainActorUse(node: n, name: name, isSelfMember: true)
                }
                if isCallee(n), isMainActorFreeFunction(name) {
                    return MainActorUse(node: n, name: name + "()", isSelfMember: false)
                }
            default:
                break
            }
            tree.pushChildren(of: n, onto: &stack)
        }
        return nil
    }

    func isCallee(_ n: Int32) -> Bool {
        let p = tree[n].parent
        return tree[p].kind == .call && tree.callee(of: p) == n
    }

    /// Whether an instance member of the type declaration `owner` (declared there, or in another
    /// declaration or extension the index knows) is main-actor state: by its own declaration
    /// (`@MainActor func helper()` in a nonisolated test class), or by a main-actor owner.
    public func isMainActorMember(_ name: String, of owner: Int32) -> Bool {
        ownMainActorMembers(owner).contains(name)
    }

    /// A member's own attributes, else the owner's (main-actor) isolation.
    func isMainActor(declared attributes: [String]) -> Bool {
        if attributes.contains("concurrent") { return false }
        if let other = attributes.first(where: { index.isGlobalActorAttribute($0) }) {
            return other == KnowledgeBase.mainActor
        }
        return true
    }

    /// A workspace free function isolated to the main actor (declared so, or by its module's default).
    public func isMainActorFreeFunction(_ name: String) -> Bool {
        index.everyFreeFunction(named: name, seenFrom: module) { declaredIn, f in
            if f.isNonisolated || f.attributes.contains("concurrent") { return false }
            if f.attributes.contains(KnowledgeBase.mainActor) { return true }
            return declaredIn == module && settings.defaultIsolationMainActor
        }
    }

    /// `Store.shared`, `Store.refresh()`, `store.refresh()` where the base's type is a
    /// main-actor workspace type and the member is not `nonisolated`.
    func mainActorMemberOfOtherType(_ access: Int32, base: Int32) -> MainActorUse? {
        let member = tree.name(of: access)
        // Cheap test first: most member names belong to no main-actor type of the workspace.
        guard mainActorNames.isMember(member) else { return nil }
        // `Type.member`: a static member.
        if tree[base].kind == .identifierExpr, mainActorNames.types.contains(tree.name(of: base)),
            resolveLocal(tree.name(of: base), at: base) == nil,
            let s = index.resolveSymbol([tree.name(of: base)], in: lookupContext(at: access)),
            index.globalActor(of: s)?.actor == KnowledgeBase.mainActor
        {
            if let p = index.properties(s, named: member).first(where: { $0.isStatic }) {
                guard !p.isNonisolated, !p.isNonisolatedUnsafe, isMainActor(declared: p.attributes) else { return nil }
                return MainActorUse(node: access, name: "\(index.symbolName(s)).\(member)", isSelfMember: false)
            }
            if let f = index.methods(s, named: member).first(where: { $0.isStatic }) {
                guard !f.isNonisolated, isMainActor(declared: f.attributes) else { return nil }
                return MainActorUse(node: access, name: "\(index.symbolName(s)).\(member)()", isSelfMember: false)
            }
            return nil
        }
        // `value.method()` with a value of a main-actor workspace type (one with a method of
        // that name: the cheap test first).
        guard isCallee(access), mainActorNames.methods.contains(member), let s = typeSymbol(of: base),
            index.globalActor(of: s)?.actor == KnowledgeBase.mainActor,
            let f = index.methods(s, named: member).first(where: { !$0.isStatic }),
            !f.isNonisolated, isMainActor(declared: f.attributes)
        else { return nil }
        return MainActorUse(node: access, name: "\(index.symbolName(s)).\(member)()", isSelfMember: false)
    }

    /// The workspace type of a simple expression: a local or parameter with a declared type or a
    /// `T(…)` initializer, a property of the enclosing type, `self.property`, `Type.shared`.
    public func typeSymbol(of expr: Int32) -> SymbolID? {
        guard let (path, context) = writtenType(of: expr) else { return nil }
        return index.resolveSymbol(path, in: context)
    }

    /// The type of a simple expression as declarations write it (workspace or SDK type), with the
    /// context to resolve it in: a local or parameter with a declared type or a `T(…)`
    /// initializer, a property of the enclosing type, `self.property`, `Type.shared`.
    public func writtenType(of expr: Int32) -> (path: [String], context: LookupContext)? {
        let node = tree[expr]
        switch node.kind {
        case .identifierExpr:
            let name = tree.name(of: expr)
            if let b = resolveLocal(name, at: expr) { return writtenType(ofBinding: b) }
            guard let owner = tree.enclosingType(of: expr), let s = symbol(of: owner) else { return nil }
            return propertyType(name, of: s, isStatic: false)
        case .memberAccess:
            guard let base = tree.children(expr).first else { return nil }
            if tree[base].kind == .selfExpr, let owner = tree.enclosingType(of: expr), let s = symbol(of: owner) {
                return propertyType(tree.name(of: expr), of: s, isStatic: false)
            }
            if tree[base].kind == .identifierExpr, resolveLocal(tree.name(of: base), at: base) == nil,
                let s = index.resolveSymbol([tree.name(of: base)], in: lookupContext(at: expr))
            {
                return propertyType(tree.name(of: expr), of: s, isStatic: true)
            }
            return nil
        default:
            return nil
        }
    }

    func propertyType(_ name: String, of s: SymbolID, isStatic: Bool) -> (path: [String], context: LookupContext)? {
        guard let p = index.properties(s, named: name).first(where: { $0.isStatic == isStatic }),
            let path = p.type?.unwrapped.path
        else { return nil }
        if path == ["Self"] {
            return (index.symbolQualifiedName(s).splitASCII(UInt8(ascii: ".")).map(String.init), index.context(of: s))
        }
        return (path, index.context(of: s))
    }

    func writtenType(ofBinding b: LocalBinding) -> (path: [String], context: LookupContext)? {
        let n = b.node
        switch tree[n].kind {
        case .parameter, .binding:
            if let typeNode = tree.firstChild(n, kind: .type) {
                return typeExpr(typeNode).unwrapped.path.map { ($0, lookupContext(at: n)) }
            }
            if tree[n].kind == .binding, let t = IndexBuilder.initializerTypeName(tree, n) {
                return TypeExpr.parse(t).path.map { ($0, lookupContext(at: n)) }
            }
            return nil
        default:
            return nil
        }
    }
}
