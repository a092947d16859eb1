import IsolintSyntax

/// `async-work-on-main-actor` (info): an `async` function with a loop and no `await` that runs on
/// the main actor (or, with nonisolated(nonsending) by default, on its caller's).
public struct AsyncWorkOnMainActor: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "async-work-on-main-actor", severity: .info,
        summary: "An `async` function that loops without awaiting runs on the main actor and blocks it.",
        explanation: """
            ## What it finds
            An `async` function whose body has a loop and no `await`, when it is isolated to the main actor \\
            (a `@MainActor` type or function, a main-actor SDK subclass, default MainActor isolation). Also a \\
            nonisolated `async` function (not already `@concurrent`) with such a body in a target where \\
            `NonisolatedNonsendingByDefault` is on (directly or through `ApproachableConcurrency`): it then runs \\
            on its caller's actor, usually the main actor.

            ## Why it matters in Swift 6
            `async` does not mean "in the background": without an `await` the function never suspends, so the \\
            whole loop runs on the actor it is isolated to — the main actor, where it freezes the UI. With \\
            nonisolated(nonsending) by default (Swift 6.2), a nonisolated async function runs on the caller's \\
            actor too.

            ## Which fix when
            - Main-actor function: move the loop into a `@concurrent` helper (Swift 6.2) or a nonisolated \\
            function of a service and `await` it; not automatic.
            - Nonisolated function under nonisolated(nonsending): **mark it `@concurrent`** so it always runs \\
            off the caller's actor.

            ## Before / after
            ```swift
            @MainActor func buildCSV(_ rows: [Row]) async -> String {
                var out = ""
                for row in rows { out += row.csvLine }   // runs on the main actor
                return out
            }
            @concurrent nonisolated func buildCSV(_ rows: [Row]) async -> String { … }
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.funcDecl] }

    public func check(_ decl: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        let model = file.model
        guard tree[decl].flags.contains(.isAsync), tree[decl].keyword >= 0,
            let body = tree.firstChild(decl, kind: .codeBlock), model.containsLoop(body), !awaits(body, tree)
        else { return }
        let isolation = model.memberIsolation(decl)
        let range = tree.tokenRange(tree[decl].keyword)
        let name = tree.name(of: decl)
        if isolation.isMainActor {
            findings.append(
                file.finding(
                    Self.descriptor, range,
                    "'\(name)' is async but never awaits: its loop runs on the main actor (\(isolation.reason)) and blocks the UI. Move the work into a @concurrent or nonisolated helper and await it."
                ))
            return
        }
        let nonsending =
            file.settings.upcomingFeatures.contains("NonisolatedNonsendingByDefault")
            || file.settings.upcomingFeatures.contains("ApproachableConcurrency")
        // `nonisolated(nonsending)` written out is a choice to run on the caller's actor.
        guard nonsending, isolation.kind == .nonisolated, !tree.attributeNames(of: decl).contains("concurrent"),
            !tree.modifiers(of: decl).contains(where: { tree.text(of: $0).hasPrefix("nonisolated(nonsending") })
        else { return }
        findings.append(
            file.finding(
                Self.descriptor, range,
                "'\(name)' is nonisolated and async but never awaits: with nonisolated(nonsending) by default it runs on its caller's actor — usually the main actor — for the whole loop.",
                fixes: [
                    Fix(
                        title: "Mark it `@concurrent` (always off the caller's actor)",
                        edits: [Edits.insert("@concurrent ", at: Edits.afterAttributes(tree, decl))])
                ]))
    }

    /// An `await` (or `for await`) in the function's own code, not in nested closures or functions.
    func awaits(_ body: Int32, _ tree: SyntaxTree) -> Bool {
        // Children pushed in place (see `SemanticModel.containsLoop`).
        var stack: [Int32] = []
        tree.pushChildren(of: body, onto: &stack)
        var steps = 0
        while let n = stack.popLast(), steps < 100_000 {
            steps += 1
            switch tree[n].kind {
            case .awaitExpr: return true
            case .forStmt where tree[n].flags.contains(.isAsync): return true
            case .closure, .funcDecl: continue
            default: tree.pushChildren(of: n, onto: &stack)
            }
        }
        return false
    }
}
