import IsolintSyntax

extension SemanticModel {
    /// Synchronous uses of main-actor state in the code of `body` that the compiler does not run
    /// on the main actor: main-actor free functions; static members, methods and properties of
    /// main-actor workspace types (reached through a typed expression: a local, a parameter, a
    /// property, `makeSUT()`); initializers of main-actor types declared with an isolated `init`
    /// (an implicit one is nonisolated when every default value is, SE-0411); and `owner`'s own
    /// members that are main-actor isolated. A member counts by its own isolation (`nonisolated`
    /// members and instance `let`s of Sendable types do not). Code under `await` (which hops) and
    /// code the compiler runs on the main actor (`MainActor.run {}`, `Task { @MainActor in }`) do
    /// not count.
    public func synchronousMainActorUses(in body: Int32, owner: Int32?, limit: Int = 16) -> [MainActorUse] {
        var out: [MainActorUse] = []
        let own = owner.map(ownMainActorMembers) ?? []
        // Cheap test first: every use goes by a name in the body; when no word of it can name
        // main-actor code (and the owner has no main-actor members), there is none.
        let names = mainActorNames.filter
        if own.isEmpty, !mayNameMainActorCode(in: body) { return [] }
        var stack: [Int32] = []
        tree.pushChildren(of: body, onto: &stack)
        while let n = stack.popLast(), out.count < limit {
            switch tree[n].kind {
            case .captureList, .awaitExpr, .funcDecl, .classDecl, .structDecl, .enumDecl, .actorDecl:
                continue
            case .macroExpansion where tree.isReferenceOnlyMacro(n):
                continue
            case .closure:
                // A closure no word of which can name main-actor code holds no use (the cheap
                // test first: its isolation costs a look at the call it is passed to).
                if own.isEmpty, !mayNameMainActorCode(in: n) { continue }
                if let iso = isolation.closureIsolation(n, view: .compiler), iso.isGlobalActor { continue }
            case .memberAccess:
                if !own.isEmpty || names.mayContain(tree, token: tree[n].name),
                    let use = mainActorMemberUse(n, own: own)
                {
                    out.append(use)
                    continue
                }
            case .identifierExpr:
                if !own.isEmpty || names.mayContain(tree, token: tree[n].name), let use = mainActorNameUse(n, own: own)
                {
                    out.append(use)
                }
            default:
                break
            }
            tree.pushChildren(of: n, onto: &stack)
        }
        return out
    }

    /// `self.member`, `Type.member`, `value.member` that is main-actor state (`own`: the names
    /// of the owner's main-actor members).
    func mainActorMemberUse(_ access: Int32, own: Set<String>) -> MainActorUse? {
        guard let base = tree.children(access).first else { return nil }
        let member = tree.name(of: access)
        if tree[base].kind == .selfExpr {
            guard own.contains(member) else { return nil }
            return MainActorUse(node: access, name: member, isSelfMember: true)
        }
        guard mainActorNames.isMember(member) else { return nil }
        if let use = mainActorMemberOfOtherType(access, base: base) { return use }
        // `value.method()` and `value.property` through any typed expression (of a main-actor
        // type with a method, or a property, of that name: the cheap test first).
        let callee = isCallee(access)
        guard callee ? mainActorNames.methods.contains(member) : mainActorNames.properties.contains(member),
            let s = typeSymbolOfExpression(base), isMainActorType(s)
        else { return nil }
        let typeName = index.symbolName(s)
        if callee {
            guard let f = index.methods(s, named: member).first(where: { !$0.isStatic }), !f.isNonisolated,
                isMainActor(declared: f.attributes)
            else { return nil }
            return MainActorUse(node: access, name: "\(typeName).\(member)()", isSelfMember: false)
        }
        guard let p = index.properties(s, named: member).first(where: { !$0.isStatic }),
            isMainActorProperty(p, of: s)
        else { return nil }
        return MainActorUse(node: access, name: "\(typeName).\(member)", isSelfMember: false)
    }

    /// A bare name: `owner`'s main-actor member, a main-actor free function, or the initializer
    /// of a main-actor type with an isolated `init` of the call's labels.
    func mainActorNameUse(_ n: Int32, own: Set<String>) -> MainActorUse? {
        let name = tree.name(of: n)
        let callee = isCallee(n)
        // Cheap tests first: most names are none of these (`XCTAssertEqual`, SDK types).
        guard
            own.contains(name)
                || (callee
                    && (mainActorNames.types.contains(name) || index.hasTypealias(named: name)
                        || index.hasFreeFunction(named: name, seenFrom: module)))
        else { return nil }
        guard resolveLocal(name, at: n) == nil else { return nil }
        if own.contains(name) { return MainActorUse(node: n, name: name, isSelfMember: true) }
        guard callee else { return nil }
        if isMainActorFreeFunction(name) { return MainActorUse(node: n, name: name + "()", isSelfMember: false) }
        guard name.first?.isUppercase == true, let s = index.resolveSymbol([name], in: lookupContext(at: n)),
            isMainActorType(s)
        else { return nil }
        let call = tree[n].parent
        let labels = tree.arguments(of: call).filter { !tree[$0].flags.contains(.isTrailingClosure) }.map {
            tree.label(of: $0) ?? "_"
        }
        let isolatedInit = index.methods(s, named: "init").contains { f in
            f.labels == labels && !f.isNonisolated && isMainActor(declared: f.attributes)
        }
        return isolatedInit ? MainActorUse(node: call, name: "\(index.symbolName(s)).init", isSelfMember: false) : nil
    }

    func isMainActorType(_ s: SymbolID) -> Bool { index.globalActor(of: s)?.actor == KnowledgeBase.mainActor }

    /// An instance property of a main-actor type that is main-actor state.
    func isMainActorProperty(_ p: PropertyInfo, of s: SymbolID) -> Bool {
        if p.isNonisolated || p.isNonisolatedUnsafe { return false }
        if p.isLet, let (t, c) = index.type(of: p, in: index.context(of: s)),
            index.sendability(of: t, in: c) == .sendable
        {
            return false
        }
        return isMainActor(declared: p.attributes)
    }

    /// The names of `owner`'s instance members that are main-actor isolated (see
    /// `isMainActorMember`), computed once per type declaration: a member declared in `owner`
    /// by its isolation there; one declared elsewhere (another declaration, an extension) by
    /// its attributes, and by the owner's isolation when it has none.
    func ownMainActorMembers(_ owner: Int32) -> Set<String> {
        ownMainActorMemberNames.get(owner) {
            let ownerIsMainActor = isolation.typeIsolation(owner).isMainActor
            // A member of a type that is not main-actor isolated is only by its own `@MainActor`:
            // when no token of this declaration is `MainActor` and no member elsewhere carries it,
            // there is none (an XCTest case class holds hundreds of methods, and this is asked of
            // each before its test methods are checked). The declaration's bytes are searched
            // first: most never spell the word, and comparing each token was 1% of a run.
            func writesMainActor() -> Bool {
                tree.sourceText(of: owner, contains: KnowledgeBase.mainActor)
                    && tree.containsToken(in: owner, where: { tree.token($0, equals: KnowledgeBase.mainActor) })
            }
            if !ownerIsMainActor, !writesMainActor(),
                symbol(of: owner).map({ !index.hasMember($0, attributed: KnowledgeBase.mainActor) }) ?? true
            {
                return []
            }
            var names: Set<String> = []
            var decided: Set<String> = []
            for m in tree.members(of: owner) where !tree.hasModifier(m, "static") && !tree.hasModifier(m, "class") {
                let declared: [String]
                switch tree[m].kind {
                case .varDecl: declared = IndexBuilder.propertyInfos(tree, m).map(\.name)
                case .funcDecl: declared = [tree.name(of: m)]
                default: continue
                }
                decided.formUnion(declared)
                if memberIsolation(m).isMainActor { names.formUnion(declared) }
            }
            guard let s = symbol(of: owner) else { return names }
            // Members declared in other files (other declarations, extensions).
            for p in index.properties(s) where !p.isStatic && !decided.contains(p.name) {
                let isMain =
                    ownerIsMainActor
                    ? isMainActorProperty(p, of: s)
                    : !p.isNonisolated && p.attributes.contains(KnowledgeBase.mainActor)
                if isMain { names.insert(p.name) }
            }
            for f in index.methods(s) where !f.isStatic && f.name != "init" && !decided.contains(f.name) {
                let isMain =
                    ownerIsMainActor
                    ? !f.isNonisolated && isMainActor(declared: f.attributes)
                    : !f.isNonisolated && f.attributes.contains(KnowledgeBase.mainActor)
                if isMain { names.insert(f.name) }
            }
            return names
        }
    }
}

extension SyntaxTree {
    /// `#selector(…)` / `#keyPath(…)`: names a declaration without using it.
    public func isReferenceOnlyMacro(_ n: Int32) -> Bool {
        self[n].kind == .macroExpansion && KnowledgeBase.referenceOnlyMacros.contains(name(of: n))
    }
}
