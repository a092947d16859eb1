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
    public func conforms(_ s: SymbolID, to name: String) -> Bool {
        // No inheritance clause (or typealias) of the workspace names it: nothing conforms.
        guard t.value.names.inheritedNames.contains(name) else { return false }
        var visited: Set<SymbolID> = [s]
        var stack: [SymbolID] = [s]
        while let current = stack.popLast() {
            var pending = inheritanceEntries(current).map { ($0.entry.type, $0.context) }
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
                        if visited.insert(other).inserted { stack.append(other) }
                    case .alias(let a):
                        pending.append((typealiases[Int(a)].target, resolver.context(ofAlias: a)))
                    case .genericParameter:
                        break
                    }
                default:
                    break
                }
            }
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
