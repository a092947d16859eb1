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
    /// The names a call that makes a task goes by (`taskKind` is nil for every other call).
    public static let taskCallNames = [KnowledgeBase.unstructuredTask, "init", "detached"]

    public func taskKind(of call: Int32) -> TaskKind? {
        guard tree[call].kind == .call, let callee = tree.callee(of: call) else { return nil }
        let k = tree[callee].kind
        guard k == .identifierExpr || k == .memberAccess else { return nil }
        // Asked of every call by several rules: the name's length first (`Task`, `init`: 4,
        // `detached`: 8), then its bytes, without making a String.
        let name = tree[callee].name
        let length = tree.nameLength(token: name)
        guard
            length == 4
                && (tree.token(name, equals: KnowledgeBase.unstructuredTask) || tree.token(name, equals: "init"))
                || length == 8 && tree.token(name, equals: "detached")
        else { return nil }
        guard var path = tree.plainPath(of: callee) else { return nil }
        if let dot = path.firstIndex(of: "."), KnowledgeBase.concurrencyModules.contains(String(path[..<dot])) {
            path = String(path[path.index(after: dot)...])
        } else if index.declaresType(named: KnowledgeBase.unstructuredTask),
            index.resolveSymbol([KnowledgeBase.unstructuredTask], in: lookupContext(at: call)) != nil
        {
            // A workspace type named `Task` (a to-do app's model) shadows Swift's (the cheap test
            // first: most workspaces have none, and the lookup context costs a walk up the tree).
            return nil
        }
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

    /// The `weak self` item of a closure's capture list (`unowned` not included: it is not optional).
    public func weakOnlySelfCapture(of closure: Int32) -> Int32? {
        guard let item = weakSelfCapture(of: closure), tree.token(tree[item].keyword, is: "weak") else { return nil }
        return item
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
            default: tree.pushChildren(of: n, onto: &stack)
            }
        }
        return out
    }

    /// Whether a closure or a block holds any loop (not inside nested closures or functions).
    public func containsLoop(_ node: Int32) -> Bool {
        // Children pushed in place: a slice of the child list per node was a retain and a
        // release of the list each (asked of every async function's body).
        var stack: [Int32] = []
        tree.pushChildren(of: node, onto: &stack)
        var steps = 0
        while let n = stack.popLast(), steps < 100_000 {
            steps += 1
            switch tree[n].kind {
            case .forStmt, .whileStmt, .repeatStmt: return true
            case .closure, .funcDecl, .initDecl: continue
            default: tree.pushChildren(of: n, onto: &stack)
            }
        }
        return false
    }

    /// Whether a closure may outlive the call it is passed to: true when it is stored, or passed
    /// to a call the knowledge base or the workspace declares escaping (a task, a dispatch, a
    /// timer, an `@escaping` parameter); false for calls known to run it in place; nil when the
    /// callee is unknown (an SDK or package function the tables do not name).
    public func closureEscapes(_ closure: Int32) -> Bool? {
        guard let call = tree.callReceiving(closure: closure), let name = tree.calleeName(of: call) else {
            return closureIsStored(closure) ? true : nil
        }
        if KnowledgeBase.nonEscapingClosureCalls.contains(name) || name.hasPrefix("withUnsafe") { return false }
        if taskKind(of: call) != nil { return true }
        // Calling a parameter of function type: `run { … }` with `run: (() -> Void) -> Void`.
        if let callee = tree.callee(of: call), tree[callee].kind == .identifierExpr,
            let local = resolveLocal(name, at: callee), local.kind == .parameter || local.kind == .closureParameter
        {
            guard let typeNode = tree.firstChild(local.node, kind: .type),
                let function = functionType(typeExpr(typeNode), at: typeNode),
                let position = tree.arguments(of: call).firstIndex(of: tree[closure].parent),
                position < function.parameters.count
            else { return nil }
            // Optional closures escape implicitly; only a bare function type without
            // `@escaping` is non-escaping.
            guard case .function(let parameter) = function.parameters[position] else { return true }
            return parameter.isEscaping
        }
        // Workspace functions and methods of that name (extensions of SDK types included): all
        // non-escaping, or all escaping.
        let candidates =
            index.freeFunctions(named: name, seenFrom: module).map(\.info)
            + index.methods(named: name, seenFrom: module)
        guard !candidates.isEmpty else { return KnowledgeBase.escapingClosureCalls.contains(name) ? true : nil }
        if candidates.allSatisfy({ !$0.escapingClosureParameters.contains(true) }) { return false }
        if candidates.allSatisfy({ $0.escapingClosureParameters.last == true }) { return true }
        return nil
    }

    /// `handler = { … }`, `self.onChange = { … }`, `let f = { … }` stored in a property.
    func closureIsStored(_ closure: Int32) -> Bool {
        let parent = tree[closure].parent
        switch tree[parent].kind {
        case .sequenceExpr:
            let operands = Array(tree.children(parent))
            guard let k = operands.firstIndex(of: closure), k > 0 else { return false }
            return tree.token(at: tree[operands[k - 1]].endToken).kind == .equal
        case .initializer:
            let decl = tree[tree[parent].parent].parent
            return tree[decl].kind == .varDecl && directOwnerType(tree, decl) != nil
        default:
            return false
        }
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
            owners += fileDeclarations(of: s).filter { $0 != owner }
        }
        for o in owners {
            for m in tree.members(of: o) where tree[m].kind == .varDecl {
                if IndexBuilder.propertyInfos(tree, m).contains(where: { $0.name == name }) { return m }
            }
        }
        return nil
    }

    /// Whether `.cancel()` is called on a property of this name where this file's module is seen.
    public func isCancelledSomewhere(_ property: String) -> Bool { index.isCancelled(property, declaredIn: module) }
}

extension SemanticModel {
    /// `guard let self else { … }` / `guard let self = self, … else { … }` among a closure's
    /// top-level statements.
    public func selfGuard(in closure: Int32) -> Int32? {
        tree.statements(of: closure).first { s in
            tree[s].kind == .guardStmt
                && tree.children(s, kind: .optionalBinding).contains { b in
                    tree.token(tree[b].name, is: "self")
                        && (tree.children(b).isEmpty
                            || tree.children(b).allSatisfy { tree[$0].kind == .selfExpr })
                }
        }
    }

    /// Whether `self` is referenced (explicitly, or by a bare member name) inside `node`.
    public func referencesSelf(_ node: Int32, owner: Int32?) -> Bool {
        let members = memberNames(of: owner)
        return tree.subtree(node).contains { n in
            switch tree[n].kind {
            case .selfExpr: return true
            case .identifierExpr:
                let name = tree.name(of: n)
                return members.contains(name) && resolveLocal(name, at: n) == nil
            default: return false
            }
        }
    }
}

extension Edits {
    /// Adds `weak self` to a closure's captures: into its capture list, or as a new
    /// `[weak self]` before its parameters (adding ` in` when it has no signature).
    public static func addWeakSelf(_ closure: Int32, _ tree: SyntaxTree) -> ByteEdit {
        if let list = tree.firstChild(closure, kind: .captureList) {
            // An explicit strong `[self]` (or `[x, self]`) becomes `weak self` in place.
            if let strong = tree.children(list, kind: .captureItem).first(where: { item in
                tree.token(tree[item].name, is: "self") && tree[item].keyword < 0
                    && tree.firstChild(item, kind: .initializer) == nil
            }) {
                return insert("weak ", at: tree.start(strong))
            }
            let open = tree.startOf(token: tree[list].firstToken) + 1
            return insert("weak self, ", at: open)
        }
        let params = tree.children(closure).first { [.closureParam, .parameterClause].contains(tree[$0].kind) }
        if let params { return insert("[weak self] ", at: tree.start(params)) }
        if tree[closure].flags.contains(.hasSignature), tree[closure].keyword >= 0 {
            return insert("[weak self] ", at: tree.startOf(token: tree[closure].keyword))
        }
        // `{ body }` → `{ [weak self] in body }`.
        return insert(" [weak self] in", at: tree.tokenRange(tree[closure].firstToken).upperBound)
    }

    /// Removes a whole statement with its line when it stands on lines of its own.
    public static func deleteStatementLines(_ stmt: Int32, _ tree: SyntaxTree) -> ByteEdit {
        let r = tree.range(of: stmt)
        let firstLine = tree.source.line(of: r.lowerBound)
        let lastLine = tree.source.line(of: max(r.lowerBound, r.upperBound - 1))
        let start = tree.source.lineRange(firstLine).lowerBound
        let bytes = tree.source.bytes
        let end = lastLine + 1 < tree.source.lineCount ? tree.source.lineRange(lastLine + 1).lowerBound : bytes.count
        // Whole lines only when the statement has them to itself (blanks before it; blanks, then
        // the line's end or a line comment, after it). Otherwise its text alone: code sharing its
        // lines (`{ [weak self] in guard let self …`, a `; next()`) is not the statement's to delete.
        guard start <= r.lowerBound, r.lowerBound <= r.upperBound, r.upperBound <= end, end <= bytes.count else {
            return replace(r, with: "")
        }
        let isBlank = { (b: UInt8) in b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }
        var after = r.upperBound
        while after < end, isBlank(bytes[after]) { after += 1 }
        let restIsBlank =
            after == end || bytes[after] == UInt8(ascii: "\n") || bytes[after] == UInt8(ascii: "\r")
            || (bytes[after] == UInt8(ascii: "/") && after + 1 < end && bytes[after + 1] == UInt8(ascii: "/"))
        guard bytes[start..<r.lowerBound].allSatisfy(isBlank), restIsBlank else {
            // With the blanks before it: `{ guard … }` becomes `{ }`, not `{  }`.
            var from = r.lowerBound
            while from > start, isBlank(bytes[from - 1]) { from -= 1 }
            return replace(from..<r.upperBound, with: "")
        }
        return replace(start..<end, with: "")
    }

    /// A statement's text moved to the start of a block, indented like the block's first line.
    public static func moveStatement(_ stmt: Int32, toStartOf block: Int32, _ tree: SyntaxTree) -> [ByteEdit]? {
        guard let first = tree.statements(of: block).first else { return nil }
        let indent = tree.indentation(at: tree.start(first))
        let original = tree.indentation(at: tree.start(stmt))
        var lines = tree.source.text(tree.range(of: stmt)).split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }
        ).map(String.init)
        // Later lines keep their place relative to the first.
        for k in lines.indices.dropFirst() where lines[k].hasPrefix(original) {
            lines[k] = indent + lines[k].dropFirst(original.count)
        }
        let text = lines.joined(separator: tree.lineEnding)
        let lineStart = tree.lineStart(tree.start(first))
        return [insert(indent + text + tree.lineEnding, at: lineStart), deleteStatementLines(stmt, tree)]
    }
}
