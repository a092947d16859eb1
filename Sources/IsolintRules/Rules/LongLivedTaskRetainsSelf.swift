import IsolintSyntax

/// `long-lived-task-retains-self`: a stored task that loops for as long as it lives and holds
/// `self` strongly.
public struct LongLivedTaskRetainsSelf: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "long-lived-task-retains-self", severity: .warning,
        summary: "A stored Task that loops forever and captures self strongly keeps its owner alive.",
        explanation: """
            ## What it finds
            A `Task { … }` (or `Task.detached`) stored in a property of a class whose body loops for as long \\
            as the task lives — `for await` over an async sequence, `while true`, `while !Task.isCancelled` — \\
            and uses `self` without a weak capture.

            ## Why it matters in Swift 6
            The object owns the task, the task owns the object: neither is ever released, and the loop keeps \\
            running after the screen is gone (the usual `deinit { task.cancel() }` never runs, because \\
            `deinit` never comes). The compiler is silent.

            ## Fix
            Capture `self` weakly and unwrap it inside the loop, one iteration at a time — offered when every \\
            use of `self` is inside the loop. Cancelling the task where the object's lifetime ends (a `stop()`, \\
            `onDisappear`) is the other half: see stored-task-never-cancelled.

            ## Before / after
            ```swift
            observation = Task {
                for await status in monitor.statuses { self.status = status }
            }
            observation = Task { [weak self] in
                for await status in monitor.statuses {
                    guard let self else { return }
                    self.status = status
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
        guard let closure = model.taskClosure(of: call), model.weakSelfCapture(of: closure) == nil,
            let owner = tree.enclosingType(of: call), isClass(owner, file),
            model.storedProperty(of: call) != nil
        else { return }
        let loops = model.longRunningLoops(in: closure)
        guard !loops.isEmpty, model.referencesSelf(closure, owner: owner) else { return }
        var fixes: [Fix] = []
        // Offered when every use of self is inside one loop.
        if loops.count == 1, let loop = loops.first, let body = tree.firstChild(loop, kind: .codeBlock),
            let first = tree.statements(of: body).first,
            !tree.statements(of: closure).contains(where: { s in
                !tree.range(of: s).contains(tree.start(loop)) && model.referencesSelf(s, owner: owner)
            }), !tree.children(loop).contains(where: { $0 != body && model.referencesSelf($0, owner: owner) })
        {
            let indent = tree.indentation(at: tree.start(first))
            fixes.append(
                Fix(
                    title: "Capture self weakly and unwrap it inside the loop",
                    edits: [
                        Edits.addWeakSelf(closure, tree),
                        Edits.insert(
                            indent + "guard let self else { return }" + tree.lineEnding,
                            at: tree.lineStart(tree.start(first))),
                    ]))
        }
        let brace = tree.tokenRange(tree[closure].firstToken).upperBound
        findings.append(
            file.finding(
                Self.descriptor, tree.start(call)..<brace,
                "This stored task loops for as long as it lives and captures self strongly: the object keeps its task alive and the task keeps the object alive, so neither is ever released.",
                fixes: fixes,
                notes: [
                    Note(
                        range: tree.start(
                            loops[0])..<tree.start(tree.firstChild(loops[0], kind: .codeBlock) ?? loops[0]),
                        message: "the loop that never ends while self exists")
                ]))
    }

    func isClass(_ owner: Int32, _ file: FileContext) -> Bool {
        if file.tree[owner].kind == .classDecl { return true }
        guard file.tree[owner].kind == .extensionDecl, let s = file.model.symbol(of: owner) else { return false }
        return file.index.symbolKind(s) == .classDecl
    }
}
