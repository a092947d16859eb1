import IsolintSyntax

extension SemanticModel {
    /// The type of a simple expression, as far as declarations tell: a local or parameter (its
    /// declared type, or its initializer's), a capture-list entry, an `if let`/`guard let` (the
    /// value unwrapped), a `for` variable (the sequence's element), a property of the enclosing
    /// type (bare or through `self`; declared, inferred from `T(…)`, or what a property wrapper's
    /// key path gives, such as `@Environment(\.modelContext)`; members an attached macro adds,
    /// such as `@ModelActor`'s `modelContext`), a property of another typed expression (workspace
    /// types, and the SDK members the knowledge base types), `T(…)`, a same-file method's declared
    /// result, and `try`/`await` around any of them. Nil when it cannot tell.
    public func typeOfExpression(_ expr: Int32) -> TypeExpr? { typeOfExpression(expr, depth: 0) }

    /// The workspace type of an expression (`typeOfExpression` resolved where it is written).
    public func typeSymbolOfExpression(_ expr: Int32) -> SymbolID? {
        guard let t = typeOfExpression(expr), let path = t.unwrapped.path else { return nil }
        return index.resolveSymbol(path, in: lookupContext(at: expr))
    }

    func typeOfExpression(_ expr: Int32, depth: Int) -> TypeExpr? {
        guard expr >= 0, depth < 12 else { return nil }
        switch tree[expr].kind {
        case .tryExpr, .awaitExpr:
            return tree.children(expr).first.flatMap { typeOfExpression($0, depth: depth + 1) }
        case .identifierExpr:
            let name = tree.name(of: expr)
            if let b = resolveLocal(name, at: expr) { return typeOfBinding(b, depth: depth) }
            return memberType(name, ofEnclosingTypeAt: expr)
        case .selfExpr:
            guard let owner = tree.enclosingType(of: expr) else { return nil }
            let path = tree.qualifiedName(of: owner).qualified.splitASCII(UInt8(ascii: ".")).map {
                TypeExpr.Component(String($0))
            }
            return .nominal(path)
        case .memberAccess:
            guard let base = tree.children(expr).first else { return nil }
            let member = tree.name(of: expr)
            if tree[base].kind == .selfExpr { return memberType(member, ofEnclosingTypeAt: expr) }
            // `Type.staticMember`.
            if tree[base].kind == .identifierExpr, resolveLocal(tree.name(of: base), at: base) == nil,
                tree.name(of: base).first?.isUppercase == true,
                let s = index.resolveSymbol([tree.name(of: base)], in: lookupContext(at: expr))
            {
                return propertyTypeExpr(member, of: s, isStatic: true)
            }
            guard let baseType = typeOfExpression(base, depth: depth + 1), let path = baseType.unwrapped.path else {
                return nil
            }
            switch index.resolve(path, in: lookupContext(at: expr)) {
            case .symbol(let s):
                return propertyTypeExpr(member, of: s, isStatic: false)
            case .external(let p):
                return p.last.flatMap { KnowledgeBase.memberTypes[$0]?[member] }.map(TypeExpr.parse)
            default:
                return nil
            }
        case .call:
            // `Optional(x)`: x's type, optional.
            if let callee = tree.callee(of: expr), tree[callee].kind == .identifierExpr,
                tree.token(tree[callee].name, is: "Optional")
            {
                let arg = tree.arguments(of: expr).first.flatMap { tree.value(of: $0) }
                return arg.flatMap { typeOfExpression($0, depth: depth + 1) }.map { .optional($0) }
            }
            if let t = IndexBuilder.inferredType(tree, expr, depth: 0) { return TypeExpr.parse(t) }
            // `makeSUT()`: a method of the enclosing type declared in this file.
            guard let callee = tree.callee(of: expr), tree[callee].kind == .identifierExpr,
                resolveLocal(tree.name(of: callee), at: callee) == nil, let owner = tree.enclosingType(of: expr)
            else { return nil }
            let name = tree.name(of: callee)
            for m in tree.members(of: owner) where tree[m].kind == .funcDecl && tree.name(of: m, is: name) {
                if let result = tree.firstChild(m, kind: .type) { return typeExpr(result) }
            }
            return nil
        default:
            return nil
        }
    }

    func typeOfBinding(_ b: LocalBinding, depth: Int) -> TypeExpr? {
        let n = b.node
        switch b.kind {
        case .parameter, .closureParameter:
            return tree.firstChild(n, kind: .type).map(typeExpr)
        case .local:
            // A tuple pattern's names have no type of their own here.
            guard tree[n].kind == .binding else { return nil }
            if let t = tree.firstChild(n, kind: .type) { return typeExpr(t) }
            guard let initializer = tree.firstChild(n, kind: .initializer), let value = tree.children(initializer).first
            else { return nil }
            return typeOfExpression(value, depth: depth + 1)
        case .capture:
            // `[x = expr]`, or `[x]`: the outer `x`.
            if let initializer = tree.firstChild(n, kind: .initializer), let value = tree.children(initializer).first {
                return typeOfExpression(value, depth: depth + 1)
            }
            let closure = b.scope
            guard closure >= 0, b.name != "self" else { return nil }
            // Looked up from outside the closure, where its own capture list is not in scope.
            let outside = tree[closure].parent
            if let outer = resolveLocal(b.name, at: outside) { return typeOfBinding(outer, depth: depth + 1) }
            return memberType(b.name, ofEnclosingTypeAt: closure)
        case .optionalBinding:
            if let value = tree.children(n).first(where: { tree[$0].kind != .type && tree[$0].kind != .pattern }) {
                return typeOfExpression(value, depth: depth + 1)?.unwrapped
            }
            // `if let name`: the outer name, unwrapped.
            let stmt = tree[n].parent
            if let outer = resolveLocal(b.name, at: stmt) { return typeOfBinding(outer, depth: depth + 1)?.unwrapped }
            return memberType(b.name, ofEnclosingTypeAt: stmt)?.unwrapped
        case .pattern:
            // `for x in sequence`: the element of an array or set.
            let loop = tree[n].parent
            guard tree[loop].kind == .forStmt,
                let sequence = tree.children(loop).first(where: { $0 != n && tree[$0].kind != .pattern }),
                let t = typeOfExpression(sequence, depth: depth + 1)
            else { return nil }
            switch t.unwrapped {
            case .array(let e): return e
            case .nominal(let c) where c.last?.name == "Set" || c.last?.name == "Array": return c.last?.arguments.first
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The type of an instance member of the type enclosing `node` (declared in this file, or
    /// anywhere in the workspace, or added by an attached macro of the type).
    func memberType(_ name: String, ofEnclosingTypeAt node: Int32) -> TypeExpr? {
        guard let owner = tree.enclosingType(of: node) else { return nil }
        for m in tree.members(of: owner) where tree[m].kind == .varDecl {
            guard !tree.hasModifier(m, "static"), !tree.hasModifier(m, "class") else { continue }
            if let p = IndexBuilder.propertyInfos(tree, m).first(where: { $0.name == name }) {
                return index.type(of: p, in: lookupContext(at: m))?.0
            }
        }
        guard let s = symbol(of: owner) else {
            return macroMemberType(name, attributes: tree.attributeNames(of: owner))
        }
        return propertyTypeExpr(name, of: s, isStatic: false)
    }

    /// A property's type by its symbol, or the type of a member one of the symbol's attached
    /// macros adds.
    func propertyTypeExpr(_ name: String, of s: SymbolID, isStatic: Bool) -> TypeExpr? {
        if let p = index.properties(s, named: name).first(where: { $0.isStatic == isStatic }) {
            guard let (t, _) = index.type(of: p, in: index.context(of: s)) else { return nil }
            return t.path == ["Self"] ? .nominal([.init(index.symbolQualifiedName(s))]) : t
        }
        guard !isStatic else { return nil }
        return macroMemberType(name, attributes: index.decls(s).flatMap(\.attributes))
    }

    func macroMemberType(_ name: String, attributes: some Sequence<String>) -> TypeExpr? {
        for a in attributes {
            if let t = KnowledgeBase.macroMembers[a]?[name] { return TypeExpr.parse(t) }
        }
        return nil
    }
}
