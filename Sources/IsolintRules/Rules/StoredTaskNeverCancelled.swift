import IsolintSyntax

/// `stored-task-never-cancelled`: a stored task property, given a long-running task, that
/// nothing ever cancels.
public struct StoredTaskNeverCancelled: CandidateFileRule {
    public static let descriptor = RuleDescriptor(
        id: "stored-task-never-cancelled", severity: .warning,
        summary: "A stored long-running Task that is never cancelled.",
        explanation: """
            ## What it finds
            A stored property holding a task whose body loops for as long as it lives (`for await`, \\
            `while true`, `while !Task.isCancelled`), when nothing in the workspace calls `.cancel()` on that \\
            property. Setting the property to `nil` does not cancel the task.

            ## Why it matters in Swift 6
            An unstructured task runs until it finishes or is cancelled; dropping the last reference to it \\
            does neither. A task that loops over notifications or a stream keeps running — and keeps what it \\
            captured alive — after the screen or service that started it is gone. The compiler is silent.

            ## Fix
            Not automatic: cancel the task where its owner's work ends — a `stop()`, `onDisappear`, or \\
            `deinit` (which only runs if the task does not capture the owner strongly) — or use SwiftUI's \\
            `.task {}`, which is cancelled for you.

            ## Before / after
            ```swift
            private var updates: Task<Void, Never>?
            func start() { updates = Task { for await u in feed.updates { apply(u) } } }

            private var updates: Task<Void, Never>?
            func start() { updates = Task { [weak self] in for await u in feed.updates { self?.apply(u) } } }
            func stop() { updates?.cancel() }
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }

    // A file rule: the finding sits on the property's declaration, which is often another
    // top-level declaration (the class) than the task's (a method in an extension).
    // Its candidates, task-creating calls whose closure loops until cancelled, depend on the
    // call's own declaration: the language server keeps them for unchanged declarations.
    public var candidateKinds: [NodeKind] { [.call] }
    /// Only the calls that make a task: `Task {…}`, `Task.init {…}`, `Task.detached {…}`.
    public var calleeNames: [String]? { SemanticModel.taskCallNames }

    public func isCandidate(_ node: Int32, in file: FileContext) -> Bool {
        guard let closure = file.model.taskClosure(of: node) else { return false }
        return !file.model.longRunningLoops(in: closure).isEmpty
    }

    public func check(candidates: [Int32], file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        let model = file.model
        var reported: Set<Int32> = []
        for call in candidates {
            guard let closure = model.taskClosure(of: call), let property = model.storedProperty(of: call),
                !model.isCancelledSomewhere(property),
                let decl = model.propertyDeclaration(named: property, near: call), tree[decl].keyword >= 0,
                // A `static` task lives as long as the program by design: there is no owner to outlive.
                !tree.hasModifier(decl, "static"), !tree.hasModifier(decl, "class"),
                reported.insert(decl).inserted
            else { continue }
            let binding = tree.children(decl, kind: .binding).first { tree.name(of: $0) == property }
            let end = binding.map { tree[$0].name } ?? tree[decl].keyword
            findings.append(
                file.finding(
                    Self.descriptor, file.range(from: tree[decl].keyword, through: end),
                    "'\(property)' holds a task that runs until cancelled, and nothing cancels it: it outlives its owner's work and keeps what it captured alive.",
                    notes: [
                        Note(
                            range: tree.start(call)..<tree.tokenRange(tree[closure].firstToken).upperBound,
                            message: "the long-running task stored here")
                    ]))
        }
    }
}
