import IsolintSyntax

/// `captured-var-in-sendable-closure`: a local `var` of the enclosing function mutated inside a
/// closure that may run concurrently with it.
///
/// A file rule: the lock box its fix uses depends on the file's imports, outside the declaration.
public struct CapturedVarInSendableClosure: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "captured-var-in-sendable-closure", severity: .error,
        summary: "A captured `var` is mutated in a closure that runs concurrently with the code sharing it.",
        explanation: """
            ## What it finds
            A closure passed to a `@Sendable` parameter — `DispatchQueue.global().async`, the callback \\
            APIs of the knowledge base (`NotificationCenter.addObserver(forName:…)`, `Timer`, …), a \\
            workspace function whose parameter is `@Sendable` — that assigns to, mutates or `+=`s a `var` \\
            declared by the enclosing function. For the `sending` closures of `Task.detached`, a `Task {}` \\
            outside any global actor and a task group's `addTask`, only when the `var` is also used by code \\
            that may run at the same time: the enclosing function after the hand-off, another task, the \\
            same task started in a loop, or the group's other children. A `var` declared inside the \\
            closure, a capture-list copy (`[count]`), and closures that are not handed off are fine.

            ## Why it matters in Swift 6
            A `var` captured by an escaping closure lives in one shared box: the closure writes it on \\
            another thread while the function (or another task) reads it. Swift 6 rejects it: "mutation \\
            of captured var 'x' in concurrently-executing code" for `@Sendable` closures, "sending 'x' \\
            risks causing data races" for `sending` ones.

            ## Which fix when
            1. **Protect it with a lock** — when the value really is shared: the `var` becomes the \\
            project's own lock box (`Mutex`, `OSAllocatedUnfairLock`, or a workspace `LockIsolated`-style \\
            type) and each use goes through its `withLock { $0 … }`. Offered when the file can name one.
            2. **Return the value instead** — restructure so the child task returns what it computed (a \\
            task group's results, `async let`), and the function combines them: no shared state at all.

            ## Before / after
            ```swift
            var count = 0
            DispatchQueue.global().async { count += 1 }          // error in Swift 6

            let count = Mutex(0)
            DispatchQueue.global().async { count.withLock { $0 += 1 } }
            ```
            """,
        compilerGroup: "SendableClosureCaptures")

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    // A node rule (its findings lie in the closure's top-level declaration), so that the language
    // server re-checks only the closures of an edited declaration.
    public var nodeKinds: [NodeKind] { [.closure] }

    public func check(_ closure: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        let model = file.model
        // Cheap tests first: the names at which the closure's assignments, `&x` and mutating calls
        // start (every write `isMutation` finds starts at one), then which of them are outer local
        // `var`s (not `self`: its members are another rule's), before how the closure is handed
        // off (a look at the call it is passed to and its parameters: tens of thousands of
        // instructions a closure).
        let closureRange = tree.range(of: closure)
        let writes = mutationRoots(closure, tree).compactMap { r -> (Int32, LocalBinding)? in
            guard let b = model.resolveLocal(tree.name(of: r), at: r), b.kind == .local, b.isVar,
                !closureRange.contains(tree.start(b.node)), b.scope != closure, model.isMutation(r, of: b),
                !isUnsafeOptOut(b, tree)
            else { return nil }
            return (r, b)
        }
        guard !writes.isEmpty, let handOff = model.handOff(ofClosure: closure) else { return }
        // Not inside a nested closure handed off itself (that one reports them): the innermost
        // handed-off closure around the write is this one (the closure itself is handed off, so
        // the walk up ends at it or at a nested one).
        var order: [Int32] = []
        var writesByBinding: [Int32: (LocalBinding, [Int32])] = [:]
        for (r, b) in writes where innermostHandedOffClosure(r, model) == closure {
            if writesByBinding[b.node] == nil {
                order.append(b.node)
                writesByBinding[b.node] = (b, [])
            }
            writesByBinding[b.node]?.1.append(r)
        }
        let mutated = order.sorted { tree.start($0) < tree.start($1) }.compactMap { writesByBinding[$0] }.map {
            ($0.0, $0.1.sorted())
        }
        guard !mutated.isEmpty else { return }
        var shared: [(LocalBinding, [Int32])] = []
        var reasons: [(text: String, at: Int32?)] = []
        for (binding, writes) in mutated {
            if handOff.kind == .sending {
                guard let reason = concurrentUse(of: binding, besides: closure, handOff, model) else { continue }
                reasons.append(reason)
            }
            shared.append((binding, writes))
        }
        guard !shared.isEmpty else { return }
        let names = shared.map { "'\($0.0.name)'" }.joined(separator: ", ")
        let subject = shared.count == 1 ? "Captured var \(names) is" : "Captured vars \(names) are"
        let message: String
        switch handOff.kind {
        case .sendable:
            message =
                "\(subject) mutated in \(handOff.phrase), which may run concurrently with the code that shares it."
        case .sending:
            message =
                "\(subject) mutated in \(handOff.phrase) while \(reasons.first?.text ?? "other code uses it"): the two may run at the same time."
        }
        // One fix for every variable, or none.
        var edits: [ByteEdit] = []
        var fixable = true
        for (binding, _) in shared {
            guard let fix = LockBoxFix(binding: binding, handOff: handOff, model: model).fix() else {
                fixable = false
                break
            }
            edits += fix.edits
        }
        let box = model.lockBox()?.typeName ?? ""
        let fixes =
            fixable ? [Fix(title: "Protect \(names) with a lock (\(box))", edits: edits)] : []
        var notes = shared.flatMap { binding, writes in
            writes.map { Note(range: tree.range(of: $0), message: "'\(binding.name)' is mutated here") }
        }
        for case (let text, let at?) in reasons {
            notes.append(Note(range: tree.range(of: at), message: "used here: \(text)"))
        }
        // Anchored at the call that receives the closure (the catalog's anchor for flagged closures).
        let anchor = tree[handOff.call].kind == .call ? tree.callee(of: handOff.call) ?? closure : closure
        findings.append(file.finding(Self.descriptor, tree.range(of: anchor), message, fixes: fixes, notes: notes))
    }

    func isUnsafeOptOut(_ binding: LocalBinding, _ tree: SyntaxTree) -> Bool {
        let decl =
            tree[binding.node].kind == .binding ? tree[binding.node].parent : tree[tree[binding.node].parent].parent
        return tree[decl].kind == .varDecl && tree.unsafeNonisolatedModifier(decl) != nil
    }

    /// The names the closure's writes start at: the first name of the target of each assignment
    /// (`x.y[0] = 1`, `x += 1`), of each `&x.y`, and of each mutating method call (`x.y.append(1)`).
    /// A local is mutated only through such a chain of members and subscripts, as `isMutation`
    /// walks it up; a chain that starts at `self` or a call (`self.count += 1`, the common case)
    /// mutates no local.
    func mutationRoots(_ closure: Int32, _ tree: SyntaxTree) -> [Int32] {
        // Children read by position: a slice of them retains the tree's list (asked of every node
        // of every closure).
        func firstChild(_ n: Int32) -> Int32? {
            let (first, end) = tree.childIndices(n)
            return first < end ? tree.child(at: first) : nil
        }
        func root(_ node: Int32?) -> Int32? {
            guard var n = node else { return nil }
            var steps = 0
            while steps < 64, tree[n].kind == .memberAccess || tree[n].kind == .subscriptExpr, let base = firstChild(n)
            {
                n = base
                steps += 1
            }
            return tree[n].kind == .identifierExpr ? n : nil
        }
        var roots: [Int32] = []
        for n in tree.subtree(closure) {
            switch tree[n].kind {
            case .sequenceExpr:
                let (first, end) = tree.childIndices(n)
                for i in first..<end {
                    let operand = tree.child(at: i)
                    let last = tree[operand].endToken
                    let op = tree.token(at: last)
                    guard
                        op.kind == .equal
                            || op.kind == .operator && endsWithEqualSign(op, tree)
                                && IndexBuilder.assignmentOperators.contains(tree.text(token: last)),
                        let r = root(operand)
                    else { continue }
                    roots.append(r)
                }
            case .prefixExpr:
                if tree.token(at: tree[n].firstToken).kind == .prefixAmp, let r = root(firstChild(n)) {
                    roots.append(r)
                }
            case .call:
                if let callee = tree.callee(of: n), tree[callee].kind == .memberAccess,
                    KnowledgeBase.namesMutatingMethod(tree, token: tree[callee].name), let r = root(firstChild(callee))
                {
                    roots.append(r)
                }
            default: break
            }
        }
        // Each once (what the caller makes of them does not depend on their order).
        guard roots.count > 1 else { return roots }
        roots.sort()
        var unique = 1
        for k in 1..<roots.count where roots[k] != roots[unique - 1] {
            roots[unique] = roots[k]
            unique += 1
        }
        return Array(roots.prefix(unique))
    }

    /// Whether an operator ends in `=`, as every assignment operator does (`+=`, `??=`): most
    /// operators are not compared with the assignment operators as `String`s.
    func endsWithEqualSign(_ op: Token, _ tree: SyntaxTree) -> Bool {
        let last = Int(op.end) - 1
        return last >= 0 && last < tree.source.bytes.count && tree.source.bytes[last] == UInt8(ascii: "=")
    }

    /// The innermost closure around a reference that is handed off: the finding belongs to it.
    func innermostHandedOffClosure(_ reference: Int32, _ model: SemanticModel) -> Int32? {
        var n = model.tree[reference].parent
        var steps = 0
        while n >= 0, steps < 4096 {
            steps += 1
            if model.tree[n].kind == .closure, model.handOff(ofClosure: n) != nil { return n }
            n = model.tree[n].parent
        }
        return nil
    }

    /// What else may touch the variable while the `sending` closure runs, in words; nil when
    /// nothing does (a lone `Task.detached { n += 1 }` compiles).
    func concurrentUse(
        of binding: LocalBinding, besides closure: Int32, _ handOff: ClosureHandOff, _ model: SemanticModel
    ) -> (text: String, at: Int32?)? {
        let tree = model.tree
        let closureRange = tree.range(of: closure)
        let callEnd = tree.range(of: handOff.call).upperBound
        // A child task runs beside the group's body and its siblings.
        if handOff.isChildTask, let body = tree.enclosing(handOff.call, [.closure]),
            !tree.range(of: body).contains(tree.start(binding.node))
        {
            return ("the group's other child tasks and its body share it", nil)
        }
        var n = tree[handOff.call].parent
        var steps = 0
        while n >= 0, n != binding.scope, steps < 4096 {
            steps += 1
            if [.forStmt, .whileStmt, .repeatStmt].contains(tree[n].kind) {
                return ("the task is started in a loop", nil)
            }
            n = tree[n].parent
        }
        for r in tree.subtree(binding.scope) where tree[r].kind == .identifierExpr && tree.name(of: r, is: binding.name)
        {
            let offset = tree.start(r)
            guard !closureRange.contains(offset), model.resolveLocal(binding.name, at: r)?.node == binding.node else {
                continue
            }
            if offset >= callEnd { return ("the function uses it after the hand-off", r) }
            if let other = innermostHandedOffClosure(r, model), other != closure {
                return ("another task uses it too", r)
            }
        }
        return nil
    }
}
