import IsolintSyntax

/// Paths through structured statements, counting how many times an event happens on each
/// (continuation-misuse counts `resume` calls). Counts saturate at 2 ("twice or more"). Each
/// count keeps the node a reader should look at: where the path ends without the event, or
/// where the event happens the second time.
///
/// `if`/`guard`/`switch`/`do-catch`/loops/`defer`/`#if` are followed; a closure passed to a
/// call runs once where it is passed (the callback of an asynchronous API), may not run at all
/// when the call is optional-chained (`engine?.prepare { … }`), and runs any number of times
/// when the call repeats it (`forEach`). What the analysis cannot follow — an event in a closure
/// stored for later, two events in one expression — makes it give up (`unsupported`), so that a
/// rule reports nothing rather than a guess.
struct EventFlow {
    let tree: SyntaxTree
    let isEvent: (Int32) -> Bool
    private(set) var unsupported = false
    /// A node to watch (value-used-after-send's later use): whether some path reaches it after
    /// the event happened.
    var probe: Int32 = -1
    private(set) var probeReachedAfterEvent = false

    init(tree: SyntaxTree, isEvent: @escaping (Int32) -> Bool) {
        self.tree = tree
        self.isEvent = isEvent
    }

    /// The paths of a function body.
    mutating func outcomes(ofBody body: Int32) -> Paths {
        block(tree.statements(of: body), [0: body], depth: 0)
    }

    /// Count → the node to point at.
    typealias States = [UInt8: Int32]

    struct Paths {
        /// Paths that run on after the statements.
        var open: States = [:]
        /// Paths that left the function (`return`, `throw`).
        var exited: States = [:]
        /// Paths that left through `break`/`continue` to the enclosing loop or switch.
        var jumped: States = [:]
    }

    static func merge(_ a: inout States, _ b: States) {
        for (k, v) in b where a[k] == nil { a[k] = v }
    }

    static func add(_ states: States, _ delta: UInt8, site: Int32) -> States {
        var out: States = [:]
        for (k, v) in states {
            let c = min(2, k + delta)
            // The second event is the one to point at.
            let s = delta > 0 && c == 2 && k < 2 ? site : v
            if out[c] == nil { out[c] = s }
        }
        return out
    }

    /// The final states of a closure's body (paths that fall off its end or return).
    mutating func outcomes(ofClosure closure: Int32) -> States {
        var paths = block(tree.statements(of: closure), [0: closure], depth: 0)
        Self.merge(&paths.open, paths.exited)
        Self.merge(&paths.open, paths.jumped)
        return paths.open
    }

    mutating func block(_ statements: [Int32], _ input: States, depth: Int) -> Paths {
        guard depth < 64 else {
            unsupported = true
            return Paths(open: input)
        }
        var paths = Paths(open: input)
        var defers: [Int32] = []
        for s in statements {
            if paths.open.isEmpty { break }
            if tree[s].kind == .deferStmt {
                defers.append(s)
                continue
            }
            // Paths that leave after a defer run it too.
            let step = statement(s, paths.open, depth: depth + 1)
            paths.open = step.open
            var exited = step.exited
            var jumped = step.jumped
            for d in defers.reversed() {
                exited = deferred(d, exited, depth: depth)
                jumped = deferred(d, jumped, depth: depth)
            }
            Self.merge(&paths.exited, exited)
            Self.merge(&paths.jumped, jumped)
        }
        for d in defers.reversed() { paths.open = deferred(d, paths.open, depth: depth) }
        return paths
    }

    mutating func deferred(_ d: Int32, _ states: States, depth: Int) -> States {
        guard !states.isEmpty, let body = tree.firstChild(d, kind: .codeBlock) else { return states }
        var p = block(tree.statements(of: body), states, depth: depth + 1)
        Self.merge(&p.open, p.exited)
        return p.open
    }

    mutating func statement(_ s: Int32, _ input: States, depth: Int) -> Paths {
        let node = tree[s]
        switch node.kind {
        case .returnStmt, .throwStmt:
            var states = input
            for c in tree.children(s) { states = expression(c, states, depth: depth) }
            // The path ends here: point at the `return` when nothing happened on it.
            var exited: States = [:]
            for (k, v) in states { exited[k] = k == 0 ? s : v }
            return Paths(exited: exited)
        case .breakStmt, .continueStmt:
            var jumped: States = [:]
            for (k, v) in input { jumped[k] = k == 0 ? s : v }
            return Paths(jumped: jumped)
        case .ifStmt:
            var states = input
            var thenBlock: Int32?
            var elseNode: Int32?
            for c in tree.children(s) {
                switch tree[c].kind {
                case .codeBlock where thenBlock == nil: thenBlock = c
                case .codeBlock, .ifStmt: elseNode = c
                case .optionalBinding: for e in tree.children(c) { states = expression(e, states, depth: depth) }
                default: states = expression(c, states, depth: depth)
                }
            }
            var result = thenBlock.map { block(tree.statements(of: $0), states, depth: depth) } ?? Paths(open: states)
            if let elseNode {
                let other =
                    tree[elseNode].kind == .ifStmt
                    ? statement(elseNode, states, depth: depth + 1)
                    : block(tree.statements(of: elseNode), states, depth: depth)
                Self.merge(&result.open, other.open)
                Self.merge(&result.exited, other.exited)
                Self.merge(&result.jumped, other.jumped)
            } else {
                // No `else`: the condition may be false. Point at the `if`.
                var skipped: States = [:]
                for (k, v) in states { skipped[k] = k == 0 ? s : v }
                Self.merge(&result.open, skipped)
            }
            return result
        case .guardStmt:
            var states = input
            var elseBlock: Int32?
            for c in tree.children(s) {
                switch tree[c].kind {
                case .codeBlock: elseBlock = c
                case .optionalBinding: for e in tree.children(c) { states = expression(e, states, depth: depth) }
                default: states = expression(c, states, depth: depth)
                }
            }
            var result = Paths(open: states)
            if let elseBlock {
                let other = block(tree.statements(of: elseBlock), states, depth: depth)
                // `guard … else` must leave: whatever falls through has left.
                Self.merge(&result.exited, other.open)
                Self.merge(&result.exited, other.exited)
                Self.merge(&result.jumped, other.jumped)
            }
            return result
        case .switchStmt:
            var states = input
            var result = Paths()
            var sawCase = false
            for c in tree.children(s) {
                if tree[c].kind == .switchCase {
                    sawCase = true
                    let body = tree.firstChild(c, kind: .codeBlock)
                    let p = body.map { block(tree.statements(of: $0), states, depth: depth) } ?? Paths(open: states)
                    Self.merge(&result.open, p.open)
                    Self.merge(&result.open, p.jumped)
                    Self.merge(&result.exited, p.exited)
                } else if !sawCase {
                    states = expression(c, states, depth: depth)
                }
            }
            // Without cases (half-typed), the switch does nothing.
            if !sawCase { result.open = states }
            return result
        case .doStmt:
            var result = Paths()
            var catchInput = input
            if let body = tree.firstChild(s, kind: .codeBlock) {
                // A `catch` starts from the state before any statement that can throw.
                var p = Paths(open: input)
                var defers: [Int32] = []
                for st in tree.statements(of: body) {
                    if p.open.isEmpty { break }
                    if containsTry(st) { Self.merge(&catchInput, p.open) }
                    if tree[st].kind == .deferStmt {
                        defers.append(st)
                        continue
                    }
                    let step = statement(st, p.open, depth: depth + 1)
                    p.open = step.open
                    Self.merge(&p.exited, step.exited)
                    Self.merge(&p.jumped, step.jumped)
                }
                for d in defers.reversed() { p.open = deferred(d, p.open, depth: depth) }
                result = p
            }
            let catches = tree.children(s, kind: .catchClause)
            for c in catches {
                // A path that enters the `catch` without the event: point at the `catch`.
                var entry: States = [:]
                for (k, v) in catchInput { entry[k] = k == 0 ? c : v }
                let body = tree.firstChild(c, kind: .codeBlock)
                let p = body.map { block(tree.statements(of: $0), entry, depth: depth) } ?? Paths(open: entry)
                Self.merge(&result.open, p.open)
                Self.merge(&result.exited, p.exited)
                Self.merge(&result.jumped, p.jumped)
            }
            return result
        case .forStmt, .whileStmt, .repeatStmt:
            var states = input
            var body: Int32?
            for c in tree.children(s) {
                if tree[c].kind == .codeBlock {
                    body = c
                } else if tree[c].kind != .pattern {
                    states = expression(c, states, depth: depth)
                }
            }
            guard let body else { return Paths(open: states) }
            // Zero (not for `repeat`), one or two passes: enough to see "never" and "twice".
            let once = block(tree.statements(of: body), states, depth: depth)
            var again = once.open
            Self.merge(&again, once.jumped)
            let twice = block(tree.statements(of: body), again, depth: depth)
            var result = Paths()
            if node.kind != .repeatStmt {
                // The loop may not run at all: point at it for a path without the event.
                for (k, v) in states { result.open[k] = k == 0 ? s : v }
            }
            Self.merge(&result.open, once.open)
            Self.merge(&result.open, once.jumped)
            Self.merge(&result.open, twice.open)
            Self.merge(&result.open, twice.jumped)
            Self.merge(&result.exited, once.exited)
            Self.merge(&result.exited, twice.exited)
            return result
        case .ifConfig:
            // Every `#if` branch may be the one compiled.
            var result = Paths()
            var hasElse = false
            for clause in tree.children(s, kind: .ifConfigClause) {
                if tree.token(at: tree[clause].keyword).keyword == .poundElse { hasElse = true }
                let p = block(Array(tree.children(clause).filter { tree[$0].kind != .attribute }), input, depth: depth)
                Self.merge(&result.open, p.open)
                Self.merge(&result.exited, p.exited)
                Self.merge(&result.jumped, p.jumped)
            }
            if !hasElse { Self.merge(&result.open, input) }
            return result
        case .funcDecl, .classDecl, .structDecl, .enumDecl, .actorDecl:
            if tree.subtree(s).contains(where: isEvent) { unsupported = true }
            return Paths(open: input)
        case .codeBlock:
            return block(tree.statements(of: s), input, depth: depth)
        default:
            return Paths(open: expression(s, input, depth: depth))
        }
    }

    func containsTry(_ n: Int32) -> Bool {
        tree.subtree(n).contains { tree[$0].kind == .tryExpr }
    }

    /// The effect of an expression (or a declaration's initializers): events directly in it,
    /// and those of the closures it passes to calls.
    mutating func expression(_ e: Int32, _ input: States, depth: Int) -> States {
        // The probe, reached on a path where the event already happened (in this expression's
        // own code, or in a closure it passes: either runs after what came before).
        if probe >= 0, !probeReachedAfterEvent, input.keys.contains(where: { $0 >= 1 }),
            tree.range(of: e).contains(tree.start(probe))
        {
            probeReachedAfterEvent = true
        }
        var direct: [Int32] = []
        var callbacks: [(closure: Int32, call: Int32?)] = []
        var stack: [Int32] = [e]
        var steps = 0
        while let n = stack.popLast(), steps < 100_000 {
            steps += 1
            if tree[n].kind == .closure {
                callbacks.append((n, tree.callReceiving(closure: n)))
                continue
            }
            if tree[n].kind == .funcDecl {
                if tree.subtree(n).contains(where: isEvent) { unsupported = true }
                continue
            }
            if isEvent(n) { direct.append(n) }
            stack.append(contentsOf: tree.children(n))
        }
        let withEvents = callbacks.filter { c in tree.subtree(c.closure).contains(where: isEvent) }
        // Two events in one expression (a ternary), or one beside a callback: not followed.
        if direct.count > 1 || (!direct.isEmpty && !withEvents.isEmpty) { unsupported = true }
        var states = input
        if let d = direct.first { states = Self.add(states, 1, site: d) }
        guard !withEvents.isEmpty else { return states }
        // Callbacks of different calls (two alert actions, success and failure handlers) are
        // alternatives: exactly one of them runs.
        var result: States = [:]
        for cb in withEvents {
            guard let call = cb.call else {
                // A closure stored or returned, to be called who knows when.
                unsupported = true
                return states
            }
            var inner = EventFlow(tree: tree, isEvent: isEvent)
            let outcomes = inner.outcomes(ofClosure: cb.closure)
            if inner.unsupported { unsupported = true }
            var deltas = outcomes
            let name = tree.calleeName(of: call) ?? ""
            if KnowledgeBase.repeatingClosureCalls.contains(name) {
                if outcomes.keys.contains(where: { $0 >= 1 }) {
                    if deltas[0] == nil { deltas[0] = call }
                    // Once per element: the event itself happens again.
                    if deltas[2] == nil { deltas[2] = tree.subtree(cb.closure).first(where: isEvent) ?? call }
                }
            } else if isOptionalChained(call) {
                if deltas[0] == nil { deltas[0] = call }
            }
            for (delta, site) in deltas {
                for (k, v) in states {
                    let c = min(2, k + delta)
                    let s = delta == 0 ? (k == 0 ? site : v) : (c == 2 && k < 2 ? site : v)
                    if result[c] == nil { result[c] = s }
                }
            }
        }
        return result
    }

    /// `engine?.prepare { … }`: the callee's chain has a `?`, so the call may not happen.
    func isOptionalChained(_ call: Int32) -> Bool {
        guard let callee = tree.callee(of: call) else { return false }
        let n = tree[callee]
        return (n.firstToken..<n.endToken).contains { tree.token(at: $0).kind == .postfixQuestion }
    }
}

extension SemanticModel {
    /// Whether `later` may run after `earlier` has run, over the structured statements of a
    /// function body (`EventFlow`, the analysis continuation-misuse counts resumes with):
    /// `if`/`else` arms and `switch` cases exclude each other, paths that `return` or `throw`
    /// end, a loop's body runs again. Nil when the flow cannot be followed (a nested function
    /// holding `earlier`, two sends in one expression): the caller reports nothing then.
    public func mayRunAfter(_ later: Int32, _ earlier: Int32, in body: Int32) -> Bool? {
        var flow = EventFlow(tree: tree) { $0 == earlier }
        flow.probe = later
        _ = flow.outcomes(ofBody: body)
        if flow.unsupported { return nil }
        return flow.probeReachedAfterEvent
    }
}
