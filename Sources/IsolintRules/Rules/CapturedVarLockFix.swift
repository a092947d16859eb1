import IsolintSyntax

/// captured-var-in-sendable-closure's "Protect it with a lock": the `var` becomes a lock box
/// and every use of it goes through the box's `withLock`/`withValue`.
struct LockBoxFix {
    let binding: LocalBinding
    let handOff: ClosureHandOff
    let model: SemanticModel

    var tree: SyntaxTree { model.tree }

    func fix() -> Fix? {
        guard let box = model.lockBox(), box.isClass || !handOff.isChildTask,
            let declaration = declarationEdit(box)
        else { return nil }
        var edits = [declaration]
        var statements: Set<Int32> = []
        for r in tree.subtree(binding.scope)
        where tree[r].kind == .identifierExpr && tree.name(of: r, is: binding.name)
            && model.resolveLocal(binding.name, at: r)?.node == binding.node
        {
            if model.isMutation(r, of: binding) {
                // `count += 1` → `count.withLock { $0 += 1 }`: only for a statement that names the
                // variable once and uses no anonymous closure arguments of its own.
                guard let statement = statement(of: r), statements.insert(statement).inserted else { return nil }
                let range = tree.range(of: statement)
                let text = tree.source.text(range)
                let nameRange = tree.range(of: r)
                guard !text.contains("$"),
                    tree.subtree(statement).filter({
                        tree[$0].kind == .identifierExpr && tree.name(of: $0) == binding.name
                    }).count == 1
                else { return nil }
                let before = tree.source.text(range.lowerBound..<nameRange.lowerBound)
                let after = tree.source.text(nameRange.upperBound..<range.upperBound)
                edits.append(
                    Edits.replace(range, with: "\(binding.name).\(box.method) { \(before)$0\(after) }"))
            } else {
                // A read: `{ $0 }` in parentheses, so that it may stand in a condition too.
                edits.append(Edits.insert(".\(box.method)({ $0 })", at: tree.range(of: r).upperBound))
            }
        }
        return Fix(title: "Protect '\(binding.name)' with a lock (\(box.typeName))", edits: edits)
    }

    /// `var count = 0` → `let count = Mutex(0)`; `var seen: [Int] = []` → `let seen = LockIsolated<[Int]>([])`.
    func declarationEdit(_ box: LockBox) -> ByteEdit? {
        let b = binding.node
        let decl = tree[b].parent
        guard tree[b].kind == .binding, tree[decl].kind == .varDecl, tree.children(decl, kind: .binding).count == 1,
            tree[decl].keyword >= 0, tree.attributes(of: decl).isEmpty,
            let initializer = tree.firstChild(b, kind: .initializer), let value = tree.children(initializer).first
        else { return nil }
        let generic = tree.firstChild(b, kind: .type).map { "<\(tree.text(of: $0))>" } ?? ""
        let label = box.initializerLabel.map { "\($0): " } ?? ""
        let start = tree.startOf(token: tree[decl].keyword)
        return Edits.replace(
            start..<tree.range(of: b).upperBound,
            with: "let \(binding.name) = \(box.typeName)\(generic)(\(label)\(tree.text(of: value)))")
    }

    /// The expression statement a reference stands in (its outermost expression in a block).
    func statement(of reference: Int32) -> Int32? {
        var n = reference
        var steps = 0
        while steps < 256 {
            steps += 1
            let p = tree[n].parent
            guard p >= 0 else { return nil }
            switch tree[p].kind {
            case .codeBlock, .closure:
                return [.sequenceExpr, .call].contains(tree[n].kind) ? n : nil
            case .sequenceExpr, .memberAccess, .subscriptExpr, .call, .argument, .prefixExpr, .tryExpr, .awaitExpr:
                n = p
            default:
                return nil
            }
        }
        return nil
    }
}
