import IsolintSyntax

/// Whether code at one point can run after code at another, over the structured statements of
/// one function: `if`/`else` arms and `switch` cases exclude each other, an arm that ends in
/// `return`/`throw` (or a `guard`'s `else`) does not flow on, and a loop's body runs again
/// after itself. Used by value-used-after-send; a sibling of `EventFlow`, which counts events
/// along the same statements.
extension SemanticModel {
    /// Whether `later` may run after `earlier` has run, inside `body` (the function's block).
    public func mayRunAfter(_ later: Int32, _ earlier: Int32, in body: Int32) -> Bool {
        let laterStart = tree.start(later)
        // Leaving `earlier`'s arms upward: each arm not holding `later` must flow on.
        var n = earlier
        var steps = 0
        while n >= 0, n != body, steps < 4096 {
            steps += 1
            let parent = tree[n].parent
            guard parent >= 0 else { break }
            if tree.range(of: parent).contains(laterStart) {
                // The common ancestor: sibling arms of one `if`/`switch` exclude each other;
                // a loop runs its body again, so anything in it may follow.
                if isBranchArm(n, of: parent) { return isLoopAround(parent, upTo: body) }
                if isLoop(parent) { return true }
                return laterStart >= tree.range(of: earlier).upperBound || isLoopAround(parent, upTo: body)
            }
            if isBranchArm(n, of: parent) || tree[n].kind == .codeBlock, endsByLeaving(n, after: earlier) {
                return false
            }
            n = parent
        }
        return laterStart >= tree.range(of: earlier).upperBound
    }

    /// `then`/`else` blocks of an `if`, cases of a `switch`, the `else` of a `guard`.
    func isBranchArm(_ node: Int32, of parent: Int32) -> Bool {
        switch tree[parent].kind {
        case .ifStmt: return tree[node].kind == .codeBlock || tree[node].kind == .ifStmt
        case .switchStmt: return tree[node].kind == .switchCase
        case .guardStmt: return tree[node].kind == .codeBlock
        default: return false
        }
    }

    func isLoop(_ node: Int32) -> Bool { [.forStmt, .whileStmt, .repeatStmt].contains(tree[node].kind) }

    /// Whether a loop encloses `node` inside `body`.
    func isLoopAround(_ node: Int32, upTo body: Int32) -> Bool {
        var n = node
        var steps = 0
        while n >= 0, n != body, steps < 4096 {
            steps += 1
            if isLoop(n) { return true }
            if [.closure, .funcDecl, .initDecl].contains(tree[n].kind) { return false }
            n = tree[n].parent
        }
        return false
    }

    /// Whether a block (or a guard's `else`) leaves the function after `point`: a top-level
    /// `return` or `throw` after it, or any guard `else`.
    func endsByLeaving(_ block: Int32, after point: Int32) -> Bool {
        if tree[tree[block].parent].kind == .guardStmt { return true }
        let pointEnd = tree.range(of: point).upperBound
        let statements =
            tree[block].kind == .switchCase ? Array(tree.children(block)) : Array(tree.statements(of: block))
        return statements.contains { s in
            (tree[s].kind == .returnStmt || tree[s].kind == .throwStmt) && tree.start(s) >= pointEnd
        }
    }
}
