import IsolintSyntax

/// `unsafe-continuation`: `withUnsafe(Throwing)Continuation`, where the checked variant would
/// catch a missing or doubled `resume`.
public struct UnsafeContinuation: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "unsafe-continuation", severity: .info,
        summary: "`withUnsafe…Continuation`: the checked variant catches a missing or doubled resume.",
        explanation: """
            ## What it finds
            Every `withUnsafeContinuation` and `withUnsafeThrowingContinuation` call.

            ## Why it matters in Swift 6
            An unsafe continuation resumed twice is undefined behaviour and one never resumed leaks the \\
            awaiting task silently. The checked variants cost almost nothing and report both at run time; \\
            keep the unsafe ones for measured hot paths.

            ## Fix
            Switch to `withCheckedContinuation` / `withCheckedThrowingContinuation` (and \\
            `CheckedContinuation` in explicit closure signatures).

            ## Before / after
            ```swift
            let data = try await withUnsafeThrowingContinuation { continuation in load(continuation.resume) }
            let data = try await withCheckedThrowingContinuation { continuation in load(continuation.resume) }
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.call] }
    public var calleeNames: [String]? { Array(KnowledgeBase.unsafeContinuationCalls.keys) }

    public func check(_ call: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        guard let name = tree.calleeName(of: call), let checked = KnowledgeBase.unsafeContinuationCalls[name],
            let callee = tree.callee(of: call)
        else { return }
        var edits = [Edits.replace(tree.tokenRange(tree[callee].name), with: checked)]
        // Explicit signatures: `(continuation: UnsafeContinuation<T, Never>) in`.
        if let closure = tree.closureArgument(of: call, labels: ["body"]),
            let clause = tree.firstChild(closure, kind: .parameterClause)
        {
            let r = tree[clause]
            for k in r.firstToken..<r.endToken {
                if let replacement = KnowledgeBase.unsafeContinuationTypes[tree.text(token: k)],
                    tree.token(at: k).kind == .identifier
                {
                    edits.append(Edits.replace(tree.tokenRange(k), with: replacement))
                }
            }
        }
        findings.append(
            file.finding(
                Self.descriptor, tree.range(of: callee),
                "\(name) gives up the run-time check of the checked variant: a missing or doubled resume goes unnoticed.",
                fixes: [Fix(title: "Use \(checked) (checked at run time)", edits: edits)]))
    }
}
