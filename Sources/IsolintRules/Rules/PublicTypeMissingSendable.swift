import IsolintSyntax

/// `public-type-missing-sendable`: a public struct or enum whose members are all Sendable but
/// which does not say so (public types are never inferred Sendable).
public struct PublicTypeMissingSendable: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "public-type-missing-sendable", severity: .warning,
        summary: "Public struct/enum with only Sendable members that does not declare `Sendable`.",
        explanation: """
            ## What it finds
            A `public`/`open` struct or enum (not `@frozen`) in a library target that does not declare \
            `Sendable` — in its inheritance clause, an extension, or through a protocol that refines it — \
            while every stored property and associated value has a type known to be Sendable (standard and \
            Foundation value types, collections of them, Sendable workspace types, and the other public \
            types this rule reports, so a type and its member types are reported together). Not reported: \
            namespaces (a caseless enum, a struct with only static members nothing creates); types in a target \
            whose default isolation is MainActor (they are main-actor isolated, hence Sendable) unless declared \
            `nonisolated`; types with a member that is not Sendable (`AnyHashable`, a non-Sendable closure, a \
            conditionally Sendable generic with a non-Sendable argument); types declared never Sendable \
            (`@available(*, unavailable) extension T: Sendable`); and types conforming to a protocol isolint \
            cannot see, which may refine Sendable already.

            ## Why it matters in Swift 6
            The compiler infers `Sendable` for internal value types but never for public non-frozen ones: \
            every client — and the declaring module itself — gets an error at each use that needs Sendable \
            (passing it to a `Task`, returning it from an actor).

            ## Fix
            Add `Sendable` to the inheritance clause. A generic type whose members are Sendable only when its \
            parameters are gets a conditional conformance instead: `extension Box: Sendable where T: Sendable {}`.

            ## Before / after
            ```swift
            public struct Coordinate { public var latitude: Double; public var longitude: Double }
            public struct Coordinate: Sendable { public var latitude: Double; public var longitude: Double }
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.structDecl, .enumDecl] }

    public func check(_ decl: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        guard file.settings.kind == .library || file.settings.kind == .unknown, tree[decl].name >= 0,
            tree[decl].keyword >= 0, let s = file.model.symbol(of: decl)
        else { return }
        let index = file.index
        // One field of the declaration, not a copy of it whole.
        let types = index.types
        let position = index.primaryDeclPosition(s)
        let frozen = TypeDecl.isFrozen(attributes: types[position].attributes)
        guard index.isVisiblyPublic(s), !frozen, index.declaredSendability(s) == .none else { return }
        // In a default-MainActor target the type is main-actor isolated, hence Sendable, for
        // clients too (unless declared nonisolated: then its own declaration decides).
        if file.settings.defaultIsolationMainActor, index.globalActor(of: s) != nil { return }
        if isNamespace(s, index) { return }
        if conformsToUnknownProtocol(s, index) { return }
        guard case .sendable(let required) = index.structuralSendability(s) else { return }
        let name = tree.name(of: decl)
        let kind = tree[decl].kind == .structDecl ? "struct" : "enum"
        let fix: Fix
        if required.contains(true) {
            // Sendable only when some generic parameters are: a conditional conformance.
            let params = zip(types[position].genericParameters, required).filter(\.1).map { "\($0.0): Sendable" }
            let qualified = tree.qualifiedName(of: decl).qualified
            let end = tree.range(of: decl).upperBound
            let eol = tree.lineEnding
            let indent = tree.indentation(at: tree.start(decl))
            let text =
                eol + eol + indent + "extension \(qualified): Sendable where \(params.joined(separator: ", ")) {}"
            fix = Fix(
                title:
                    "Add a conditional conformance: `extension \(name): Sendable where \(params.joined(separator: ", "))`",
                edits: [Edits.insert(text, at: end)])
        } else {
            let inherited = tree.inheritedTypes(of: decl)
            let offset: Int
            let text: String
            if let last = inherited.last {
                offset = tree.range(of: last.node).upperBound
                text = ", Sendable"
            } else if let generics = tree.firstChild(decl, kind: .genericParams) {
                offset = tree.range(of: generics).upperBound
                text = ": Sendable"
            } else {
                offset = tree.tokenRange(tree[decl].name).upperBound
                text = ": Sendable"
            }
            fix = Fix(title: "Add `Sendable` to the inheritance clause", edits: [Edits.insert(text, at: offset)])
        }
        findings.append(
            file.finding(
                Self.descriptor, tree.tokenRange(tree[decl].keyword),
                "Public \(kind) '\(name)' has only Sendable members but does not declare Sendable; public types are never inferred Sendable, so every use that needs it is an error.",
                fixes: [fix]))
    }

    /// An inherited protocol the workspace does not declare and the knowledge base does not know
    /// to be unrelated to Sendable: it may refine Sendable already (a package's protocol).
    func conformsToUnknownProtocol(_ s: SymbolID, _ index: WorkspaceIndex) -> Bool {
        index.inheritanceEntries(s).contains { entry, context, _ in
            guard let path = entry.type.path, case .external(let p) = index.resolve(path, in: context),
                let name = p.last
            else { return false }
            // A raw type (`enum Mode: String`) is not a protocol.
            return !KnowledgeBase.protocolsNotRefiningSendable.contains(name)
                && !KnowledgeBase.sendableRefiningProtocols.contains(name)
                && !KnowledgeBase.sendableValueTypes.contains(name)
        }
    }

    /// A type used only as a namespace: a caseless enum, or a struct with only static members
    /// that nothing in the workspace ever creates.
    func isNamespace(_ s: SymbolID, _ index: WorkspaceIndex) -> Bool {
        let decls = index.decls(s)
        if index.symbolKind(s) == .enumDecl { return !decls.contains(where: \.hasCases) }
        let instanceMembers =
            decls.contains(where: \.hasInstanceMembers)
            || index.extensionDecls(s).contains { e in
                e.properties.contains { !$0.isStatic } || e.functions.contains { !$0.isStatic }
            }
        return !instanceMembers && !index.isConstructed(index.symbolName(s), declaredIn: index.symbol(s).module)
    }
}
