import IsolintSyntax

/// Builds the part of the workspace index one file contributes, in one pass over its nodes.
public enum IndexBuilder {
    static let assignmentOperators: Set<String> = [
        "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "??=", "&+=", "&-=", "&*=",
    ]

    public static func index(_ tree: SyntaxTree) -> WorkspaceIndex {
        var index = WorkspaceIndex()
        for (i, node) in tree.nodes.enumerated() {
            let n = Int32(i)
            switch node.kind {
            case .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl:
                let info = typeInfo(tree, n)
                if info.attributes.contains("globalActor") { index.addGlobalActor(info.name) }
                if info.inherited.contains("View") || info.inherited.contains("App") {
                    index.addViewReferences(info.referencedTypes)
                }
                index.add(info)
            case .extensionDecl:
                let name = tree.name(of: n)
                let inherited = tree.inheritedTypes(of: n).map(\.name)
                index.addExtension(name, inherited: inherited, unchecked: tree.uncheckedSendableAttribute(n) != nil)
                if inherited.contains("View") {
                    index.addViewReferences(referencedTypeNames(tree, members: tree.members(of: n)))
                }
            case .typealiasDecl:
                if let ty = tree.firstChild(n, kind: .type) {
                    let flags = tree[ty].flags
                    index.addTypealias(
                        tree.name(of: n), text: tree.text(of: ty),
                        closureIsSendable: flags.contains(.isFunctionType)
                            ? flags.contains(.isSendable) || flags.contains(.hasGlobalActor) : nil)
                }
            case .sequenceExpr:
                recordAssignments(tree, n, into: &index)
            case .prefixExpr:
                if tree.tokens[Int(node.firstToken)].kind == .prefixAmp {
                    for name in names(in: tree, n) { index.addMutated(name) }
                }
            case .call:
                if let callee = tree.callee(of: n), tree[callee].kind == .memberAccess,
                    KnowledgeBase.mutatingMethods.contains(tree.name(of: callee)),
                    let base = tree.children(callee).first
                {
                    for name in names(in: tree, base) { index.addMutated(name) }
                }
            default:
                break
            }
        }
        return index
    }

    static func typeInfo(_ tree: SyntaxTree, _ n: Int32) -> TypeInfo {
        let members = tree.members(of: n)
        var properties: [PropertyInfo] = []
        var associated: [String] = []
        var hasCases = false
        for m in members {
            switch tree[m].kind {
            case .varDecl:
                properties += propertyInfos(tree, m)
            case .enumCaseDecl:
                hasCases = true
                for element in tree.children(m, kind: .enumElement) {
                    if let clause = tree.firstChild(element, kind: .parameterClause) {
                        for p in tree.children(clause, kind: .parameter) {
                            if let ty = tree.firstChild(p, kind: .type) { associated.append(tree.text(of: ty)) }
                        }
                    }
                }
            default:
                break
            }
        }
        let mods = tree.modifiers(of: n)
        let isPublic = mods.contains {
            tree.token(tree[$0].name, is: "public") || tree.token(tree[$0].name, is: "open")
        }
        return TypeInfo(
            name: tree.name(of: n),
            kind: tree[n].kind,
            file: tree.source.path,
            attributes: Set(tree.attributeNames(of: n)),
            inherited: Set(tree.inheritedTypes(of: n).map(\.name)),
            uncheckedSendable: tree.uncheckedSendableAttribute(n) != nil,
            isPublic: isPublic,
            hasGenericParameters: tree.firstChild(n, kind: .genericParams) != nil,
            properties: properties,
            associatedValueTypes: associated,
            hasCases: hasCases,
            referencedTypes: referencedTypeNames(tree, members: members)
        )
    }

    /// Properties declared by one `var`/`let`.
    public static func propertyInfos(_ tree: SyntaxTree, _ decl: Int32) -> [PropertyInfo] {
        let isStatic = tree.hasModifier(decl, "static") || tree.hasModifier(decl, "class")
        let isLet = tree[decl].flags.contains(.isLet)
        let attrs = tree.attributeNames(of: decl)
        var out: [PropertyInfo] = []
        for b in tree.children(decl, kind: .binding) {
            let ty = tree.firstChild(b, kind: .type)
            let typeText = ty.map { tree.text(of: $0) } ?? initializerTypeName(tree, b)
            let flags = ty.map { tree[$0].flags } ?? []
            var names: [String] = []
            if tree[b].name >= 0 { names.append(tree.name(of: b)) }
            for p in tree.children(b, kind: .patternName) { names.append(tree.name(of: p)) }
            for name in names {
                out.append(
                    PropertyInfo(
                        name: name, typeText: typeText, isStatic: isStatic, isLet: isLet,
                        isStored: isStored(tree, b), attributes: attrs,
                        isClosure: flags.contains(.isFunctionType), isSendableClosure: flags.contains(.isSendable)))
            }
        }
        return out
    }

    /// Stored unless it has a getter (explicit `get`, or an implicit getter body).
    public static func isStored(_ tree: SyntaxTree, _ binding: Int32) -> Bool {
        guard tree[binding].flags.contains(.hasAccessors) else { return true }
        if tree.firstChild(binding, kind: .codeBlock) != nil { return false }
        guard let block = tree.firstChild(binding, kind: .accessorBlock) else { return true }
        for a in tree.children(block, kind: .accessor) {
            let name = tree.name(of: a)
            if name != "willSet" && name != "didSet" { return false }
        }
        return true
    }

    /// `T` for an initializer `= T(…)` / `= T.init(…)` / `= T.shared`-less calls; literal types.
    public static func initializerTypeName(_ tree: SyntaxTree, _ binding: Int32) -> String? {
        guard let initializer = tree.firstChild(binding, kind: .initializer),
            let expr = tree.children(initializer).first
        else { return nil }
        let node = tree[expr]
        switch node.kind {
        case .call:
            guard let callee = tree.callee(of: expr) else { return nil }
            var target = callee
            if tree[callee].kind == .memberAccess, tree.name(of: callee) == "init",
                let base = tree.children(callee).first
            {
                target = base
            }
            // `T(…)` or a qualified `Outer.T(…)`: every component a type name.
            guard let path = tree.plainPath(of: target) else { return nil }
            let components = path.split(separator: ".")
            guard !components.isEmpty,
                components.allSatisfy({ c in
                    c.unicodeScalars.first.map { $0.properties.isUppercase } == true
                        || KnowledgeBase.lockTypes.contains(String(c))
                })
            else { return nil }
            return path
        case .literalExpr:
            let t = tree.tokens[Int(node.firstToken)]
            switch t.kind {
            case .integerLiteral: return "Int"
            case .floatLiteral: return "Double"
            case .stringLiteral: return "String"
            case .keyword where t.keyword == .true || t.keyword == .false: return "Bool"
            default: return nil
            }
        default:
            return nil
        }
    }

    static func referencedTypeNames(_ tree: SyntaxTree, members: [Int32]) -> Set<String> {
        var out: Set<String> = []
        for m in members where tree[m].kind == .varDecl {
            for p in propertyInfos(tree, m) {
                if let t = p.typeText { out.insert(t.trimmingSuffix("?")) }
            }
            // `@Environment(Model.self)`, `@State var m = Model()` handled above; the attribute
            // argument form:
            for a in tree.attributes(of: m) {
                for arg in tree.children(a, kind: .argument) {
                    if let v = tree.value(of: arg), tree[v].kind == .memberAccess, tree.name(of: v) == "self",
                        let base = tree.children(v).first
                    {
                        out.insert(tree.text(of: base))
                    }
                }
            }
        }
        return out
    }

    static func recordAssignments(_ tree: SyntaxTree, _ seq: Int32, into index: inout WorkspaceIndex) {
        let operands = tree.children(seq)
        for (k, operand) in operands.enumerated() where k + 1 < operands.count {
            let opToken = tree[operand].endToken
            guard Int(opToken) < tree.tokens.count else { continue }
            let t = tree.tokens[Int(opToken)]
            guard t.kind == .equal || (t.kind == .operator && assignmentOperators.contains(tree.text(token: opToken)))
            else { continue }
            for name in names(in: tree, operand) { index.addMutated(name) }
        }
    }

    /// Identifier and member names in an expression subtree.
    static func names(in tree: SyntaxTree, _ node: Int32) -> [String] {
        tree.subtree(node).compactMap { n in
            let k = tree[n].kind
            return k == .identifierExpr || k == .memberAccess ? tree.name(of: n) : nil
        }
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        var s = self
        while s.hasSuffix(suffix) { s.removeLast(suffix.count) }
        return s
    }
}
