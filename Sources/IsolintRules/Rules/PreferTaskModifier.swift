import IsolintSyntax

/// `prefer-task-modifier` (info): `.onAppear { Task { … } }` in SwiftUI, where `.task { … }` is
/// cancelled with the view.
public struct PreferTaskModifier: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "prefer-task-modifier", severity: .info,
        summary: "`.onAppear { Task { … } }`: `.task { … }` is cancelled when the view disappears.",
        explanation: """
            ## What it finds
            A SwiftUI `.onAppear { … }` whose closure starts a `Task { … }`.

            ## Why it matters in Swift 6
            The task outlives the view: nothing cancels it when the view disappears, so it keeps loading, \\
            keeps its captures alive, and may write state into a view that is gone. `.task { … }` runs the \\
            same work tied to the view's lifetime and cancels it on disappear.

            ## Fix
            Rewrite to `.task { … }` — offered when the `Task` is all the closure does and has no priority or \\
            capture list of its own.

            ## Before / after
            ```swift
            List(items) { … }
                .onAppear { Task { await model.load() } }
            List(items) { … }
                .task { await model.load() }
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.call] }
    public var calleeNames: [String]? { [KnowledgeBase.onAppearModifier] }

    public func check(_ call: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        let model = file.model
        guard let callee = tree.callee(of: call), tree[callee].kind == .memberAccess,
            tree.name(of: callee, is: KnowledgeBase.onAppearModifier),
            model.importedModules.contains(KnowledgeBase.swiftUIModule),
            let closure = tree.closureArgument(of: call, labels: ["perform"])
        else { return }
        let statements = tree.statements(of: closure)
        guard let task = statements.first(where: { model.taskKind(of: $0) == .unstructured }) else { return }
        let nameToken = tree[callee].name
        // The anchor: `.onAppear`.
        let period = nameToken - 1
        let start =
            tree.token(at: period).kind == .period ? tree.startOf(token: period) : tree.startOf(token: nameToken)
        var fixes: [Fix] = []
        if statements.count == 1, tree.arguments(of: call).count == 1,
            tree[tree[closure].parent].flags.contains(.isTrailingClosure), tree.arguments(of: task).count == 1,
            let inner = model.taskClosure(of: task), tree.firstChild(inner, kind: .captureList) == nil,
            !tree[closure].flags.contains(.hasSignature),
            let body = Edits.reindentedBody(tree, inner, indent: tree.indentation(at: tree.start(task)))
        {
            fixes.append(
                Fix(
                    title: "Use `.task { … }` (cancelled when the view disappears)",
                    edits: [
                        Edits.replace(tree.tokenRange(nameToken), with: KnowledgeBase.taskModifier),
                        Edits.replace(tree.range(of: task), with: body),
                    ]))
        }
        findings.append(
            file.finding(
                Self.descriptor, start..<tree.tokenRange(nameToken).upperBound,
                "This Task started in .onAppear is never cancelled: it outlives the view. '.task { … }' runs the same work and cancels it when the view disappears.",
                fixes: fixes))
    }
}
