import IsolintSyntax

/// model-context-crosses-isolation's fix: the work of a `Task`/`Task.detached` closure that uses
/// a shared `ModelContext` moves into a method of a new `@ModelActor actor`, which owns a context
/// of its own made from the (Sendable) `ModelContainer`:
///
///     let container = modelContext.container
///     Task.detached {
///         try await ExportWorker(modelContainer: container).export(ids: ids)
///     }
///     …
///     @ModelActor
///     actor ExportWorker {
///         func export(ids: [PersistentIdentifier]) throws { … modelContext … }
///     }
///
/// Outer values the work uses become the method's parameters (with their declared types);
/// what cannot be passed that way (`self`, a value of unknown type, a result the task returns)
/// gets a `TODO(isolint)` line, and the fix is then marked for review.
struct ModelActorGenerator {
    let file: FileContext
    var tree: SyntaxTree { file.tree }

    /// The outer context as the closure sees it: every reference inside the closure, and the
    /// expression that names it outside (`modelContext`, `self.modelContext`, `context`).
    struct Context {
        var references: [Int32]
        var outerExpression: String
    }

    func fix(call: Int32, closure: Int32, context: Context) -> Fix? {
        let stmts = tree.statements(of: closure)
        guard let firstStmt = stmts.first, let lastStmt = stmts.last,
            let statement = enclosingStatement(of: call), let item = topLevelItem(of: call)
        else { return nil }
        let eol = tree.lineEnding
        let unit = Edits.indentUnit(tree, outer: tree.start(call), inner: tree.start(firstStmt))
        var todos: [String] = []

        // Names: the actor after the enclosing function (or type), its method after the function.
        let function = tree.enclosing(closure, [.funcDecl]).map { tree.name(of: $0) }
        let base = function ?? tree.enclosingType(of: closure).map { tree.extendedTypeOrName($0) } ?? "background"
        let actorName = unusedTypeName(upperFirst(base) + "Worker")
        let method = function ?? "run"

        // What the work uses from outside besides the context.
        var parameters: [(name: String, type: String)] = []
        /// Properties of `self` the work reads: captured by the new closure's capture list, so
        /// that they are read where the task starts.
        var selfProperties: [String] = []
        var renames: [(Range<Int>, String)] = []
        let contextRefs = Set(context.references)
        let skip = stmts.first.map { TimerTaskReplacement.bindsSelf($0, tree) } == true ? 1 : 0
        for capture in file.model.captures(of: closure) {
            let others = capture.references.filter { r in
                !contextRefs.contains(r) && !contextRefs.contains(tree[r].parent)
                    && !(skip == 1 && tree.range(of: firstStmt).contains(tree.start(r)))
            }
            guard !others.isEmpty else { continue }
            if capture.isSelf {
                // Stored properties the work only reads travel as parameters; anything else of
                // `self` is the user's to untangle.
                var unresolved: [Int32] = []
                for r in others {
                    guard let (name, type, access) = readOnlyProperty(r) else {
                        unresolved.append(r)
                        continue
                    }
                    if !parameters.contains(where: { $0.name == name }) {
                        parameters.append((name, type))
                        selfProperties.append(name)
                    }
                    if let access { renames.append((tree.range(of: access), name)) }
                }
                if let r = unresolved.first {
                    todos.append("this work used 'self' (\(tree.text(of: r))): pass what it needs as parameters")
                }
                continue
            }
            guard let b = capture.binding else { continue }
            addParameter(b, &parameters, &todos)
        }
        // Capture-list entries other than the context and `self`.
        for entry in tree.firstChild(closure, kind: .captureList).map({ tree.children($0, kind: .captureItem) }) ?? [] {
            let name = tree.name(of: entry)
            guard name != "self", !parameters.contains(where: { $0.name == name }) else { continue }
            let used = tree.subtree(closure).contains { n in
                tree[n].kind == .identifierExpr && tree.name(of: n, is: name) && !contextRefs.contains(n)
                    && file.model.resolveLocal(name, at: n)?.node == entry
            }
            guard used else { continue }
            if let outer = file.model.resolveLocal(name, at: tree[closure].parent) {
                addParameter(outer, &parameters, &todos)
            } else {
                todos.append("pass '\(name)' in as a parameter")
            }
        }
        let returnsValue = tree.subtree(closure).contains { n in
            tree[n].kind == .returnStmt && !tree.children(n).isEmpty && innermostFunctionLike(n) == closure
        }
        if returnsValue { todos.append("the task returned a value: give the method its result type") }
        let throwsErrors = tree.subtree(closure).contains { n in
            guard tree[n].kind == .tryExpr, innermostFunctionLike(n) == closure else { return false }
            // `try?` and `try!` handle the error themselves.
            let next = tree.text(token: tree[n].firstToken + 1)
            if next == "?" || next == "!" { return false }
            return !isCaught(n, within: closure)
        }
        let awaits = tree.subtree(closure).contains {
            tree[$0].kind == .awaitExpr && innermostFunctionLike($0) == closure
        }

        // The method's body: the closure's statements with the context renamed.
        let bodyStart = tree.start(stmts[skip < stmts.count ? skip : 0])
        let bodyEnd = tree.range(of: lastStmt).upperBound
        var replacements: [(Range<Int>, String)] = renames.filter {
            $0.0.lowerBound >= bodyStart && $0.0.upperBound <= bodyEnd
        }
        for r in context.references where tree.start(r) >= bodyStart && tree.range(of: r).upperBound <= bodyEnd {
            replacements.append((tree.range(of: r), "modelContext"))
        }
        let body = reindent(
            substituted(bodyStart..<bodyEnd, replacements).replacingOccurrences(of: "self?.", with: "self."),
            from: bodyStart, to: unit + unit)
        var actor = eol + eol
        actor += "/// The SwiftData work of `\(method)` on a context of its own (`@ModelActor` makes it from the" + eol
        actor += "/// container), off the caller's actor." + eol
        actor += "@\(KnowledgeBase.modelActorMacro)" + eol + "actor \(actorName) {" + eol
        let signature = parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
        actor +=
            unit + "func \(method)(\(signature))" + (awaits ? " async" : "") + (throwsErrors ? " throws" : "") + " {"
        actor += eol
        for t in todos { actor += unit + unit + "// TODO(isolint): " + t + eol }
        actor += unit + unit + body + eol + unit + "}" + eol + "}"

        // The call site: the container crosses, the work runs on the actor.
        let containerName = unusedLocalName(["container", "modelContainer", "workerContainer"], at: statement)
        let invocation =
            (returnsValue ? "return " : "") + (throwsErrors ? "try " : "") + "await \(actorName)(modelContainer: "
            + containerName + ").\(method)("
            + parameters.map { "\($0.name): \($0.name)" }.joined(separator: ", ") + ")"
        let closureRange = tree.range(of: closure)
        let singleLine = tree.source.line(of: closureRange.lowerBound) == tree.source.line(of: closureRange.upperBound)
        let indent = tree.indentation(at: closureRange.lowerBound)
        let open = selfProperties.isEmpty ? "{" : "{ [\(selfProperties.joined(separator: ", "))] in"
        let newClosure =
            singleLine ? "\(open) \(invocation) }" : open + eol + indent + unit + invocation + eol + indent + "}"
        var edits = [
            Edits.lineAbove(tree, tree.start(statement), "let \(containerName) = \(context.outerExpression).container"),
            Edits.replace(closureRange, with: newClosure),
            Edits.insert(actor, at: tree.range(of: item).upperBound),
        ]
        if let importEdit = importSwiftData() { edits.insert(importEdit, at: 0) }
        return Fix(
            title: "Move the work into a @ModelActor actor with its own context (`\(actorName)`)",
            needsReview: !todos.isEmpty, edits: edits)
    }

    /// A reference through `self` (bare or `self.name`) to a stored property the work only
    /// reads, with a written type: (name, type, the `self.name` access to rename).
    func readOnlyProperty(_ reference: Int32) -> (String, String, Int32?)? {
        var node = reference
        var access: Int32?
        if tree[reference].kind == .selfExpr {
            let p = tree[reference].parent
            guard tree[p].kind == .memberAccess, tree.children(p).first == reference else { return nil }
            node = p
            access = p
        }
        let name = tree.name(of: node)
        // Written to (`x = …`, `x += …`, `x.append(…)`): not a read.
        let parent = tree[node].parent
        if tree[parent].kind == .sequenceExpr, tree.children(parent).first == node,
            IndexBuilder.assignmentOperators.contains(tree.text(token: tree[node].endToken))
                || tree.token(at: tree[node].endToken).kind == .equal
        {
            return nil
        }
        guard let owner = tree.enclosingType(of: reference) else { return nil }
        for m in tree.members(of: owner) where tree[m].kind == .varDecl && !tree.hasModifier(m, "static") {
            guard let b = tree.children(m, kind: .binding).first(where: { tree.name(of: $0) == name }),
                IndexBuilder.isStored(tree, b), let t = tree.firstChild(b, kind: .type)
            else { continue }
            if !tree[m].flags.contains(.isLet), file.model.sendability(ofType: t) != .sendable { return nil }
            return (name, tree.textWithoutAttributes(t), access)
        }
        return nil
    }

    func addParameter(_ b: LocalBinding, _ parameters: inout [(name: String, type: String)], _ todos: inout [String]) {
        guard !parameters.contains(where: { $0.name == b.name }) else { return }
        guard let type = declaredTypeText(b) else {
            todos.append("pass '\(b.name)' in as a parameter (its type is not written where it is declared)")
            return
        }
        if file.model.sendability(of: TypeExpr.parse(type), at: b.node) == .notSendable {
            todos.append("'\(b.name)' is not Sendable: pass an identifier (a persistentModelID) or a Sendable copy")
        }
        parameters.append((b.name, type))
    }

    /// The type written for a parameter or local, or its `T(…)` initializer's.
    func declaredTypeText(_ b: LocalBinding) -> String? {
        switch tree[b.node].kind {
        case .parameter, .binding:
            if let t = tree.firstChild(b.node, kind: .type) {
                let text = tree.textWithoutAttributes(t)
                return text.hasPrefix("inout ") ? nil : text
            }
            return tree[b.node].kind == .binding ? IndexBuilder.initializerTypeName(tree, b.node) : nil
        default:
            return nil
        }
    }

    /// The statement (in a code block or closure) holding a node.
    func enclosingStatement(of node: Int32) -> Int32? {
        var n = node
        for _ in 0..<256 {
            let p = tree[n].parent
            guard p >= 0 else { return nil }
            if LocalScopes.isLocalScope(tree, p), tree[p].kind != .switchCase || tree.children(p).contains(n) {
                return n
            }
            n = p
        }
        return nil
    }

    func topLevelItem(of node: Int32) -> Int32? {
        var n = node
        for _ in 0..<512 {
            if tree.isFileScope(n) { return n }
            n = tree[n].parent
            if n < 0 { return nil }
        }
        return nil
    }

    /// The closure or function whose body a node is in.
    func innermostFunctionLike(_ node: Int32) -> Int32? {
        tree.enclosing(node, [.closure, .funcDecl, .initDecl, .deinitDecl, .accessor])
    }

    /// A `try` inside a `do` with `catch` clauses (within the closure).
    func isCaught(_ node: Int32, within closure: Int32) -> Bool {
        var p = tree[node].parent
        while p >= 0, p != closure {
            if tree[p].kind == .doStmt, tree.firstChild(p, kind: .catchClause) != nil { return true }
            p = tree[p].parent
        }
        return false
    }

    func substituted(_ range: Range<Int>, _ replacements: [(Range<Int>, String)]) -> String {
        var out = ""
        var cursor = range.lowerBound
        for (r, text) in replacements.sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) where r.lowerBound >= cursor {
            out += tree.source.text(cursor..<r.lowerBound) + text
            cursor = r.upperBound
        }
        return out + tree.source.text(cursor..<range.upperBound)
    }

    /// Text that started at byte `start`, its lines re-indented to `indent` (the first line is
    /// returned without indentation: the caller writes it).
    func reindent(_ text: String, from start: Int, to indent: String) -> String {
        Edits.reindented(text, from: tree.indentation(at: start), to: indent, lineEnding: tree.lineEnding)
    }

    func unusedTypeName(_ name: String) -> String {
        var candidate = name
        var k = 2
        let declared = Set(file.index.symbols.map(\.name))
        while declared.contains(candidate), k < 100 {
            candidate = name + "\(k)"
            k += 1
        }
        return candidate
    }

    func unusedLocalName(_ candidates: [String], at node: Int32) -> String {
        let members = file.model.memberNames(of: tree.enclosingType(of: node))
        for c in candidates where file.model.resolveLocal(c, at: node) == nil && !members.contains(c) { return c }
        return candidates.last ?? "container"
    }

    /// `import SwiftData` after the file's last import, when the file has none.
    func importSwiftData() -> ByteEdit? {
        let imports = tree.nodes.indices.filter { tree.nodes[$0].kind == .importDecl }.map { Int32($0) }
        if imports.contains(where: { tree.text(of: $0).hasSuffix(" SwiftData") }) { return nil }
        guard let last = imports.last else {
            return Edits.insert("import SwiftData" + tree.lineEnding, at: 0)
        }
        return Edits.insert(tree.lineEnding + "import SwiftData", at: tree.range(of: last).upperBound)
    }

    func upperFirst(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }
}
