import IsolintSyntax

/// `completion-handler-async-alternative` (hint): a completion-handler function, with a code
/// action that writes its async wrapper.
public struct CompletionHandlerAsyncAlternative: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "completion-handler-async-alternative", severity: .hint,
        summary: "A completion-handler function: an `async` alternative can be added next to it.",
        explanation: """
            ## What it finds
            A function without an `async` counterpart whose last parameter is an `@escaping` completion closure taking a `Result`, a \\
            `(Value?, Error?)` pair or a lone `Error?`. Callbacks that deliver only a value (or nothing) are left \\
            alone: they are often progress or event callbacks, not the end of one operation.

            ## Why it matters in Swift 6
            Callers in async code bridge it by hand, with a continuation each time — and a continuation \\
            resumed twice or never is a crash or a hang. One correct wrapper next to the function lets callers \\
            `await` it, and is where the callback API can be retired from later.

            ## Fix
            **Add an async alternative**: a function of the same name without the completion parameter, \\
            `async` (`throws` when the callback can fail), built on `withChecked(Throwing)Continuation`, that \\
            resumes exactly once on every path; placed after the function with its access level and \\
            isolation. Mark the original `@available(*, renamed:)` yourself once callers have moved. A \\
            `(Value?, Error?)` callback becomes `async throws -> Value?`: a `nil` value with no error is \\
            passed on, not turned into an invented error.

            ## Before / after
            ```swift
            func fetchUser(id: Int, completion: @escaping (Result<User, Error>) -> Void) { … }

            func fetchUser(id: Int) async throws -> User {
                try await withCheckedThrowingContinuation { continuation in
                    fetchUser(id: id) { result in
                        continuation.resume(with: result)
                    }
                }
            }
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.funcDecl] }

    /// What the completion closure delivers.
    enum Shape {
        case result(value: TypeExpr, error: TypeExpr)
        case valueOrError(value: TypeExpr)
        case errorOnly
    }

    public func check(_ decl: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        guard tree[decl].keyword >= 0, tree[decl].name >= 0, !tree[decl].flags.contains(.isAsync),
            let clause = tree.firstChild(decl, kind: .parameterClause),
            let last = tree.children(clause, kind: .parameter).last, let type = tree.firstChild(last, kind: .type),
            tree[type].flags.contains(.isEscaping)
        else { return }
        let expr = file.model.typeExpr(type)
        guard let function = file.model.functionType(expr, at: type), isVoid(function.result) else { return }
        guard let shape = shape(of: function.parameters), !hasAsyncAlternative(decl, clause: clause, file) else {
            return
        }
        let name = tree.name(of: decl)
        let fixes = wrapper(decl, clause: clause, last: last, shape: shape, file).map { text in
            [Fix(title: "Add an async alternative", edits: [Edits.insert(text, at: tree.range(of: decl).upperBound)])]
        }
        findings.append(
            file.finding(
                Self.descriptor, tree.tokenRange(tree[decl].keyword),
                "'\(name)' reports through a completion handler: an async alternative lets callers await it instead of bridging it with a continuation each time.",
                fixes: fixes ?? []))
    }

    /// An `async` function of the same name and labels, minus the completion's, in the same type
    /// (or at file scope): the alternative exists, and the hint has done its job.
    func hasAsyncAlternative(_ decl: Int32, clause: Int32, _ file: FileContext) -> Bool {
        let tree = file.tree
        let name = tree.name(of: decl)
        let labels = tree.children(clause, kind: .parameter).dropLast().map { tree.text(token: tree[$0].name) }
        let isStatic = tree.hasModifier(decl, "static") || tree.hasModifier(decl, "class")
        let candidates: [FunctionInfo]
        if let owner = tree.enclosingType(of: decl) {
            guard let s = file.model.symbol(of: owner) else { return false }
            candidates = file.index.methods(s)
        } else {
            candidates = file.index.freeFunctions(named: name, seenFrom: file.model.module).map(\.info)
        }
        return candidates.contains { f in
            f.name == name && f.isAsync && f.isStatic == isStatic && f.labels == Array(labels)
        }
    }

    func isVoid(_ t: TypeExpr) -> Bool {
        if case .tuple(let es) = t { return es.isEmpty }
        return t.path == ["Void"] || t.path == ["Swift", "Void"]
    }

    func isError(_ t: TypeExpr) -> Bool {
        var u = t
        if case .existential(let parts) = t, parts.count == 1 { u = parts[0] }
        return ["Error", "NSError"].contains(u.simpleName ?? "") && u.path?.count ?? 0 <= 2
    }

    func shape(of params: [TypeExpr]) -> Shape? {
        switch params.count {
        case 1:
            let p = params[0]
            if case .nominal(let cs) = p, let last = cs.last, last.name == "Result", last.arguments.count == 2 {
                return .result(value: last.arguments[0], error: last.arguments[1])
            }
            if case .optional(let w) = p, isError(w) { return .errorOnly }
            return nil
        case 2:
            guard case .optional(let e) = params[1], isError(e) else { return nil }
            return .valueOrError(value: params[0].unwrapped)
        default:
            return nil
        }
    }

    /// The wrapper's text (with the blank line before it), or nil when the function's shape is
    /// one a correct wrapper cannot be written for (it throws, mutates, takes variadic or inout
    /// parameters beyond forwarding).
    func wrapper(_ decl: Int32, clause: Int32, last: Int32, shape: Shape, _ file: FileContext) -> String? {
        let tree = file.tree
        guard !tree[decl].flags.contains(.isThrowing), !tree.hasModifier(decl, "mutating") else { return nil }
        let params = tree.children(clause, kind: .parameter).dropLast()
        var arguments: [String] = []
        for p in params {
            let text = tree.text(of: p)
            if text.contains("...") { return nil }
            let label = tree.text(token: tree[p].name)
            let local = tree.text(token: tree[p].keyword >= 0 ? tree[p].keyword : tree[p].name)
            let isInout = tree.firstChild(p, kind: .type).map { tree[$0].flags.contains(.isInout) } ?? false
            let value = (isInout ? "&" : "") + local
            arguments.append(label == "_" ? value : "\(label): \(value)")
        }
        let eol = tree.lineEnding
        let indent = tree.indentation(at: tree.start(decl))
        let unit =
            tree.firstChild(decl, kind: .codeBlock).flatMap { tree.statements(of: $0).first }.map {
                Edits.indentUnit(tree, outer: tree.start(decl), inner: tree.start($0))
            } ?? "    "
        // Access level, static, isolation: as the original's.
        var head = ""
        for a in tree.attributes(of: decl) where file.index.isGlobalActorAttribute(tree.name(of: a)) {
            head += tree.text(of: a) + " "
        }
        for m in tree.modifiers(of: decl) {
            let word = tree.text(of: m)
            if ["public", "internal", "fileprivate", "private", "package", "static", "class", "nonisolated"].contains(
                word)
                || word.hasPrefix("private(") || word.hasPrefix("fileprivate(")
            {
                head += word + " "
            } else if word == "open" {
                head += "public "
            } else if word == "override" || word == "dynamic" || word == "final" {
                continue
            }
        }
        let name = tree.name(of: decl)
        let generics = tree.firstChild(decl, kind: .genericParams).map { tree.text(of: $0) } ?? ""
        let whereClause = tree.firstChild(decl, kind: .whereClause).map { " " + tree.text(of: $0) } ?? ""
        let signature = params.map { tree.text(of: $0) }.joined(separator: ", ")
        let call = "\(name)(\(arguments.joined(separator: ", ")))"
        var throwsEffect = true
        var returnType: String?
        var callbackParams: String
        var resume: [String]
        switch shape {
        case .result(let value, let error):
            let neverFails = error.path == ["Never"] || error.path == ["Swift", "Never"]
            throwsEffect = !neverFails
            returnType = isVoid(value) ? nil : value.swiftText
            callbackParams = "result"
            // `resume(with:)` takes a Result of any error type when the continuation throws.
            resume = ["continuation.resume(with: result)"]
        case .valueOrError(let value):
            returnType = value.swiftText + "?"
            callbackParams = "value, error"
            resume = [
                "if let error {", unit + "continuation.resume(throwing: error)", "} else {",
                unit + "continuation.resume(returning: value)", "}",
            ]
        case .errorOnly:
            callbackParams = "error"
            resume = [
                "if let error {", unit + "continuation.resume(throwing: error)", "} else {",
                unit + "continuation.resume()",
                "}",
            ]
        }
        let effects = throwsEffect ? " async throws" : " async"
        let result = returnType.map { " -> \($0)" } ?? ""
        let continuation = throwsEffect ? "try await withCheckedThrowingContinuation" : "await withCheckedContinuation"
        let i1 = indent + unit, i2 = i1 + unit, i3 = i2 + unit
        var lines = [
            "", indent + head + "func \(name)\(generics)(\(signature))\(effects)\(result)\(whereClause) {",
            // With nothing returned, the compiler cannot infer the continuation's `T`.
            i1 + continuation + " { "
                + (returnType == nil
                    ? "(continuation: CheckedContinuation<Void, \(throwsEffect ? "any Error" : "Never")>)"
                    : "continuation") + " in",
            i2 + call + " {" + (callbackParams.isEmpty ? "" : " \(callbackParams) in"),
        ]
        lines += resume.map { i3 + $0 }
        lines += [i2 + "}", i1 + "}", indent + "}"]
        return eol + lines.joined(separator: eol)
    }
}
