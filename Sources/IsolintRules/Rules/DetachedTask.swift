import IsolintSyntax

/// `detached-task` (info): `Task.detached`, unstructured and cancelled only by hand.
public struct DetachedTask: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "detached-task", severity: .info,
        summary: "`Task.detached`: a `@concurrent` function or structured concurrency says it better.",
        explanation: """
            ## What it finds
            Every `Task.detached { … }`.

            ## Why it matters in Swift 6
            A detached task inherits nothing — not the actor, not the priority, not the task-local values — \\
            and nothing waits for it or cancels it: its lifetime and its errors are yours to manage. Since \\
            Swift 6.2 the usual reason for it, running work off the caller's actor, is said directly by a \\
            `@concurrent` function, which the caller awaits and cancellation reaches.

            ## Fix
            Move the work into a `@concurrent` (Swift 6.2) or `nonisolated async` function and `await` it; \\
            use a task group or `async let` for parallel work. Not automatic: where the result goes is the \\
            author's decision.

            ## Before / after
            ```swift
            Task.detached { let thumbnail = render(image); await MainActor.run { self.thumbnail = thumbnail } }

            @concurrent func render(_ image: Image) async -> Image { … }
            thumbnail = await render(image)
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.call] }
    /// Only the calls that make a task: `Task {…}`, `Task.init {…}`, `Task.detached {…}`.
    public var calleeNames: [String]? { SemanticModel.taskCallNames }

    public func check(_ call: Int32, in file: FileContext, into findings: inout [Finding]) {
        guard file.model.taskKind(of: call) == .detached, let callee = file.tree.callee(of: call) else { return }
        findings.append(
            file.finding(
                Self.descriptor, file.tree.range(of: callee),
                "Task.detached runs unstructured, on no actor, and nothing cancels it: a @concurrent function the caller awaits (or a task group) keeps cancellation and priority."
            ))
    }
}
