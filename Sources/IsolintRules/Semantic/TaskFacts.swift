import IsolintSyntax

/// Facts about tasks, loops and closures that the task and capture rules share.
extension SemanticModel {
    public enum TaskKind: Sendable, Equatable {
        /// `Task { … }` / `Task(priority:) { … }`: inherits the caller's isolation.
        case unstructured
        /// `Task.detached { … }`.
        case detached
    }

    /// Whether a call creates a task, and which kind.
    public func taskKind(of call: Int32) -> TaskKind? {
        guard tree[call].kind == .call, let callee = tree.callee(of: call) else { return nil }
        let k = tree[callee].kind
        guard k == .identifierExpr || k == .memberAccess else { return nil }
        let name = tree.name(of: callee)
        guard name == KnowledgeBase.unstructuredTask || name == "detached" || name == "init" else { return nil }
        guard let path = tree.plainPath(of: callee) else { return nil }
        if path == KnowledgeBase.unstructuredTask || path == KnowledgeBase.unstructuredTask + ".init" {
            return .unstructured
        }
        if path == KnowledgeBase.detachedTask { return .detached }
        return nil
    }

    /// The operation closure of a task-creating call.
    public func taskClosure(of call: Int32) -> Int32? {
        guard taskKind(of: call) != nil else { return nil }
        return tree.closureArgument(of: call, labels: ["operation"])
    }

    /// The `weak self` / `unowned self` item of a closure's capture list.
    public func weakSelfCapture(of closure: Int32) -> Int32? {
        guard let list = tree.firstChild(closure, kind: .captureList) else { return nil }
        return tree.children(list, kind: .captureItem).first { item in
            tree.token(tree[item].name, is: "self") && tree[item].keyword >= 0
                && (tree.token(tree[item].keyword, is: "weak") || tree.token(tree[item].keyword, is: "unowned"))
                && tree.firstChild(item, kind: .initializer) == nil
        }
    }

    /// A loop that runs until its task is cancelled or its sequence ends: `for await` /
    /// `for try await`, `while true`, `while !Task.isCancelled`, `repeat { } while true`.
    public func isLongRunningLoop(_ stmt: Int32) -> Bool {
        switch tree[stmt].kind {
        case .forStmt:
            return tree[stmt].flags.contains(.isAsync)
        case .whileStmt, .repeatStmt:
            let condition = tree.children(stmt).first {
                tree[$0].kind != .codeBlock && tree[$0].kind != .optionalBinding
            }
            guard let condition else { return false }
            let text = tree.text(of: condition).filter { !$0.isWhitespace }
            return text == "true" || text == "!" + KnowledgeBase.taskIsCancelled
        default:
            return false
        }
    }

    /// The long-running loops among a closure's own statements and theirs, in order (not inside
    /// nested closures or functions).
    public func longRunningLoops(in closure: Int32) -> [Int32] {
        var out: [Int32] = []
        var stack = Array(tree.statements(of: closure).reversed())
        var steps = 0
        while let n = stack.popLast(), steps < 100_000 {
            steps += 1
            if isLongRunningLoop(n) {
                out.append(n)
                continue
            }
            switch tree[n].kind {
            case .closure, .funcDecl, .initDecl, .classDecl, .structDecl, .enumDecl, .actorDecl: continue
            default: stack.append(contentsOf: tree.children(n).reversed())
            }
        }
        return out
    }

    /// Whether a closure or a block holds any loop (not inside nested closures or functions).
    public func containsLoop(_ node: Int32) -> Bool {
        var stack = Array(tree.children(node))
        var steps = 0
        while let n = stack.popLast(), steps < 100_000 {
            steps += 1
            switch tree[n].kind {
            case .forStmt, .whileStmt, .repeatStmt: return true
            case .closure, .funcDecl, .initDecl: continue
            default: stack.append(contentsOf: tree.children(n))
            }
        }
        return false
    }

    /// Whether a closure may outlive the call it is passed to: passed to a call the knowledge
    /// base or the workspace says does not keep it, it does not escape; stored, returned, or
    /// passed to anything else, it does.
    public func closureEscapes(_ closure: Int32) -> Bool {
        guard let call = tree.callReceiving(closure: closure), let name = tree.calleeName(of: call) else { return true }
        if KnowledgeBase.nonEscapingClosureCalls.contains(name) || name.hasPrefix("withUnsafe") { return false }
        // A workspace function whose closure parameters are all non-escaping.
        let candidates = index.freeFunctions(named: name).map(\.info) + workspaceMethods(named: name)
        if !candidates.isEmpty, candidates.allSatisfy({ f in !f.escapingClosureParameters.contains(true) }) {
            return false
        }
        return true
    }

    func workspaceMethods(named name: String) -> [FunctionInfo] {
        guard index.declaresFunction(named: name) else { return [] }
        var out: [FunctionInfo] = []
        for s in 0..<SymbolID(index.symbols.count) { out += index.methods(s).filter { $0.name == name } }
        return out
    }

    /// The property a task (or any expression) is stored into: `self.task = Task {…}`,
    /// `task = Task {…}` for a property of the enclosing type, or a property's initializer.
    /// Nil for locals and for results not stored.
    public func storedProperty(of expr: Int32) -> String? {
        var node = expr
        // Through `try`/`await` wrappers and optional chaining of the assignment's value.
        while tree[tree[node].parent].kind == .tryExpr || tree[tree[node].parent].kind == .awaitExpr {
            node = tree[node].parent
        }
        let parent = tree[node].parent
        switch tree[parent].kind {
        case .sequenceExpr:
            let operands = Array(tree.children(parent))
            guard let k = operands.firstIndex(of: node), k > 0 else { return nil }
            let target = operands[k - 1]
            guard tree.token(at: tree[target].endToken).kind == .equal else { return nil }
            if tree[target].kind == .memberAccess, let base = tree.children(target).first, tree[base].kind == .selfExpr
            {
                return tree.name(of: target)
            }
            if tree[target].kind == .identifierExpr {
                let name = tree.name(of: target)
                guard resolveLocal(name, at: target) == nil,
                    let owner = tree.enclosingType(of: target), memberNames(of: owner).contains(name)
                else { return nil }
                return name
            }
            return nil
        case .initializer:
            let binding = tree[parent].parent
            let decl = tree[binding].parent
            guard tree[binding].kind == .binding, tree[decl].kind == .varDecl, directOwnerType(tree, decl) != nil,
                tree[binding].name >= 0
            else { return nil }
            return tree.name(of: binding)
        default:
            return nil
        }
    }

    /// The declaration of a stored property of the type enclosing `node`, in this file.
    public func propertyDeclaration(named name: String, near node: Int32) -> Int32? {
        guard let owner = tree.enclosingType(of: node) else { return nil }
        var owners = [owner]
        if let s = symbol(of: owner) {
            // Other declarations and extensions of the same type in this file.
            for (i, n) in tree.nodes.enumerated() where SyntaxTree.typeDeclKinds.contains(n.kind) && Int32(i) != owner {
                if symbol(of: Int32(i)) == s { owners.append(Int32(i)) }
            }
        }
        for o in owners {
            for m in tree.members(of: o) where tree[m].kind == .varDecl {
                if IndexBuilder.propertyInfos(tree, m).contains(where: { $0.name == name }) { return m }
            }
        }
        return nil
    }

    /// Whether `.cancel()` is called on a property of this name anywhere in the workspace.
    public func isCancelledSomewhere(_ property: String) -> Bool { index.cancelledNames.contains(property) }
}
