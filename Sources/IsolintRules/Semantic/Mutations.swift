import IsolintSyntax

/// How code changes a local variable.
extension SemanticModel {
    /// Whether a reference to a local `var` changes it: the target of `=` or a compound
    /// assignment, an `&x` argument, or — through a member, a subscript or a mutating method —
    /// a change of a value it holds by value. Reaching into a class instance (`box.count = 1`)
    /// changes the instance, not the variable.
    public func isMutation(_ reference: Int32, of binding: LocalBinding) -> Bool {
        var node = reference
        var throughMember = false
        var steps = 0
        while steps < 64 {
            steps += 1
            let parent = tree[node].parent
            guard parent >= 0 else { return false }
            let kind = tree[parent].kind
            if (kind == .memberAccess || kind == .subscriptExpr), tree.children(parent).first == node {
                // `x.append(…)`: a mutating method of a collection.
                if kind == .memberAccess, tree[tree[parent].parent].kind == .call,
                    tree.callee(of: tree[parent].parent) == parent,
                    KnowledgeBase.namesMutatingMethod(tree, token: tree[parent].name)
                {
                    return !holdsReference(binding)
                }
                throughMember = true
                node = parent
                continue
            }
            if kind == .prefixExpr, tree.token(at: tree[parent].firstToken).kind == .prefixAmp {
                return !throughMember || !holdsReference(binding)
            }
            if kind == .sequenceExpr, isAssignmentTarget(node, in: parent) {
                return !throughMember || !holdsReference(binding)
            }
            return false
        }
        return false
    }

    /// Whether `operand` of a sequence expression is followed by `=` or a compound assignment.
    func isAssignmentTarget(_ operand: Int32, in sequence: Int32) -> Bool {
        let operands = tree.children(sequence)
        guard let k = operands.firstIndex(of: operand), k + 1 < operands.endIndex else { return false }
        let op = tree.token(at: tree[operand].endToken)
        if op.kind == .equal { return true }
        return op.kind == .operator
            && IndexBuilder.assignmentOperators.contains(tree.text(token: tree[operand].endToken))
    }

    /// Whether a local holds a class or actor instance (by its declared type or initializer).
    func holdsReference(_ binding: LocalBinding) -> Bool {
        guard tree[binding.node].kind == .binding else { return false }
        let name: String?
        if let type = tree.firstChild(binding.node, kind: .type) {
            name = typeExpr(type).unwrapped.path?.joined(separator: ".")
        } else {
            name = IndexBuilder.initializerTypeName(tree, binding.node)
        }
        guard let name else { return false }
        if let s = index.resolveSymbol(
            name.splitASCII(UInt8(ascii: ".")).map(String.init), in: lookupContext(at: binding.node))
        {
            let kind = index.symbolKind(s)
            return kind == .classDecl || kind == .actorDecl
        }
        return KnowledgeBase.nonSendableClasses.contains(String(name.splitASCII(UInt8(ascii: ".")).last ?? ""))
    }
}
