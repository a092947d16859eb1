extension WorkspaceIndex {
    /// The inheritance entries of a symbol with the context each resolves in: the primary
    /// declarations' and every extension's (not `@available(*, unavailable)` ones).
    public func inheritanceEntries(_ s: SymbolID) -> [(
        entry: InheritedEntry, context: LookupContext, inExtension: Bool
    )] {
        // By field: copying each whole declaration showed in profiles (as in `properties(_:)`).
        var out: [(InheritedEntry, LookupContext, Bool)] = []
        let box = t
        let resolver = Resolver(index: self, box: box)
        let context = resolver.context(of: s)
        let types = self.types
        let extensions = self.extensions
        for d in box.value.symbols[Int(s)].decls {
            for e in types[Int(d)].inherited where !e.isSuppressed { out.append((e, context, false)) }
        }
        for x in box.value.symbols[Int(s)].extensions where !extensions[Int(x)].isUnavailable {
            let inherited = extensions[Int(x)].inherited
            guard inherited.contains(where: { !$0.isSuppressed }) else { continue }
            let c = resolver.context(ofExtensionAt: x, extending: s)
            for e in inherited where !e.isSuppressed { out.append((e, c, true)) }
        }
        return out
    }

    /// Whether a symbol conforms to the protocol `name` (an SDK protocol, or a workspace protocol
    /// of that name): directly, in an extension, through workspace protocols and superclasses,
    /// or through a typealias composition (`typealias Model = ObservableObject & Identifiable`).
    /// Each symbol's answer is remembered per index: a rule asks it of every class, and classes
    /// share their superclasses and protocols (walking them again for each was 1% of a run).
    public func conforms(_ s: SymbolID, to name: String) -> Bool {
        // No inheritance clause (or typealias) of the workspace names it: nothing conforms.
        guard t.value.names.inheritedNames.contains(name) else { return false }
        let box = t
        var visited: Set<SymbolID> = []
        guard let answer = reaches(s, name, box, depth: 0, &visited) else { return conformsByWalk(s, to: name) }
        // A "no" holds for every type the search entered: each reaches only types the search
        // reached, none of which names the protocol, or types already known not to.
        if !answer {
            for v in visited { box.conformances.put(ConformanceKey(symbol: v, name: name), false) }
        }
        return answer
    }

    /// `conforms(_:to:)` of one symbol, by a depth-first search that enters each type once (a type
    /// entered before adds nothing: false) and asks `box` for answers of earlier searches; nil
    /// past `maximumConformanceDepth` levels of supertypes (the caller then walks). A "yes" is
    /// remembered for each type on the way to the type that names the protocol; a "no" only once
    /// the whole search says no (`conforms`), since a type entered earlier may yet lead to a yes.
    private func reaches(
        _ s: SymbolID, _ name: String, _ box: SymbolTablesBox, depth: Int, _ visited: inout Set<SymbolID>
    ) -> Bool? {
        let key = ConformanceKey(symbol: s, name: name)
        if let known = box.conformances.peek(key) { return known }
        guard visited.insert(s).inserted else { return false }
        guard depth < Self.maximumConformanceDepth else { return nil }
        var supertypes: [SymbolID] = []
        if namesDirectly(s, name, supertypes: &supertypes) {
            box.conformances.put(key, true)
            return true
        }
        for other in supertypes {
            guard let answer = reaches(other, name, box, depth: depth + 1, &visited) else { return nil }
            if answer {
                box.conformances.put(key, true)
                return true
            }
        }
        return false
    }

    /// Supertype levels `reaches` follows before it leaves a symbol to the walk (recursion stays
    /// bounded on any input; real hierarchies are a few levels deep).
    static let maximumConformanceDepth = 64

    /// Whether `s`'s own entries (through compositions and typealiases, at most 256 of them)
    /// name `name`; the workspace types they name are appended to `supertypes`.
    private func namesDirectly(_ s: SymbolID, _ name: String, supertypes: inout [SymbolID]) -> Bool {
        var pending = inheritanceEntries(s).map { ($0.entry.type, $0.context) }
        var steps = 0
        while let (type, context) = pending.popLast(), steps < 256 {
            steps += 1
            switch type {
            case .existential(let parts):
                pending += parts.map { ($0, context) }
            case .nominal:
                guard let path = type.path else { continue }
                switch resolve(path, in: context) {
                case .external(let p):
                    if p.last == name { return true }
                case .symbol(let other):
                    if symbol(other).name == name, symbol(other).kind == .protocolDecl { return true }
                    supertypes.append(other)
                case .alias(let a):
                    pending.append((typealiases[Int(a)].target, resolver.context(ofAlias: a)))
                case .genericParameter:
                    break
                }
            default:
                break
            }
        }
        return false
    }

    /// `conforms(_:to:)` by a walk of everything `s` reaches, with no memory between calls: for
    /// hierarchies deeper than `reaches` follows.
    func conformsByWalk(_ s: SymbolID, to name: String) -> Bool {
        var visited: Set<SymbolID> = [s]
        var stack: [SymbolID] = [s]
        while let current = stack.popLast() {
            var supertypes: [SymbolID] = []
            if namesDirectly(current, name, supertypes: &supertypes) { return true }
            for other in supertypes where visited.insert(other).inserted { stack.append(other) }
        }
        return false
    }

    /// An explicit `Sendable` or `@unchecked Sendable` conformance (or one through a refining
    /// protocol) in the declaration or an extension; not isolation, not inference, and never
    /// for a type declared never Sendable. `@unchecked` anywhere wins.
    public func explicitSendableConformance(_ s: SymbolID) -> ExplicitConformance? { t.value.facts[Int(s)].explicit }

    /// `conforms(_:to:)` for a file-scope type name (tests).
    public func conforms(typeNamed type: String, to name: String, module: String = "") -> Bool {
        guard
            let s = resolveSymbol(
                type.splitASCII(UInt8(ascii: ".")).map(String.init), in: LookupContext(module: module))
        else { return false }
        return conforms(s, to: name)
    }
}
