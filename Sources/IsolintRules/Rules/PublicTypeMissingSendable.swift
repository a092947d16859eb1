import IsolintSyntax

/// `public-type-missing-sendable`: a public struct or enum whose members are all Sendable but
/// which does not say so (public types are never inferred Sendable).
public struct PublicTypeMissingSendable: Rule {
    public static let descriptor = RuleDescriptor(
        id: "public-type-missing-sendable", severity: .warning,
        summary: "Public struct/enum with only Sendable members that does not declare `Sendable`.",
        explanation: """
            ## What it finds
            A `public`/`open` struct or enum (not `@frozen`) in a library target that does not declare \
            `Sendable` — in its inheritance clause, an extension, or through a protocol that refines it — \
            while every stored property and associated value has a type known to be Sendable (standard and \
            Foundation value types, collections of them, Sendable workspace types, and the other public \
            types this rule reports, so a type and its member types are reported together).

            ## Why it matters in Swift 6
            The compiler infers `Sendable` for internal value types but never for public non-frozen ones: \
            every client — and the declaring module itself — gets an error at each use that needs Sendable \
            (passing it to a `Task`, returning it from an actor).

            ## Fix
            Add `Sendable` to the inheritance clause.

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
        guard file.settings.kind == .library || file.settings.kind == .unknown else { return }
        let name = tree.name(of: decl)
        guard file.index.publicSendableCandidates.contains(name), isPubliclyVisible(decl, file) else { return }
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
        let kind = tree[decl].kind == .structDecl ? "struct" : "enum"
        findings.append(
            file.finding(
                Self.descriptor, tree.tokenRange(tree[decl].keyword),
                "Public \(kind) '\(name)' has only Sendable members but does not declare Sendable; public types are never inferred Sendable, so every use that needs it is an error.",
                fixes: [Fix(title: "Add `Sendable` to the inheritance clause", edits: [Edits.insert(text, at: offset)])]
            ))
    }
}

/// `public`/`open` itself and inside public types only (a public type nested in an internal
/// one is internal, and inferred Sendable).
func isPubliclyVisible(_ decl: Int32, _ file: FileContext) -> Bool {
    let tree = file.tree
    func isPublic(_ d: Int32) -> Bool { tree.hasModifier(d, "public") || tree.hasModifier(d, "open") }
    guard isPublic(decl) else { return false }
    var owner = tree.enclosingType(of: decl)
    while let o = owner {
        if tree[o].kind == .extensionDecl {
            if !isPublic(o), file.index.type(tree.name(of: o))?.isPublic != true { return false }
        } else if !isPublic(o) {
            return false
        }
        owner = tree.enclosingType(of: o)
    }
    return true
}

extension WorkspaceIndex {
    /// Public, non-frozen structs and enums without a Sendable conformance whose members are
    /// all Sendable, assuming the others in the set are (greatest fixpoint, so mutually
    /// recursive types are reported together).
    func computePublicSendableCandidates() -> Set<String> {
        var candidates: Set<String> = []
        for (name, infos) in types {
            guard let t = infos.first, infos.count == 1, t.kind == .structDecl || t.kind == .enumDecl, t.isPublic,
                !t.attributes.contains("frozen"), !declaresSendable(name)
            else { continue }
            // A caseless enum is a namespace, never a value.
            if t.kind == .enumDecl, !t.hasCases { continue }
            candidates.insert(name)
        }
        return fixpoint(candidates, extra: inferredSendable)
    }
}
