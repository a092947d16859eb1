import IsolintSyntax

/// A name a function or closure binds: a parameter, a local `let`/`var`, an `if let`/`guard let`,
/// a pattern variable, a capture-list entry, `catch`'s implicit `error`, a local function.
public struct LocalBinding: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case parameter, closureParameter, local, optionalBinding, pattern, capture, caughtError, localFunction
    }
    public var name: String
    public var kind: Kind
    /// The declaring node (parameter, binding, patternName, optionalBinding, pattern, captureItem…).
    public var node: Int32
    /// The node whose subtree sees the name.
    public var scope: Int32
    /// The name is visible from this byte offset on (a local is not visible before its declaration).
    public var visibleFrom: Int
    /// `var` (a mutable local), as opposed to `let`, a parameter or a pattern constant.
    public var isVar: Bool
    /// `[weak x]` / `[unowned x]` capture entries.
    public var isWeak: Bool
}

/// What a closure captures from outside it.
public struct Capture: Sendable, Equatable {
    public var name: String
    /// The outer binding it refers to; nil for `self` (explicit or implicit).
    public var binding: LocalBinding?
    public var isSelf: Bool
    /// Every reference inside the closure, in source order.
    public var references: [Int32]
}

/// Scopes and bindings of one top-level item, computed on first use (`SemanticModel.bindings(at:)`).
public struct LocalScopes: Sendable {
    /// Every binding, grouped by scope; within a scope in source order.
    private let bindings: [LocalBinding]
    /// The scopes with bindings, ascending, and where each one's bindings start in `bindings`
    /// (then where the next one's do; the last entry is `bindings.count`). Looked up by binary
    /// search: a dictionary by scope cost more to fill than the bindings did to find.
    private let scopes: [Int32]
    private let scopeStarts: [Int]
    /// The scopes with bindings as bits, from node `scopeBase` on: a walk up from a use asks it of
    /// every ancestor before searching `scopes` (most ancestors bind nothing).
    private let scopeBase: Int32
    private let scopeBits: [UInt64]

    /// The scopes of the nodes `range` (a top-level item's: every scope of a binding is among
    /// them, so `resolve` at one of them needs no other).
    init(_ tree: SyntaxTree, nodes range: Range<Int32>) {
        // Gathered in one array, grouped once at the end (appending to one array per scope in a
        // dictionary cost more than finding the bindings). A value, not a variable captured by
        // local functions: that one was boxed, and every append checked its exclusive access.
        var found = Found()
        for n in range {
            let node = tree[n]
            switch node.kind {
            case .parameter:
                let clause = node.parent
                guard tree[clause].kind == .parameterClause else { continue }
                let owner = tree[clause].parent
                let ownerKind = tree[owner].kind
                switch ownerKind {
                case .funcDecl, .initDecl, .subscriptDecl, .closure: break
                default: continue
                }
                var name = tree.text(token: node.keyword >= 0 ? node.keyword : node.name)
                // `{ (p: Int, q) in }`: an untyped closure parameter parses as a type.
                if node.name < 0, ownerKind == .closure, let ty = tree.firstChild(n, kind: .type) {
                    name = tree.name(of: ty)
                }
                found.add(name, ownerKind == .closure ? .closureParameter : .parameter, node: n, scope: owner, from: 0)
            case .closureParam:
                found.add(tree.name(of: n), .closureParameter, node: n, scope: node.parent, from: 0)
            case .captureItem:
                let closure = tree.enclosing(n, [.closure]) ?? -1
                let weak = node.keyword >= 0
                found.add(tree.name(of: n), .capture, node: n, scope: closure, from: 0, weak: weak)
            case .binding:
                let decl = node.parent
                guard tree[decl].kind == .varDecl, LocalScopes.isLocalScope(tree, tree[decl].parent) else { continue }
                let isVar = !tree[decl].flags.contains(.isLet)
                // Visible after its own binding: in `let value = value` the right side is an outer
                // `value`, and a local never sees itself in its initializer (Swift rejects it).
                let from = tree.range(of: n).upperBound
                if node.name >= 0 {
                    found.add(tree.name(of: n), .local, node: n, scope: tree[decl].parent, from: from, isVar: isVar)
                }
                tree.forEachChild(n, kind: .patternName) { p in
                    found.add(tree.name(of: p), .local, node: p, scope: tree[decl].parent, from: from, isVar: isVar)
                }
            case .optionalBinding:
                let stmt = node.parent
                let isVar = !node.flags.contains(.isLet)
                switch tree[stmt].kind {
                case .guardStmt:
                    // Visible after the guard, in the block holding it.
                    let block = tree[stmt].parent
                    let from = tree.range(of: stmt).upperBound
                    if node.name >= 0 {
                        found.add(tree.name(of: n), .optionalBinding, node: n, scope: block, from: from, isVar: isVar)
                    }
                    tree.forEachChild(n, kind: .pattern) { p in found.addPattern(tree, p, scope: block, from: from) }
                case .ifStmt, .whileStmt:
                    guard let body = tree.firstChild(stmt, kind: .codeBlock) else { continue }
                    if node.name >= 0 {
                        found.add(tree.name(of: n), .optionalBinding, node: n, scope: body, from: 0, isVar: isVar)
                    }
                    tree.forEachChild(n, kind: .pattern) { p in found.addPattern(tree, p, scope: body, from: 0) }
                default:
                    break
                }
            case .pattern:
                let owner = node.parent
                switch tree[owner].kind {
                case .forStmt, .switchCase, .catchClause:
                    found.addPattern(tree, n, scope: owner, from: 0, all: tree[owner].kind == .forStmt)
                default:
                    break
                }
            case .catchClause:
                if tree.firstChild(n, kind: .pattern) == nil {
                    found.add("error", .caughtError, node: n, scope: n, from: 0)
                }
            case .funcDecl:
                if LocalScopes.isLocalScope(tree, node.parent) {
                    found.add(tree.name(of: n), .localFunction, node: n, scope: node.parent, from: 0)
                }
            default:
                break
            }
        }
        let list = found.list
        let order = list.indices.sorted { (list[$0].scope, $0) < (list[$1].scope, $1) }
        bindings = order.map { list[$0] }
        var scopes: [Int32] = []
        var starts: [Int] = []
        var start = 0
        while start < bindings.count {
            let scope = bindings[start].scope
            scopes.append(scope)
            starts.append(start)
            var end = start + 1
            while end < bindings.count, bindings[end].scope == scope { end += 1 }
            start = end
        }
        starts.append(bindings.count)
        self.scopes = scopes
        scopeStarts = starts
        let base = bindings.first?.scope ?? 0
        var bits = [UInt64](repeating: 0, count: Int((bindings.last?.scope ?? base) - base) / 64 + 1)
        for scope in scopes {
            let k = Int(scope - base)
            bits[k >> 6] |= 1 << UInt64(k & 63)
        }
        scopeBase = base
        scopeBits = bits
    }

    /// The bindings an `init` finds, in the order found.
    private struct Found {
        var list: [LocalBinding] = []

        mutating func add(
            _ name: String, _ kind: LocalBinding.Kind, node: Int32, scope: Int32, from: Int, isVar: Bool = false,
            weak: Bool = false
        ) {
            guard !name.isEmpty, name != "_", scope >= 0 else { return }
            list.append(
                LocalBinding(
                    name: name, kind: kind, node: node, scope: scope, visibleFrom: from, isVar: isVar, isWeak: weak))
        }

        /// Identifiers a pattern binds: every plain identifier of a `for` pattern; in other
        /// patterns those after `let`/`var` (not enum case names, members or types after `as`/`is`).
        mutating func addPattern(_ tree: SyntaxTree, _ p: Int32, scope: Int32, from: Int, all: Bool = false) {
            let r = tree[p]
            var binding = all
            var isVar = false
            var k = r.firstToken
            while k < r.endToken {
                let t = tree.token(at: k)
                if t.keyword == .let || t.keyword == .var {
                    binding = true
                    isVar = t.keyword == .var
                } else if t.keyword == .as || t.keyword == .is {
                    k += 2
                    continue
                } else if binding, t.kind == .identifier, tree.token(at: k - 1).kind != .period,
                    tree.token(at: k + 1).kind != .lParen, tree.token(at: k + 1).kind != .period,
                    t.keyword != .in, t.keyword != .where
                {
                    add(tree.text(token: k), .pattern, node: p, scope: scope, from: from, isVar: isVar)
                } else if t.keyword == .where || t.keyword == .in {
                    break
                }
                k += 1
            }
        }
    }

    static func isLocalScope(_ tree: SyntaxTree, _ node: Int32) -> Bool {
        switch tree[node].kind {
        case .codeBlock, .closure, .switchCase: return true
        case .ifConfigClause, .ifConfig: return isLocalScope(tree, tree[node].parent)
        default: return false
        }
    }

    /// The binding `name` refers to at `node`: the innermost scope enclosing it that binds the
    /// name before that point. Stops at a type declaration (a nested type sees no locals).
    public func resolve(_ name: String, at node: Int32, in tree: SyntaxTree) -> LocalBinding? {
        let offset = tree.start(node)
        var p = node
        var steps = 0
        while p >= 0, steps < 4096 {
            steps += 1
            if hasBindings(p), let range = bindingRange(ofScope: p) {
                // The last declaration before the use wins (shadowing in the same block).
                let declared = bindings[range]
                if let b = declared.last(where: { $0.name == name && $0.visibleFrom <= offset && $0.node != node }) {
                    return b
                }
            }
            let kind = tree[p].kind
            if p != node, SyntaxTree.isTypeDecl(kind) { return nil }
            p = tree[p].parent
        }
        return nil
    }

    /// Where the bindings of scope `p` are in `bindings`; nil for a scope that binds nothing.
    private func bindingRange(ofScope p: Int32) -> Range<Int>? {
        var lo = 0
        var hi = scopes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if scopes[mid] < p { lo = mid + 1 } else { hi = mid }
        }
        guard lo < scopes.count, scopes[lo] == p, lo + 1 < scopeStarts.count else { return nil }
        return scopeStarts[lo]..<scopeStarts[lo + 1]
    }

    /// Whether node `p` is a scope some name is bound in.
    private func hasBindings(_ p: Int32) -> Bool {
        guard p >= scopeBase else { return false }
        let k = Int(p - scopeBase)
        return k >> 6 < scopeBits.count && scopeBits[k >> 6] & (1 << UInt64(k & 63)) != 0
    }

    /// What `closure` captures from outside it: outer locals it references, and `self` (written,
    /// or implied by a bare reference to a member of the enclosing type, per `isMember`).
    public func captures(of closure: Int32, in tree: SyntaxTree, isMember: (String) -> Bool) -> [Capture] {
        var order: [String] = []
        var found: [String: Capture] = [:]
        let range = tree.range(of: closure)
        for n in tree.subtree(closure) {
            let node = tree[n]
            let name: String
            var binding: LocalBinding?
            var isSelf = false
            switch node.kind {
            case .selfExpr:
                name = "self"
                isSelf = true
            case .identifierExpr:
                name = tree.name(of: n)
                if let b = resolve(name, at: n, in: tree) {
                    // Bound inside the closure: not a capture.
                    if range.contains(tree.start(b.node)) || b.scope == closure { continue }
                    binding = b
                } else if isMember(name) {
                    isSelf = true
                } else {
                    continue
                }
            default:
                continue
            }
            let key = isSelf ? "self" : name
            if found[key] == nil {
                order.append(key)
                found[key] = Capture(name: key, binding: binding, isSelf: isSelf, references: [])
            }
            found[key]?.references.append(n)
        }
        // In source order of their first use.
        return order.compactMap { found[$0] }.map { c in
            var c = c
            c.references.sort()
            return c
        }.sorted { ($0.references.first ?? 0) < ($1.references.first ?? 0) }
    }
}
