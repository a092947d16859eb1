import IsolintSyntax

/// `weak-self-guard-outside-loop`: `Task { [weak self] in guard let self …; for await … }` — the
/// guard makes `self` strong for the whole loop.
public struct WeakSelfGuardOutsideLoop: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "weak-self-guard-outside-loop", severity: .warning,
        summary: "`guard let self` before a long-running loop makes the `[weak self]` of a Task useless.",
        explanation: """
            ## What it finds
            A task closure with `[weak self]` that unwraps `self` (`guard let self` or \\
            `guard let self = self`) before a loop that runs for as long as the task does — `for await` over \\
            an async sequence, `while true`, `while !Task.isCancelled` — and uses `self` inside it.

            ## Why it matters in Swift 6
            From the guard on, `self` is a strong reference for the rest of the closure: the loop keeps the \\
            object alive for as long as the sequence produces values, so a view model or view controller is \\
            never released and its task never ends. The weak capture does nothing. The compiler is silent.

            ## Fix
            Move the `guard let self` into the top of the loop body: `self` is strong for one iteration at a \\
            time, and the loop ends once the object is gone (offered when the closure does not use `self` \\
            between the guard and the loop).

            ## Before / after
            ```swift
            task = Task { [weak self] in
                guard let self else { return }
                for await value in stream { self.apply(value) }
            }
            task = Task { [weak self] in
                for await value in stream {
                    guard let self else { return }
                    self.apply(value)
                }
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
        guard let closure = model.taskClosure(of: call), model.weakOnlySelfCapture(of: closure) != nil,
            let guardStmt = model.selfGuard(in: closure)
        else { return }
        let guardEnd = tree.range(of: guardStmt).upperBound
        let owner = tree.enclosingType(of: call)
        guard
            let loop = model.longRunningLoops(in: closure).first(where: { l in
                tree.start(l) >= guardEnd && model.referencesSelf(l, owner: owner)
            }), let body = tree.firstChild(loop, kind: .codeBlock)
        else { return }
        // The fix moves the guard into the loop: only when nothing between them needs `self`.
        let between = tree.statements(of: closure).filter { s in
            tree.start(s) >= guardEnd && tree.range(of: s).upperBound <= tree.start(loop)
        }
        let outside = tree.statements(of: closure).filter { s in
            tree.start(s) >= guardEnd && !tree.range(of: s).contains(tree.start(loop))
        }
        var fixes: [Fix] = []
        if !between.contains(where: { model.referencesSelf($0, owner: owner) }),
            !outside.contains(where: { model.referencesSelf($0, owner: owner) }),
            // `for await x in self.updates`: the sequence needs self before the loop body runs.
            !tree.children(loop).contains(where: { $0 != body && model.referencesSelf($0, owner: owner) }),
            tree[tree[loop].parent].kind == .closure || tree.enclosing(loop, [.closure]) == closure,
            let edits = Edits.moveStatement(guardStmt, toStartOf: body, tree)
        {
            fixes.append(Fix(title: "Move `guard let self` into the loop", edits: edits))
        }
        let firstLine = tree.source.lineRange(tree.source.line(of: tree.start(guardStmt)))
        findings.append(
            file.finding(
                Self.descriptor, tree.start(guardStmt)..<min(guardEnd, firstLine.upperBound),
                "'guard let self' before this long-running loop makes self strong until the loop ends: the [weak self] capture does nothing, and the object is kept alive by its own task.",
                fixes: fixes,
                notes: [Note(range: tree.start(loop)..<tree.start(body), message: "the loop that keeps self alive")]))
    }
}
