import IsolintSyntax

/// `cloudkit-model-requirements`: with CloudKit sync configured for SwiftData, an `@Model`
/// property that is neither optional nor defaulted, or a relationship that is not optional.
public struct CloudKitModelRequirements: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "cloudkit-model-requirements", severity: .warning,
        summary: "With CloudKit sync, an @Model property lacks a default or optional, or a relationship is required.",
        explanation: """
            ## What it finds
            When the workspace configures CloudKit for SwiftData (a `cloudKitDatabase:` argument other than \
            `.none`, such as `ModelConfiguration(cloudKitDatabase: .private("iCloud.…"))` or `.automatic`, \
            also inside a condition), each stored property of an `@Model` class that is neither optional nor \
            given a default value, and each relationship — `@Relationship`, or a property whose type holds \
            another `@Model` class — that is not optional, with or without a default (`var items: [Item] = []` \
            counts). Computed properties, `static` ones and `@Transient` ones are not stored by SwiftData. The \
            finding starts at the property's `var`.

            ## Why it matters in Swift 6
            CloudKit cannot enforce required values or required relationships: records arrive in any order and \
            with fields missing. SwiftData refuses to load such a store with CloudKit enabled (the container \
            fails to initialize at launch), or sync silently stops — a failure no compiler reports and that \
            shows up only on devices with iCloud on.

            ## Fix
            - Attributes: give the property a default value (`= ""`, `= 0`, `= false`, `= .now`, `= []`), or \
            make it optional.
            - Relationships: make them optional (`var items: [Item]? = []`, `var trip: Trip?`).

            ## Before / after
            ```swift
            @Model final class Pantry {
                var name: String
                @Relationship(deleteRule: .cascade) var items: [PantryItem] = []
            }
            @Model final class Pantry {
                var name: String = ""
                @Relationship(deleteRule: .cascade) var items: [PantryItem]? = []
            }
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.varDecl] }

    /// Default values for the standard types a property may hold.
    static let defaults: [String: String] = [
        "String": "\"\"", "Int": "0", "Int64": "0", "Int32": "0", "Int16": "0", "Double": "0", "Float": "0",
        "Decimal": "0", "Bool": "false", "Date": ".now", "Data": "Data()", "UUID": "UUID()",
    ]

    public func check(_ decl: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        // The syntax first: most properties are locals, and the marker's test hashes a string.
        guard !tree.hasModifier(decl, "static"), !tree.hasModifier(decl, "class"),
            let owner = directOwnerType(tree, decl), tree[owner].kind == .classDecl,
            file.index.apiMarkers.contains(KnowledgeBase.cloudKitConfiguredMarker),
            tree.attributeNames(of: owner).contains(KnowledgeBase.modelMacro)
        else { return }
        let attributes = tree.attributeNames(of: decl)
        guard !attributes.contains(KnowledgeBase.transientAttribute), tree[decl].keyword >= 0,
            let binding = tree.firstChild(decl, kind: .binding), IndexBuilder.isStored(tree, binding),
            let p = IndexBuilder.propertyInfos(tree, decl).first, let type = p.type
        else { return }
        let typeNode = tree.firstChild(binding, kind: .type)
        let hasDefault = tree.firstChild(binding, kind: .initializer) != nil
        let isOptional: Bool
        if case .optional = type { isOptional = true } else { isOptional = false }
        let related = ModelObjectCrossesActor().modelType(in: type, at: decl, file)
        let isRelationship = attributes.contains(KnowledgeBase.relationshipAttribute) || related != nil
        let range = file.range(from: tree[decl].keyword, through: max(tree[decl].keyword, tree[binding].name))
        var fixes: [Fix] = []
        let optionalFix = typeNode.map { t in
            Fix(title: "Make it optional", edits: [Edits.insert("?", at: tree.range(of: t).upperBound)])
        }
        if isRelationship {
            guard !isOptional else { return }
            if let optionalFix { fixes.append(optionalFix) }
            findings.append(
                file.finding(
                    Self.descriptor, range,
                    "Relationship '\(p.name)'\(related.map { " to @Model '\($0)'" } ?? "") is not optional, but CloudKit sync (configured with cloudKitDatabase:) requires every relationship to be optional: the store fails to load or stops syncing.",
                    fixes: fixes))
            return
        }
        guard !isOptional, !hasDefault else { return }
        if let typeNode, let value = defaultValue(for: type) {
            fixes.append(
                Fix(
                    title: "Give it a default value (`= \(value)`)",
                    edits: [Edits.insert(" = \(value)", at: tree.range(of: typeNode).upperBound)]))
        }
        if let optionalFix { fixes.append(optionalFix) }
        findings.append(
            file.finding(
                Self.descriptor, range,
                "Property '\(p.name)' of @Model \(tree.name(of: owner)) has no default value and is not optional, but CloudKit sync (configured with cloudKitDatabase:) requires one or the other: the store fails to load or stops syncing.",
                fixes: fixes))
    }

    func defaultValue(for type: TypeExpr) -> String? {
        switch type {
        case .array: return "[]"
        case .dictionary: return "[:]"
        case .nominal(let c) where c.count == 1:
            if c[0].name == "Set" || c[0].name == "Array" { return "[]" }
            return Self.defaults[c[0].name]
        default: return nil
        }
    }
}
