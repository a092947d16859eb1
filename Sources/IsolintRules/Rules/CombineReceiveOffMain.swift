import IsolintSyntax

/// `combine-receive-off-main`: a Combine chain in a main-actor type delivering off the main
/// thread into `.sink`/`.assign`.
public struct CombineReceiveOffMain: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "combine-receive-off-main", severity: .error,
        summary: "`.receive(on:)` a background scheduler before `.sink`/`.assign` in a main-actor type.",
        explanation: """
            ## What it finds
            In a main-actor-isolated type, a Combine chain whose last `.receive(on:)` before `.sink` or \
            `.assign` names a scheduler other than `DispatchQueue.main`, `RunLoop.main`, `OperationQueue.main` \
            or `.main` — whether or not the closure touches `self`.

            ## Why it matters in Swift 6
            In Swift 6 mode the `sink` closure is inferred main-actor isolated and the runtime checks it: \
            delivered on a background queue, it traps before its body runs. `.assign(to:on:)` has no closure \
            to check, so the main-actor property is written off the main thread: a silent data race. The \
            compiler says nothing in either case.

            ## Fix
            Receive on `DispatchQueue.main` (do the heavy work in an earlier `.map` on the background \
            scheduler, or `subscribe(on:)`).

            ## Before / after
            ```swift
            api.updates.receive(on: DispatchQueue.global()).sink { self.items = $0 }   // traps
            api.updates.receive(on: DispatchQueue.main).sink { self.items = $0 }
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.call] }
    public var calleeNames: [String]? { ["sink", "assign"] }

    public func check(_ call: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        let name = tree.calleeNameToken(of: call)
        guard tree.token(name, equals: "sink") || tree.token(name, equals: "assign"),
            let method = tree.calleeName(of: call),
            let callee = tree.callee(of: call), tree[callee].kind == .memberAccess
        else { return }
        guard let owner = tree.enclosingType(of: call), file.isolation.typeIsolation(owner).isMainActor else { return }
        // Walk back along the chain to the last `.receive(on:)`.
        var n = tree.children(callee).first
        var steps = 0
        while let node = n, steps < 200 {
            steps += 1
            switch tree[node].kind {
            case .call:
                if let c = tree.callee(of: node), tree[c].kind == .memberAccess, tree.name(of: c, is: "receive"),
                    let arg = tree.argument(of: node, labeled: "on"), let scheduler = tree.value(of: arg)
                {
                    let text = tree.text(of: scheduler).filter { !$0.isWhitespace }
                    if KnowledgeBase.mainSchedulers.contains(text) { return }
                    let period = tree[c].name - 1
                    findings.append(
                        file.finding(
                            Self.descriptor, Int(tree.tokens[Int(period)].start)..<tree.range(of: node).upperBound,
                            "'.\(method)' runs main-actor code but '.receive(on: \(text))' delivers off the main thread: in Swift 6 the \(method == "sink" ? "closure traps at run time" : "property is written off the main thread, a silent data race").",
                            fixes: [
                                Fix(
                                    title: "Receive on `DispatchQueue.main`",
                                    edits: [Edits.replace(tree.range(of: scheduler), with: "DispatchQueue.main")])
                            ]))
                    return
                }
                n = tree.callee(of: node)
            case .memberAccess:
                n = tree.children(node).first
            default:
                n = nil
            }
        }
    }
}
