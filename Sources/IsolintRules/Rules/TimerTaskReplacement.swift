import IsolintSyntax

/// deinit-isolation's second fix: a private `Timer` property scheduled with
/// `Timer.scheduledTimer(withTimeInterval:repeats:block:)` becomes a `Task<Void, Never>` that
/// sleeps with `Task.sleep(for:)` (the replacement sendable-closure-touches-main-actor offers for
/// the call), `invalidate()` becomes `cancel()`, and the property's type changes. A `Task` is
/// Sendable, so the nonisolated `deinit` may cancel it. Offered only when every use of the
/// property in the file is one of these (or `= nil`): otherwise the rewrite would be partial.
enum TimerTaskReplacement {
    static func fix(deinit decl: Int32, owner: Int32, property name: String, _ file: FileContext) -> Fix? {
        let tree = file.tree
        guard
            let property = tree.members(of: owner).first(where: { m in
                tree[m].kind == .varDecl && !tree[m].flags.contains(.isLet)
                    && IndexBuilder.propertyInfos(tree, m).map(\.name) == [name]
            }),
            tree.hasModifier(property, "private") || tree.hasModifier(property, "fileprivate"),
            let binding = tree.firstChild(property, kind: .binding),
            let typeNode = tree.firstChild(binding, kind: .type),
            case .optional(let wrapped) = file.model.typeExpr(typeNode), wrapped.path?.last == KnowledgeBase.timerType
        else { return nil }
        var edits = [Edits.replace(tree.range(of: typeNode), with: "Task<Void, Never>?")]
        let ownerRange = tree.range(of: owner)
        for reference in references(to: name, file) {
            guard ownerRange.contains(tree.start(reference)), let more = rewrite(reference, file) else { return nil }
            edits += more
        }
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        for (a, b) in zip(edits, edits.dropFirst()) where a.range.upperBound > b.range.lowerBound { return nil }
        return Fix(
            title:
                "Replace the Timer with a Task that sleeps with `Task.sleep(for:)` (a Task is Sendable: deinit may cancel it)",
            edits: edits)
    }

    /// Every reference to the property in the file: `name` (not shadowed by a local) and
    /// `self.name` (the caller refuses the rewrite when one is outside the class).
    static func references(to name: String, _ file: FileContext) -> [Int32] {
        let tree = file.tree
        var out: [Int32] = []
        for (i, node) in tree.nodes.enumerated() {
            let n = Int32(i)
            switch node.kind {
            case .identifierExpr:
                guard tree.name(of: n, is: name), file.model.resolveLocal(name, at: n) == nil else { continue }
                let p = node.parent
                // The member of an access is not a reference to the property.
                if tree[p].kind == .memberAccess, tree.children(p).first != n { continue }
                out.append(n)
            case .memberAccess:
                guard tree.name(of: n, is: name), let base = tree.children(n).first, tree[base].kind == .selfExpr else {
                    continue
                }
                out.append(n)
            default:
                continue
            }
        }
        return out
    }

    /// The edits for one reference: `invalidate()` → `cancel()`, the scheduling call → a Task,
    /// none for `= nil`; nil for any other use.
    static func rewrite(_ reference: Int32, _ file: FileContext) -> [ByteEdit]? {
        let tree = file.tree
        let parent = tree[reference].parent
        // `timer?.invalidate()`.
        if tree[parent].kind == .memberAccess, tree.children(parent).first == reference,
            tree.name(of: parent, is: KnowledgeBase.timerInvalidate)
        {
            let call = tree[parent].parent
            guard tree[call].kind == .call, tree.callee(of: call) == parent, tree.arguments(of: call).isEmpty else {
                return nil
            }
            return [Edits.replace(tree.tokenRange(tree[parent].name), with: "cancel")]
        }
        // `timer = …`.
        guard tree[parent].kind == .sequenceExpr, tree.children(parent).first == reference,
            tree.token(at: tree[reference].endToken).kind == .equal, tree.children(parent).count == 2,
            let value = tree.children(parent).last
        else { return nil }
        if tree[value].kind == .literalExpr, tree.text(of: value) == "nil" { return [] }
        guard tree[value].kind == .call, let replacement = task(replacing: value, file) else { return nil }
        return [Edits.replace(tree.range(of: value), with: replacement)]
    }

    /// `Timer.scheduledTimer(withTimeInterval: i, repeats: r) { _ in body }` as a Task.
    static func task(replacing call: Int32, _ file: FileContext) -> String? {
        let tree = file.tree
        guard let callee = tree.callee(of: call), tree.plainPath(of: callee) == "Timer.scheduledTimer",
            let intervalArg = tree.argument(of: call, labeled: "withTimeInterval"),
            let interval = tree.value(of: intervalArg), var closure = tree.closureArgument(of: call, labels: ["block"])
        else { return nil }
        // The Timer the block receives does not exist in the loop.
        let params = closureParameterNames(tree, closure)
        if tree.subtree(closure).contains(where: {
            tree[$0].kind == .identifierExpr && params.contains(tree.name(of: $0))
        }) {
            return nil
        }
        let repeats =
            tree.argument(of: call, labeled: "repeats").flatMap { tree.value(of: $0) }.map { tree.text(of: $0) }
            ?? "false"
        var statements = tree.statements(of: closure)
        let start = tree.start(call)
        let unit = Edits.indentUnit(tree, outer: start, inner: statements.first.map { tree.start($0) } ?? start)
        // A hop to the main actor around the whole body (`MainActor.assumeIsolated { … }`,
        // `Task { @MainActor in … }`): the new Task is on the main actor already.
        for _ in 0..<2 {
            if statements.first.map({ bindsSelf($0, tree) }) == true, statements.count == 2 {
                statements.removeFirst()
            }
            guard statements.count == 1, let inner = mainActorHop(statements[0], tree) else { break }
            closure = inner
            statements = tree.statements(of: closure)
        }
        let skip = statements.first.map { bindsSelf($0, tree) } == true ? 1 : 0
        let usesSelf = tree.subtree(closure).contains { tree[$0].kind == .selfExpr }
        let indent = tree.indentation(at: start)
        let eol = tree.lineEnding
        let loops = repeats == "true"
        let bodyIndent = indent + unit + (loops ? unit : "")
        guard var body = Edits.reindentedBody(tree, closure, indent: bodyIndent, skippingLeading: skip) else {
            return nil
        }
        body = body.replacingOccurrences(of: "self?.", with: "self.")
        let sleep = "try? await Task.sleep(for: .seconds(\(tree.text(of: interval))))"
        var lines = ["Task { @MainActor\(usesSelf ? " [weak self]" : "") in"]
        if loops {
            lines.append(indent + unit + "while !Task.isCancelled {")
            lines.append(bodyIndent + sleep)
            lines.append(
                bodyIndent
                    + (usesSelf ? "guard let self, !Task.isCancelled else { return }" : "if Task.isCancelled { break }")
            )
            lines.append(bodyIndent + body)
            lines.append(indent + unit + "}")
        } else {
            lines.append(bodyIndent + sleep)
            lines.append(
                bodyIndent
                    + (usesSelf
                        ? "guard let self, !Task.isCancelled else { return }"
                        : "guard !Task.isCancelled else { return }"))
            lines.append(bodyIndent + body)
        }
        lines.append(indent + "}")
        return lines.joined(separator: eol)
    }

    /// The closure of `MainActor.assumeIsolated { … }` or `Task { @MainActor in … }`.
    static func mainActorHop(_ stmt: Int32, _ tree: SyntaxTree) -> Int32? {
        guard tree[stmt].kind == .call, let c = tree.callee(of: stmt), let path = tree.plainPath(of: c),
            let inner = tree.closureArgument(of: stmt)
        else { return nil }
        if path == "MainActor.assumeIsolated" { return inner }
        if path == KnowledgeBase.unstructuredTask, tree.arguments(of: stmt).count == 1,
            tree.attributeNames(of: inner).contains(KnowledgeBase.mainActor)
        {
            return inner
        }
        return nil
    }

    /// `guard let self else { return }` / `guard let self = self else { return }`.
    static func bindsSelf(_ stmt: Int32, _ tree: SyntaxTree) -> Bool {
        guard tree[stmt].kind == .guardStmt, let b = tree.firstChild(stmt, kind: .optionalBinding) else { return false }
        return tree.token(tree[b].name, is: "self") && tree.children(stmt, kind: .optionalBinding).count == 1
    }

    static func closureParameterNames(_ tree: SyntaxTree, _ closure: Int32) -> Set<String> {
        var names = tree.children(closure, kind: .closureParam).map { tree.name(of: $0) }
        if let clause = tree.firstChild(closure, kind: .parameterClause) {
            names += tree.children(clause, kind: .parameter).map { p in
                tree.text(token: tree[p].keyword >= 0 ? tree[p].keyword : tree[p].name)
            }
        }
        return Set(names.filter { $0 != "_" && !$0.isEmpty })
    }
}
