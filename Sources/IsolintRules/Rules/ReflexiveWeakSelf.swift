import IsolintSyntax

/// `reflexive-weak-self` (hint): `[weak self]` in a short task, where a strong capture only
/// extends the object's life until the task ends.
public struct ReflexiveWeakSelf: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "reflexive-weak-self", severity: .hint,
        summary: "`[weak self]` in a short Task that is not stored: noise, self lives only until the task ends.",
        explanation: """
            ## What it finds
            `[weak self]` on a `Task` whose body has no loop and whose handle is not stored: a short task that \\
            runs once to completion.

            ## Why it matters in Swift 6
            A strong capture keeps the object alive only until the task finishes — no cycle, nothing leaks. \\
            The weak capture adds an optional to unwrap on every line and a silent early exit when the object \\
            has gone, which is rarely what the code meant.

            ## Fix
            Remove `[weak self]`, the `guard let self` line, and turn `self?.` into `self.` — offered only when \\
            that is all the closure does with the optional.

            ## Before / after
            ```swift
            Task { [weak self] in
                guard let self else { return }
                await self.refresh()
            }
            Task {
                await self.refresh()
            }
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.call] }
    /// Only the calls that make a task: `Task {…}`, `Task.init {…}`, `Task.detached {…}`.
    public var calleeNames: [String]? { SemanticModel.taskCallNames }

    public func check(_ call: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        let model = file.model
        guard let closure = model.taskClosure(of: call), let weak = model.weakOnlySelfCapture(of: closure),
            !model.containsLoop(closure), isStatementPosition(tree, call)
        else { return }
        guard let list = tree.firstChild(closure, kind: .captureList), !insideWeakCapture(call, file) else { return }
        findings.append(
            file.finding(
                Self.descriptor, tree.start(closure)..<tree.range(of: list).upperBound,
                "[weak self] in a short task that is not stored: a strong capture only keeps self until the task ends, and the optional adds nothing.",
                fixes: removalFix(closure, list: list, weak: weak, file).map { [$0] } ?? []))
    }

    /// Drops the capture, the guard and the optional chaining — when those are the only uses.
    func removalFix(_ closure: Int32, list: Int32, weak: Int32, _ file: FileContext) -> Fix? {
        let tree = file.tree
        let guardStmt = file.model.selfGuard(in: closure)
        if let guardStmt {
            // `guard let self else { return }` exactly: nothing else in its condition or body.
            guard tree.children(guardStmt, kind: .optionalBinding).count == 1,
                tree.children(guardStmt).filter({ tree[$0].kind != .optionalBinding && tree[$0].kind != .codeBlock })
                    .isEmpty,
                let body = tree.firstChild(guardStmt, kind: .codeBlock), tree.statements(of: body).count == 1,
                tree[tree.statements(of: body)[0]].kind == .returnStmt
            else { return nil }
        }
        var edits: [ByteEdit] = []
        let guardRange = guardStmt.map { tree.range(of: $0) }
        for n in tree.subtree(closure) where tree[n].kind == .selfExpr {
            let start = tree.start(n)
            if let guardRange, guardRange.contains(start) { continue }
            let after = tree.token(at: tree[n].endToken)
            if after.kind == .postfixQuestion {
                // Only where the optional result is dropped: `self?.reload()`, `self?.x = v`.
                // `let y = self?.x` or `f(self?.x)` would change type without the `?`.
                guard chainIsStatement(n, tree) else { return nil }
                edits.append(Edits.replace(after.range, with: ""))
                continue
            }
            // After the guard, `self` is the strong one; before it (or without one), anything but
            // `self?.` uses the optional.
            if let guardRange, start >= guardRange.upperBound { continue }
            return nil
        }
        // The capture list: the whole `[weak self]` (and ` in` when nothing else is left of the
        // signature), or just its `weak self` item.
        let items = tree.children(list, kind: .captureItem)
        if items.count == 1 {
            let hasParams = tree.children(closure).contains {
                [.closureParam, .parameterClause].contains(tree[$0].kind)
            }
            let hasAttributes = !tree.attributes(of: closure).isEmpty
            if !hasParams, !hasAttributes, tree[closure].keyword >= 0 {
                // `{ [weak self] in` → `{`.
                let from = tree.tokenRange(tree[closure].firstToken).upperBound
                edits.append(Edits.replace(from..<tree.tokenRange(tree[closure].keyword).upperBound, with: ""))
            } else {
                var r = tree.range(of: list)
                if tree.source.bytes.indices.contains(r.upperBound),
                    tree.source.bytes[r.upperBound] == UInt8(ascii: " ")
                {
                    r = r.lowerBound..<(r.upperBound + 1)
                }
                edits.append(Edits.replace(r, with: ""))
            }
        } else {
            var r = tree.range(of: weak)
            let next = tree.token(at: tree[weak].endToken)
            if next.kind == .comma { r = r.lowerBound..<tree.startOf(token: tree[weak].endToken + 1) }
            edits.append(Edits.replace(r, with: ""))
        }
        if let guardStmt { edits.append(Edits.deleteStatementLines(guardStmt, tree)) }
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        return Fix(title: "Capture self strongly (remove `[weak self]` and its unwrapping)", edits: edits)
    }

    /// Whether the optional chain starting at `selfNode` is a statement of its own, or the
    /// target of an assignment statement.
    func chainIsStatement(_ selfNode: Int32, _ tree: SyntaxTree) -> Bool {
        let start = tree.start(selfNode)
        var top = selfNode
        while !isStatementPosition(tree, top) {
            let p = tree[top].parent
            guard p >= 0, tree.start(p) == start else { return false }
            top = p
        }
        guard tree[top].kind == .sequenceExpr else { return true }
        let operands = tree.children(top)
        guard operands.count == 2 else { return false }
        let op = tree.text(token: tree[operands[0]].endToken + 1)
        return op.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(op)
    }

    /// Inside a closure that captures self weakly, `self` is that closure's optional: the inner
    /// `[weak self]` re-captures it by value, and without it a `@Sendable` task would capture a
    /// `var` ("reference to captured var 'self' in concurrently-executing code").
    func insideWeakCapture(_ node: Int32, _ file: FileContext) -> Bool {
        var p = file.tree[node].parent
        var steps = 0
        while p >= 0, steps < 1000 {
            steps += 1
            let kind = file.tree[p].kind
            if kind == .funcDecl || kind == .initDecl || kind == .deinitDecl || SyntaxTree.isTypeDecl(kind) {
                return false
            }
            if kind == .closure, file.model.weakSelfCapture(of: p) != nil { return true }
            p = file.tree[p].parent
        }
        return false
    }
}
