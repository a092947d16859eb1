import IsolintSyntax

/// `weak-self-inner-closure-only`: `[weak self]` only on an inner closure while an enclosing
/// escaping closure captures `self` strongly.
public struct WeakSelfInnerClosureOnly: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "weak-self-inner-closure-only", severity: .warning,
        summary: "`[weak self]` on an inner closure only: the enclosing escaping closure captures self strongly.",
        explanation: """
            ## What it finds
            A closure with `[weak self]` — typically `Task { @MainActor [weak self] in … }` — inside an \\
            escaping closure (a completion handler, a `sink`, a `Task`, a stored closure) that has no weak \\
            capture of its own. Closures passed to calls that do not keep them (`map`, `filter`, `forEach`, \\
            `reduce`, `compactMap`, `flatMap`, `sorted`, `first(where:)`, `contains(where:)`, `allSatisfy`, \\
            `withLock`, `withUnsafe…`, `MainActor.assumeIsolated`) do not count as escaping.

            ## Why it matters in Swift 6
            To hand `self` to the inner closure, the outer one captures it — strongly. The weak capture \\
            inside protects nothing: the outer closure keeps the object alive for as long as it is stored. \\
            The compiler is silent (Swift 6.4 adds `[#ImplicitStrongCapture]`).

            ## Fix
            Add `[weak self]` to the outermost escaping closure and keep the inner one's: it re-captures the \\
            optional by value. (Moving the capture outward instead breaks when the inner closure is \\
            `@Sendable`: "reference to captured var 'self' in concurrently-executing code".)

            ## Before / after
            ```swift
            service.load { result in
                Task { @MainActor [weak self] in self?.show(result) }
            }
            service.load { [weak self] result in
                Task { @MainActor [weak self] in self?.show(result) }
            }
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.closure] }

    public func check(_ closure: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        let model = file.model
        guard model.weakOnlySelfCapture(of: closure) != nil else { return }
        var outermost: Int32?
        var p = tree[closure].parent
        var steps = 0
        while p >= 0, steps < 1000 {
            steps += 1
            let kind = tree[p].kind
            if [.funcDecl, .initDecl, .deinitDecl, .subscriptDecl, .varDecl].contains(kind)
                || SyntaxTree.isTypeDecl(kind)
            {
                break
            }
            if kind == .closure {
                // An enclosing closure that captures self weakly already protects it.
                if model.weakSelfCapture(of: p) != nil { return }
                if model.closureEscapes(p) == true { outermost = p }
            }
            p = tree[p].parent
        }
        guard let outer = outermost else { return }
        let list = tree.firstChild(closure, kind: .captureList)
        let end = list.map { tree.range(of: $0).upperBound } ?? tree.tokenRange(tree[closure].firstToken).upperBound
        findings.append(
            file.finding(
                Self.descriptor, tree.start(closure)..<end,
                "This [weak self] is the only weak capture, but the enclosing escaping closure captures self strongly to hand it over: the object stays alive as long as that closure does.",
                fixes: [
                    Fix(
                        title: "Add `[weak self]` to the enclosing escaping closure",
                        edits: [Edits.addWeakSelf(outer, tree)])
                ],
                notes: [Note(range: tree.tokenRange(tree[outer].firstToken), message: "captures self strongly")]))
    }
}
