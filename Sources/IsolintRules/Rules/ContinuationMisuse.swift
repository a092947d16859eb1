import IsolintSyntax

/// `continuation-misuse`: a `with…Continuation` closure with a path that finishes without
/// resuming the continuation, or that resumes it twice.
public struct ContinuationMisuse: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "continuation-misuse", severity: .error,
        summary: "A continuation that some path never resumes, or resumes twice.",
        explanation: """
            ## What it finds
            Inside `withCheckedContinuation`, `withCheckedThrowingContinuation`, `withUnsafeContinuation` and \\
            `withUnsafeThrowingContinuation`, a path through the closure — and through the callback closures \\
            inside it — that finishes without calling `resume` (an `if` without `else`, a `guard` that returns, a \\
            `switch` case, a `catch`, an early `return` in the callback, a callback that may never run because \\
            the call is optional-chained), or that can call `resume` twice (two `resume`s in a row, a `resume` \\
            inside a loop or a `forEach`). The finding's note points at the path: where it ends without \\
            resuming, or the second `resume`. When the continuation is stored, passed on or captured by a \\
            closure kept for later, the analysis cannot follow it and reports nothing.

            ## Why it matters in Swift 6
            The awaiting task waits for exactly one `resume`. None, and it hangs forever — the checked \\
            variant only logs a leak when the continuation is released; twice, and a checked continuation \\
            traps while an unsafe one corrupts memory. The compiler checks neither.

            ## Fix
            Resume on every path exactly once: an `else` that resumes, a `resume(throwing:)` before each early \\
            `return`, a `default:` that resumes; leave a loop with `return` right after resuming. Not \\
            automatic: what to resume with is the author's decision.

            ## Before / after
            ```swift
            func location() async throws -> CLLocation {
                try await withCheckedThrowingContinuation { continuation in
                    manager.requestLocation { result in
                        guard case .success(let location) = result else { return }   // never resumed
                        continuation.resume(returning: location)
                    }
                }
            }
            func location() async throws -> CLLocation {
                try await withCheckedThrowingContinuation { continuation in
                    manager.requestLocation { result in
                        continuation.resume(with: result)
                    }
                }
            }
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.call] }
    public var calleeNames: [String]? {
        Array(KnowledgeBase.checkedContinuationCalls) + KnowledgeBase.unsafeContinuationCalls.keys
    }

    public func check(_ call: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        guard let name = tree.calleeName(of: call),
            KnowledgeBase.checkedContinuationCalls.contains(name) || KnowledgeBase.unsafeContinuationCalls[name] != nil,
            let closure = tree.closureArgument(of: call, labels: ["body"]), let callee = tree.callee(of: call),
            let continuation = Self.continuationName(tree, closure)
        else { return }
        // Every use of the continuation must be `continuation.resume…(…)`; anything else (stored,
        // passed on) is beyond what the analysis follows.
        let references = tree.subtree(closure).filter { n in
            tree[n].kind == .identifierExpr && tree.name(of: n, is: continuation)
        }
        guard references.allSatisfy({ Self.isResumeBase($0, tree) }) else { return }
        var flow = EventFlow(tree: tree) { n in
            guard tree[n].kind == .call, let c = tree.callee(of: n), tree[c].kind == .memberAccess,
                tree.name(of: c, is: KnowledgeBase.continuationResume), let base = tree.children(c).first
            else { return false }
            return tree[base].kind == .identifierExpr && tree.name(of: base, is: continuation)
        }
        let outcomes = flow.outcomes(ofClosure: closure)
        guard !flow.unsupported else { return }
        var problems: [String] = []
        var notes: [Note] = []
        if let site = outcomes[0], !Self.expectsAnotherCall(site, closure, file) {
            if references.isEmpty {
                problems.append("the continuation is never resumed")
            } else {
                problems.append("a path finishes without resuming the continuation")
                notes.append(Note(range: Self.noteRange(site, tree), message: "this path ends without resuming"))
            }
        }
        if let site = outcomes[2] {
            problems.append("a path can resume it twice")
            notes.append(Note(range: Self.noteRange(site, tree), message: "resumed a second time here"))
        }
        guard !problems.isEmpty else { return }
        findings.append(
            file.finding(
                Self.descriptor, tree.range(of: callee),
                "In this \(name) closure \(problems.joined(separator: ", and ")): the awaiting task must be resumed exactly once, or it hangs (never) or traps (twice).",
                notes: notes))
    }

    /// A path that skips the resume on purpose because the callback runs again: the branch it
    /// takes tests a captured `var` (`guard !didResume else { return }`) or a parameter saying the
    /// work is finished (`if done { continuation.resume() }`: progress callbacks of DispatchIO,
    /// image loaders that deliver a degraded image first).
    static func expectsAnotherCall(_ site: Int32, _ continuationClosure: Int32, _ file: FileContext) -> Bool {
        let tree = file.tree
        guard let callback = tree.enclosing(site, [.closure]), callback != continuationClosure || site == callback
        else { return false }
        guard callback != continuationClosure else { return false }
        // The branch the path took: the statement itself, or the `if`/`guard` around it.
        let branch =
            [.ifStmt, .guardStmt].contains(tree[site].kind) ? site : tree.enclosing(site, [.ifStmt, .guardStmt])
        guard let branch, tree.range(of: callback).contains(tree.start(branch)) else { return false }
        let callbackRange = tree.range(of: callback)
        for n in tree.subtree(branch) where tree[n].kind == .identifierExpr {
            // Conditions only, not the branch's body.
            if let body = tree.firstChild(branch, kind: .codeBlock), tree.range(of: body).contains(tree.start(n)) {
                continue
            }
            let name = tree.name(of: n)
            guard let b = file.model.resolveLocal(name, at: n) else { continue }
            if b.isVar, !callbackRange.contains(tree.start(b.node)) { return true }
            if b.kind == .closureParameter, b.scope == callback, KnowledgeBase.finishedFlagNames.contains(name) {
                return true
            }
        }
        return false
    }

    /// The closure's continuation parameter: `{ continuation in }`, `{ (c: CheckedContinuation<…>) in }`, or `$0`.
    static func continuationName(_ tree: SyntaxTree, _ closure: Int32) -> String? {
        if let p = tree.children(closure, kind: .closureParam).first { return tree.name(of: p) }
        if let clause = tree.firstChild(closure, kind: .parameterClause),
            let p = tree.children(clause, kind: .parameter).first
        {
            let token = tree[p].keyword >= 0 ? tree[p].keyword : tree[p].name
            if token >= 0 { return tree.text(token: token) }
            return tree.firstChild(p, kind: .type).map { tree.name(of: $0) }
        }
        return tree[closure].flags.contains(.hasSignature) ? nil : "$0"
    }

    /// `continuation.resume(…)`: the reference is the base of a `resume` member access.
    static func isResumeBase(_ reference: Int32, _ tree: SyntaxTree) -> Bool {
        let access = tree[reference].parent
        guard tree[access].kind == .memberAccess, tree.name(of: access, is: KnowledgeBase.continuationResume) else {
            return false
        }
        let call = tree[access].parent
        return tree[call].kind == .call && tree.callee(of: call) == access
    }

    /// A note's range: the first line of the statement or call it points at.
    static func noteRange(_ node: Int32, _ tree: SyntaxTree) -> Range<Int> {
        let r = tree.range(of: node)
        let lineEnd = tree.source.lineRange(tree.source.line(of: r.lowerBound)).upperBound
        return r.lowerBound..<max(r.lowerBound, min(r.upperBound, lineEnd))
    }
}
