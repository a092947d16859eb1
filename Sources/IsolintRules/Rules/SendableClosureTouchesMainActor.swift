import Foundation
import IsolintSyntax

/// `sendable-closure-touches-main-actor`: a `@Sendable` / off-main callback in main-actor code
/// that reads or writes main-actor state.
public struct SendableClosureTouchesMainActor: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "sendable-closure-touches-main-actor", severity: .error,
        summary: "A @Sendable or off-main callback touches main-actor state.",
        explanation: """
            ## What it finds
            In main-actor code, a closure passed to an API whose closure is `@Sendable` or delivered off the \
            main thread — `NotificationCenter.addObserver(forName:object:queue:using:)`, KVO \
            `observe(_:options:changeHandler:)`, `Timer.scheduledTimer(withTimeInterval:repeats:block:)`, \
            `Timer(timeInterval:repeats:block:)`, `DispatchQueue.global().async`, `URLSession` completion \
            handlers, `NSItemProvider` loaders — that reads or writes `self`'s main-actor members, or calls a \
            main-actor free function or a main-actor member of another workspace type (`Store.shared`). A \
            member counts by its own isolation: `nonisolated` members and instance `let`s of Sendable types are \
            not main-actor state. Code inside a nested hop back to the main actor (`MainActor.assumeIsolated`, \
            `Task { @MainActor in }`, `DispatchQueue.main.async`, `MainActor.run`) or under `await` does not count.

            ## Why it matters in Swift 6
            The closure is not isolated to the main actor, so touching main-actor state from it is a data \
            race: an error on Linux in every mode; on Apple SDKs the seed reports only warnings for \
            NotificationCenter, KVO and Timer even in Swift 6 mode — a team that fixes only errors ships them.

            ## Which fix when
            - `queue: .main` (or a Timer scheduled from the main thread): wrap the body in \
            `MainActor.assumeIsolated { … }` — the callback does arrive on the main thread; offered only when \
            the body does not use the closure's own non-Sendable parameters (the `Notification`, the `Timer`).
            - Otherwise: hop with `Task { @MainActor in … }`, copying the Sendable values it needs first.
            - Structured instead: a `Task` that loops with `Task.sleep(for:)` replaces a Timer, one that \
            consumes `NotificationCenter.default.notifications(named:)` replaces an observer (a stored \
            timer or token gets a TODO: the Task is a different type, and where to cancel it is yours to say).

            ## Before / after
            ```swift
            timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
                self.tick()
            }
            timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
                MainActor.assumeIsolated {
                    self.tick()
                }
            }
            ```
            """,
        compilerReports: true)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.call] }
    public var calleeNames: [String]? { Array(CalleeClassifier.offMainCallNames) }

    public func check(_ call: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        guard let name = tree.calleeName(of: call), CalleeClassifier.offMainCallNames.contains(name),
            let callee = tree.callee(of: call), let path = tree.plainPath(of: callee)
        else { return }
        let api = CalleeClassifier.callbackAPI(path: path, call: call, tree: tree)
        let background = CalleeClassifier.isBackgroundQueueDispatch(path)
        guard api != nil || background else { return }
        guard
            let closure = tree.closureArgument(
                of: call, labels: ["using", "changeHandler", "block", "completionHandler", "execute"])
        else { return }
        guard tree.attributeNames(of: closure).allSatisfy({ !file.index.isGlobalActorAttribute($0) }) else { return }
        guard file.isolation.compilerIsolation(at: call).isMainActor, let owner = tree.enclosingType(of: call) else {
            return
        }
        guard let use = file.model.firstMainActorUse(in: closure, owner: owner) else { return }
        let apiName = api.map { $0.method } ?? path
        let params = closureParameterNames(tree, closure)
        let usesParams =
            !params.isEmpty
            && tree.subtree(closure).contains { tree[$0].kind == .identifierExpr && params.contains(tree.name(of: $0)) }
        var fixes: [Fix] = []
        if !usesParams, api?.kind == .timer || (api?.kind == .notification && deliversOnMain(call, tree)) {
            if let wrap = Edits.wrapStatements(of: closure, with: "MainActor.assumeIsolated", tree) {
                fixes.append(
                    Fix(
                        title:
                            "Wrap the body in `MainActor.assumeIsolated { … }` (the callback arrives on the main thread)",
                        edits: wrap))
            }
        }
        if let wrap = Edits.wrapStatements(
            of:
                closure, with: "Task { @MainActor in", tree,
            placeholder: usesParams
                ? "// TODO(isolint): copy the Sendable values this needs from \(params.joined(separator: ", ")) into locals before the Task"
                : nil)
        {
            // With parameters to copy first, the inserted TODO is the user's to do.
            fixes.append(
                Fix(
                    title: "Hop to the main actor with `Task { @MainActor in … }`", needsReview: usesParams, edits: wrap
                ))
        }
        if let replacement = taskReplacement(
            call: call, closure: closure, api: api, params: params, usesParams: usesParams, tree)
        {
            fixes.append(replacement)
        }
        findings.append(
            file.finding(
                Self.descriptor, tree.range(of: callee),
                use.isSelfMember
                    ? "The closure of \(apiName) is @Sendable or runs off the main thread, but it touches main-actor state '\(use.name)' of \(tree.name(of: owner)): a data race in Swift 6."
                    : "The closure of \(apiName) is @Sendable or runs off the main thread, but it uses main-actor '\(use.name)' without a hop to the main actor: a data race in Swift 6.",
                fixes: fixes))
    }

    /// The structured replacement: a Timer becomes a `Task` that sleeps with `Task.sleep(for:)`
    /// in a loop until cancelled; an observer becomes a `Task` consuming
    /// `NotificationCenter.default.notifications(named:)`. When the call's result was stored (the
    /// timer or the observer token), a TODO line says what to store instead: the types differ,
    /// so that part is the user's decision.
    func taskReplacement(
        call: Int32, closure: Int32, api: KnowledgeBase.CallbackAPI?, params: [String], usesParams: Bool,
        _ tree: SyntaxTree
    ) -> Fix? {
        guard let api, api.kind == .timer || api.kind == .notification else { return nil }
        let start = tree.start(call)
        let indent = tree.indentation(at: start)
        let unit = Edits.indentUnit(
            tree, outer: start, inner: tree.statements(of: closure).first.map { tree.start($0) } ?? start)
        let eol = tree.lineEnding
        // The Task binds `self` strongly after its own guard: the body's guard goes, and its
        // `self?.` becomes `self.`.
        let skip = tree.statements(of: closure).first.map { bindsSelf($0, tree) } == true ? 1 : 0
        guard var body = Edits.reindentedBody(tree, closure, indent: indent + unit + unit, skippingLeading: skip),
            var shallowBody = Edits.reindentedBody(tree, closure, indent: indent + unit, skippingLeading: skip)
        else { return nil }
        body = body.replacingOccurrences(of: "self?.", with: "self.")
        shallowBody = shallowBody.replacingOccurrences(of: "self?.", with: "self.")
        let head: String
        let title: String
        if api.kind == .timer {
            // The timer itself is not available in the loop.
            guard !usesParams,
                let intervalArg = tree.argument(of: call, labeled: "withTimeInterval")
                    ?? tree.argument(of: call, labeled: "timeInterval"),
                let interval = tree.value(of: intervalArg)
            else { return nil }
            let repeats =
                tree.argument(of: call, labeled: "repeats").flatMap { tree.value(of: $0) }.map { tree.text(of: $0) }
                ?? "false"
            let sleep = "try? await Task.sleep(for: .seconds(\(tree.text(of: interval))))"
            if repeats == "true" {
                head =
                    "Task { @MainActor [weak self] in" + eol + indent + unit + "while !Task.isCancelled {" + eol
                    + indent + unit + unit + sleep + eol + indent + unit + unit + "guard let self else { return }" + eol
                    + indent + unit + unit + body + eol + indent + unit + "}" + eol + indent + "}"
            } else {
                head =
                    "Task { @MainActor [weak self] in" + eol + indent + unit + sleep + eol
                    + indent + unit + "guard let self, !Task.isCancelled else { return }" + eol
                    + indent + unit + shallowBody + eol + indent + "}"
            }
            title = "Replace the Timer with a Task that sleeps with `Task.sleep(for:)` (cancel the Task to stop it)"
        } else {
            guard let nameArg = tree.argument(of: call, labeled: "forName"), let name = tree.value(of: nameArg) else {
                return nil
            }
            var arguments = "named: " + tree.text(of: name)
            if let objectArg = tree.argument(of: call, labeled: "object"), let object = tree.value(of: objectArg),
                tree.text(of: object) != "nil"
            {
                arguments += ", object: " + tree.text(of: object)
            }
            let center =
                tree.callee(of: call).flatMap { c in tree.children(c).first }.map { tree.text(of: $0) }
                ?? "NotificationCenter.default"
            let variable = params.first ?? "_"
            head =
                "Task { @MainActor [weak self] in" + eol + indent + unit
                + "for await \(variable) in \(center).notifications(\(arguments)) {" + eol
                + indent + unit + unit + "guard let self else { return }" + eol
                + indent + unit + unit + body + eol + indent + unit + "}" + eol + indent + "}"
            title = "Replace the observer with a Task consuming `notifications(named:)` (cancel the Task to stop it)"
        }
        var edits = [Edits.replace(start..<tree.range(of: call).upperBound, with: head)]
        // The stored timer or token becomes a Task: the declaration's type is the user's call.
        let parent = tree[call].parent
        if parent >= 0, tree[parent].kind == .sequenceExpr || tree[parent].kind == .initializer {
            edits.append(
                Edits.lineAbove(
                    tree, start,
                    "// TODO(isolint): store this Task<Void, Never> instead (and cancel it where the \(api.kind == .timer ? "timer was invalidated" : "observer was removed"))"
                ))
        }
        return Fix(title: title, needsReview: edits.count > 1, edits: edits)
    }

    /// `guard let self else { return }` / `guard let self = self else { return }`.
    func bindsSelf(_ stmt: Int32, _ tree: SyntaxTree) -> Bool {
        guard tree[stmt].kind == .guardStmt, let b = tree.firstChild(stmt, kind: .optionalBinding) else { return false }
        return tree.token(tree[b].name, is: "self") && tree.children(stmt, kind: .optionalBinding).count == 1
    }

    /// `queue: .main` / `OperationQueue.main`.
    func deliversOnMain(_ call: Int32, _ tree: SyntaxTree) -> Bool {
        guard let arg = tree.argument(of: call, labeled: "queue"), let v = tree.value(of: arg) else { return false }
        let text = tree.text(of: v).filter { !$0.isWhitespace }
        return text == ".main" || text == "OperationQueue.main"
    }

    func closureParameterNames(_ tree: SyntaxTree, _ closure: Int32) -> [String] {
        var names = tree.children(closure, kind: .closureParam).map { tree.name(of: $0) }
        if let clause = tree.firstChild(closure, kind: .parameterClause) {
            names += tree.children(clause, kind: .parameter).map { p in
                tree.text(token: tree[p].keyword >= 0 ? tree[p].keyword : tree[p].name)
            }
        }
        return names.filter { $0 != "_" && !$0.isEmpty }
    }

}
