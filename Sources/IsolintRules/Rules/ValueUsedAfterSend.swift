import IsolintSyntax

/// `value-used-after-send`: a local of a non-Sendable class handed to another isolation domain
/// and then used again by the function that sent it (region-based isolation, SE-0414).
public struct ValueUsedAfterSend: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "value-used-after-send", severity: .error,
        summary: "A non-Sendable value is used again after it was sent to an actor or a task.",
        explanation: """
            ## What it finds
            A local whose type is a non-Sendable class, sent to another isolation domain — passed to an \\
            `await`ed call on an actor instance or to a `sending` parameter, or captured by a `Task {}` / \\
            `Task.detached {}` closure — and then read, written or passed again later on some path of the \\
            same function (a send inside a loop counts: the next iteration sends it again). A value created \\
            after the send, a use in a branch the send cannot reach, and Sendable types are fine.

            ## Why it matters in Swift 6
            Once sent, the value belongs to the other domain, which may be using it right now: touching it \\
            again is a data race. Swift 6 rejects it: "sending 'report' risks causing data races".

            ## Fix
            Not automatic — it is a question of ownership. Create the value, hand it off, and stop using it \\
            (make a fresh one, or copy what you need before sending); or make the type `Sendable` (immutable \\
            `let`s of Sendable types, or an actor) so that sharing it is safe.

            ## Before / after
            ```swift
            let report = Report()
            await uploader.upload(report)
            report.lines.append("sent")        // error in Swift 6

            let report = Report()
            let count = report.lines.count
            await uploader.upload(report)      // the last use
            ```
            """,
        compilerGroup: "SendingRisksDataRace")

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.funcDecl, .initDecl] }

    public func check(_ function: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        guard let body = tree.firstChild(function, kind: .codeBlock) else { return }
        // Cheapest test first, on the body's tokens: no `await`, no task, and no name of a workspace
        // function that takes a `sending` parameter — nothing is sent.
        let sending = file.index.sendingFunctionTest
        guard
            tree.containsToken(
                in: body,
                where: { t in
                    let token = tree.tokens[Int(t)]
                    if token.keyword == .await { return true }
                    guard token.kind == .identifier else { return false }
                    let length = tree.nameLength(token: t)
                    return length == 4 && tree.token(t, equals: KnowledgeBase.unstructuredTask)
                        || length == 8 && tree.token(t, equals: "detached")
                        || sending?.mayContain(tree, token: t) == true
                })
        else { return }
        // Cheap test first: the calls that may send — awaited calls with arguments, tasks, calls
        // of workspace functions with a `sending` parameter. Only their arguments and the task
        // closures' code can be the sent reference. Names are compared as bytes, not `String`s.
        var sentArguments: Set<Int32> = []
        var taskClosures: [Range<Int>] = []
        for n in tree.subtree(body) where tree[n].kind == .call {
            let name = tree.calleeNameToken(of: n)
            if tree.token(name, equals: KnowledgeBase.unstructuredTask) || tree.token(name, equals: "detached") {
                if let c = tree.closureArgument(of: n) { taskClosures.append(tree.range(of: c)) }
            } else if tree.isAwaited(n)
                || sending?.mayContain(tree, token: name) == true
                    && file.index.hasSendingParameter(functionNamed: tree.text(token: name))
            {
                for a in tree.arguments(of: n) {
                    if let v = tree.value(of: a), tree[v].kind == .identifierExpr { sentArguments.insert(v) }
                }
            }
        }
        guard !sentArguments.isEmpty || !taskClosures.isEmpty else { return }
        let model = file.model
        // Each local of a non-Sendable class, once.
        var verdicts: [Int32: Bool] = [:]
        func isCandidate(_ b: LocalBinding) -> Bool {
            if let v = verdicts[b.node] { return v }
            let v = b.kind == .local && isNonSendableClass(b, model)
            verdicts[b.node] = v
            return v
        }
        var reported: Set<Int32> = []
        // The references that may be the sent one, in the order a walk of the body meets them
        // (`subtree`: a node, then its children from the last to the first, so the last reference
        // in the source first): without task closures, only the sent arguments — no second walk.
        let references: [Int32]
        if taskClosures.isEmpty {
            references = sentArguments.sorted { a, b in
                tree[a].firstToken != tree[b].firstToken ? tree[a].firstToken > tree[b].firstToken : a > b
            }
        } else {
            references = tree.subtree(body).filter { n in
                tree[n].kind == .identifierExpr
                    && (sentArguments.contains(n) || taskClosures.contains(where: { $0.contains(tree.start(n)) }))
            }
        }
        for n in references {
            // Not in nested functions: they are checked on their own.
            guard let b = model.resolveLocal(tree.name(of: n), at: n), !reported.contains(b.node),
                tree.enclosing(n, [.funcDecl, .initDecl]) == function, isCandidate(b)
            else { continue }
            guard let send = sendSite(n, model) else { continue }
            guard let use = laterUse(of: b, after: send, reference: n, body: body, model) else { continue }
            reported.insert(b.node)
            // A capture is reported at the task it is sent to (where the compiler reports it).
            let anchor = send.closure != nil ? tree.callee(of: send.site).map { tree.range(of: $0) } : nil
            findings.append(
                file.finding(
                    Self.descriptor, anchor ?? tree.range(of: n),
                    "'\(b.name)' is sent to \(send.destination) here, and used again afterwards: a value of non-Sendable type \(send.typeName) must not be touched once another isolation domain may hold it.",
                    notes: [Note(range: tree.range(of: use), message: "'\(b.name)' is used again here")]))
        }
    }

    struct Send {
        /// The node the send happens at: the call, or the task-creating call for a capture.
        var site: Int32
        /// Code inside a task closure is the receiving side, not a later use.
        var closure: Int32?
        var destination: String
        var typeName: String
    }

    func isNonSendableClass(_ b: LocalBinding, _ model: SemanticModel) -> Bool {
        guard let (path, context) = model.writtenType(ofBinding: b) else { return false }
        if let s = model.index.resolveSymbol(path, in: context) {
            return model.index.symbolKind(s) == .classDecl
                && model.sendability(of: .nominal(path.map { TypeExpr.Component($0) }), at: b.node) == .notSendable
        }
        return KnowledgeBase.nonSendableClasses.contains(path.last ?? "")
    }

    /// Where a reference sends its value: an argument of an awaited call on an actor instance or
    /// to a `sending` parameter, or a capture by a task closure that leaves the caller's actor.
    func sendSite(_ reference: Int32, _ model: SemanticModel) -> Send? {
        let tree = model.tree
        let typeName =
            model.resolveLocal(tree.name(of: reference), at: reference).flatMap {
                model.writtenType(ofBinding: $0)?.path.joined(separator: ".")
            } ?? "?"
        let parent = tree[reference].parent
        if tree[parent].kind == .argument, tree[tree[parent].parent].kind == .call {
            let call = tree[parent].parent
            guard let callee = tree.callee(of: call) else { return nil }
            // `await uploader.upload(report)`: a method of an actor instance other than self.
            if tree[callee].kind == .memberAccess, let base = tree.children(callee).first, tree[base].kind != .selfExpr,
                tree.isAwaited(call), let s = model.typeSymbol(of: base), model.index.symbolKind(s) == .actorDecl
            {
                return Send(
                    site: call, closure: nil, destination: "actor \(model.index.symbolName(s))", typeName: typeName)
            }
            // A `sending` parameter of a workspace function.
            if let position = tree.arguments(of: call).firstIndex(of: parent) {
                let matches = model.parameters(matching: model.callShape(call), position: position)
                if !matches.isEmpty, matches.allSatisfy({ $0.info.sendingParameters[$0.parameter] }) {
                    return Send(
                        site: call, closure: nil, destination: "a `sending` parameter of \(model.callShape(call).name)",
                        typeName: typeName)
                }
            }
        }
        // Captured by `Task {}` (outside a global actor) or `Task.detached {}`.
        var n = parent
        var steps = 0
        while n >= 0, steps < 4096 {
            steps += 1
            if tree[n].kind == .closure {
                guard let h = model.handOff(ofClosure: n), h.kind == .sending, !h.isChildTask,
                    tree[h.call].kind == .call, model.taskKind(of: h.call) != nil
                else { return nil }
                return Send(site: h.call, closure: n, destination: h.via, typeName: typeName)
            }
            if [.funcDecl, .initDecl].contains(tree[n].kind) { return nil }
            n = tree[n].parent
        }
        return nil
    }

    /// The first reference to the binding that may run after the send, unless the variable was
    /// given a fresh value in between; `_ = x` is not a use. A send inside a loop that declares
    /// nothing new meets itself on the next iteration.
    func laterUse(of b: LocalBinding, after send: Send, reference: Int32, body: Int32, _ model: SemanticModel)
        -> Int32?
    {
        let tree = model.tree
        let sendEnd = tree.range(of: send.site).upperBound
        let references = tree.subtree(body).filter { r in
            tree[r].kind == .identifierExpr && tree.name(of: r, is: b.name)
                && model.resolveLocal(b.name, at: r)?.node == b.node
        }.sorted()
        let reassignments = references.filter { r in
            let p = tree[r].parent
            return tree[p].kind == .sequenceExpr && tree.children(p).first == r && model.isAssignmentTarget(r, in: p)
                && tree.token(at: tree[r].endToken).kind == .equal
        }
        let loop = innermostLoop(send.site, body, tree)
        let declaredInLoop = loop.map { tree.range(of: $0).contains(tree.start(b.node)) } ?? true
        for r in references where r != reference {
            if let closure = send.closure, tree.range(of: closure).contains(tree.start(r)) { continue }
            // Before the send: only the next iteration of a loop reaches it, and only when the
            // variable outlives the iteration.
            if tree.start(r) < tree.start(send.site), declaredInLoop { continue }
            if isDiscard(r, tree) || reassignments.contains(r) { continue }
            guard model.mayRunAfter(r, send.site, in: body) == true else { continue }
            // A fresh value assigned between the send and this use (in a block around the use).
            if reassignments.contains(where: { a in
                tree.start(a) >= sendEnd && tree.start(a) < tree.start(r)
                    && tree.range(of: tree[tree[a].parent].parent).contains(tree.start(r))
            }) {
                continue
            }
            return r
        }
        // Sent in a loop the variable lives outside of: the next iteration sends it again.
        if let loop, !declaredInLoop, model.mayRunAfter(send.site, send.site, in: body) == true,
            !reassignments.contains(where: { tree.range(of: loop).contains(tree.start($0)) })
        {
            return reference
        }
        return nil
    }

    func innermostLoop(_ node: Int32, _ body: Int32, _ tree: SyntaxTree) -> Int32? {
        var n = tree[node].parent
        var steps = 0
        while n >= 0, n != body, steps < 4096 {
            steps += 1
            if [.forStmt, .whileStmt, .repeatStmt].contains(tree[n].kind) { return n }
            n = tree[n].parent
        }
        return nil
    }

    /// `_ = x`.
    func isDiscard(_ r: Int32, _ tree: SyntaxTree) -> Bool {
        let p = tree[r].parent
        guard tree[p].kind == .sequenceExpr, let first = tree.children(p).first, first != r else { return false }
        return tree.text(of: first) == "_"
    }
}
