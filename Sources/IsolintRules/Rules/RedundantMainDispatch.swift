import IsolintSyntax

/// `redundant-main-dispatch` and its `info` companion `prefer-task-main-actor`.
public struct RedundantMainDispatch: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "redundant-main-dispatch", severity: .warning,
        summary: "`DispatchQueue.main.async` or `await MainActor.run` where the code already runs on the main actor.",
        explanation: """
            ## What it finds
            `DispatchQueue.main.async { … }` (trailing closure or `execute:`; not `asyncAfter`, whose delay is \
            deliberate) and `await MainActor.run { … }` at a position that is already main-actor isolated — \
            a `@MainActor` type or function, a `Task { @MainActor in }` body — but not inside a \
            `Task.detached` or global-queue closure, nor where the main actor is not certain: inside a closure \
            the SDK calls on a background queue (`Operation.completionBlock`, CloudKit operations' `…Block` \
            properties) or the completion handler of an API isolint does not know, the dispatch may be what \
            keeps the code on the main thread, and removing it would create the race it prevents.

            ## Why it matters in Swift 6
            The hop does nothing but defer the work to a later turn of the run loop, which reorders it \
            against the code after it and hides where the code really runs.

            ## Fix
            Replace the call with its closure body (offered when the call is a statement of its own and the \
            closure has no capture list or parameters).

            ## Before / after
            ```swift
            @MainActor func show(_ items: [Item]) {
                DispatchQueue.main.async { self.items = items }
            }
            @MainActor func show(_ items: [Item]) {
                self.items = items
            }
            ```
            """)

    public static let preferTask = RuleDescriptor(
        id: "prefer-task-main-actor", severity: .info,
        summary:
            "`DispatchQueue.main.async` in a callback: `Task { @MainActor in … }` says the isolation to the compiler.",
        explanation: """
            ## What it finds
            `DispatchQueue.main.async` inside a closure whose isolation is nonisolated or unknown: a completion \
            handler, a notification/KVO/Timer callback, a global- or custom-queue work item.

            ## Why it matters in Swift 6
            The compiler does not know a `DispatchQueue.main` closure runs on the main actor in every case; \
            `Task { @MainActor in … }` states it, so the body may call main-actor APIs without warnings and \
            the captures are checked for Sendable.

            ## Fix
            Use `Task { @MainActor in … }`.

            ## Before / after
            ```swift
            session.dataTask(with: url) { data, _, _ in
                DispatchQueue.main.async { self.show(data) }
            }
            session.dataTask(with: url) { data, _, _ in
                Task { @MainActor in self.show(data) }
            }
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor, Self.preferTask] }
    public var nodeKinds: [NodeKind] { [.call] }
    public var calleeNames: [String]? { ["async", "run"] }

    public func check(_ call: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        let name = tree.calleeNameToken(of: call)
        guard tree.token(name, equals: "async") || tree.token(name, equals: "run") else { return }
        guard let callee = tree.callee(of: call), let path = tree.plainPath(of: callee) else { return }
        if path == "DispatchQueue.main.async" {
            checkDispatch(call, callee, file, &findings)
        } else if path == "MainActor.run" {
            let parent = tree[call].parent
            guard parent >= 0, tree[parent].kind == .awaitExpr else { return }
            let isolation = file.isolation.isolation(at: parent)
            guard isolation.isMainActor, isolation.isCertain else { return }
            findings.append(
                file.finding(
                    Self.descriptor, tree.range(of: callee),
                    "Already on the main actor here (\(file.isolation.isolation(at: parent).reason)): 'await MainActor.run' only suspends and reorders the work.",
                    fixes: inlineFix(call, statement: parent, file)))
        }
    }

    func checkDispatch(_ call: Int32, _ callee: Int32, _ file: FileContext, _ findings: inout [Finding]) {
        let tree = file.tree
        let isolation = file.isolation.isolation(at: call)
        let range = tree.range(of: callee)
        // Only where the main actor is certain: inside a completion handler of an SDK call the
        // compiler assumes the main actor, but the dispatch may be what keeps the code there.
        if isolation.isMainActor, isolation.isCertain {
            findings.append(
                file.finding(
                    Self.descriptor, range,
                    "Already on the main actor here (\(isolation.reason)): 'DispatchQueue.main.async' only defers the work to a later run-loop turn.",
                    fixes: inlineFix(call, statement: call, file)))
            return
        }
        guard tree.enclosing(call, [.closure]) != nil else { return }
        var fixes: [Fix] = []
        if let closure = tree.closureArgument(of: call), tree.arguments(of: call).count == 1,
            tree[tree[closure].parent].flags.contains(.isTrailingClosure)
        {
            let brace = tree[closure].firstToken
            var edits = [Edits.replace(range.lowerBound..<tree.startOf(token: brace), with: "Task ")]
            if let list = tree.firstChild(closure, kind: .captureList), tree.attributes(of: closure).isEmpty {
                edits.append(Edits.insert("@MainActor ", at: tree.start(list)))
                fixes.append(Fix(title: "Use `Task { @MainActor in … }`", edits: edits))
            } else if !tree[closure].flags.contains(.hasSignature) {
                edits.append(Edits.insert(" @MainActor in", at: tree.tokenRange(brace).upperBound))
                fixes.append(Fix(title: "Use `Task { @MainActor in … }`", edits: edits))
            }
        }
        findings.append(
            file.finding(
                Self.preferTask, range,
                "This callback is \(isolation.kind == .nonisolated || isolation.kind == .detached ? "nonisolated" : "of unknown isolation (it may be called on any thread)"); 'Task { @MainActor in … }' tells the compiler the body runs on the main actor.",
                fixes: fixes))
    }

    /// Replaces a statement-level call with its closure body.
    func inlineFix(_ call: Int32, statement: Int32, _ file: FileContext) -> [Fix] {
        let tree = file.tree
        guard isStatementPosition(tree, statement), let closure = tree.closureArgument(of: call, labels: ["execute"]),
            !tree[closure].flags.contains(.hasSignature), tree.arguments(of: call).count == 1
        else { return [] }
        let start = tree.start(statement)
        guard let body = Edits.reindentedBody(tree, closure, indent: tree.indentation(at: start)) else { return [] }
        return [
            Fix(
                title: "Run the body directly",
                edits: [Edits.replace(start..<tree.range(of: statement).upperBound, with: body)])
        ]
    }
}

/// Whether a node is a statement of its own (in a code block, closure body, case body or file).
func isStatementPosition(_ tree: SyntaxTree, _ node: Int32) -> Bool {
    let p = tree[node].parent
    guard p >= 0 else { return false }
    switch tree[p].kind {
    case .codeBlock, .closure, .sourceFile, .ifConfigClause: return true
    default: return false
    }
}
