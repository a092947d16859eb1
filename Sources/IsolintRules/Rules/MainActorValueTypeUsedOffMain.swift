import IsolintSyntax

/// `main-actor-value-type-used-off-main`: in a target with default MainActor isolation, a struct
/// or enum the same target uses off the main actor, whose conformances are main-actor isolated.
public struct MainActorValueTypeUsedOffMain: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "main-actor-value-type-used-off-main", severity: .warning,
        summary: "A value type of a default-MainActor target is used off the main actor: mark it `nonisolated`.",
        explanation: """
            ## What it finds
            In a target whose default isolation is `MainActor`, a struct or enum not marked `nonisolated` \\
            that the same target uses off the main actor: in the parameters, result or body of a \\
            `nonisolated` or `@concurrent` function, in an actor's members, or in a `Task.detached` closure. \\
            Types already `nonisolated` (or given a global actor explicitly), types used only on the main \\
            actor, and targets without default MainActor isolation are left alone.

            ## Why it matters in Swift 6
            With default MainActor isolation, the type and its conformances are main-actor isolated: using \\
            its `Equatable`/`Hashable`/`Comparable` conformance, or its synchronous members, off the main \\
            actor is an error ("main actor-isolated conformance of 'Row' to 'Equatable' cannot be used in \\
            nonisolated context"). Plain data types rarely need the main actor at all; Swift 6.2's guidance \\
            is to mark them `nonisolated`.

            ## Fix
            Add `nonisolated` before the type's keyword (SE-0449, Swift 6.1). Its members and conformances \\
            become usable from any isolation; a type that really holds UI state should instead stay on the \\
            main actor and be reached with `await`.

            ## Before / after
            ```swift
            struct Row: Equatable { var id: Int }                 // main actor-isolated by default
            nonisolated struct Row: Equatable, Sendable { var id: Int }
            ```
            """,
        compilerGroup: "IsolatedConformances")

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.structDecl, .enumDecl] }

    public func check(_ decl: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        guard file.settings.defaultIsolationMainActor, tree[decl].name >= 0, tree[decl].keyword >= 0 else { return }
        let name = tree.name(of: decl)
        guard let use = file.index.offMainUse(ofType: name, module: file.model.module),
            !tree.hasModifier(decl, "nonisolated"),
            !tree.attributeNames(of: decl).contains(where: { file.index.isGlobalActorAttribute($0) }),
            file.isolation.typeIsolation(decl).isMainActor
        else { return }
        let keyword = tree.startOf(token: tree[decl].keyword)
        findings.append(
            file.finding(
                Self.descriptor, keyword..<tree.tokenRange(tree[decl].name).upperBound,
                "\(name) is main-actor isolated by the target's default isolation, but \(use) uses it off the main actor: its conformances and synchronous members are not available there.",
                fixes: [
                    Fix(
                        title: "Mark \(name) `nonisolated` (usable from any isolation)",
                        edits: [Edits.insert("nonisolated ", at: keyword)])
                ]))
    }
}
