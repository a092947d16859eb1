import IsolintSyntax

/// The top-level items of a file grouped by the types they declare or extend: items that name
/// the same type (`class Store`, `extension Store`, `extension Store.Row`: the first component of
/// the name written) share a group, through `#if` blocks; every other item is a group of its own.
/// What a `TypeGroupRule` reports about a group depends on the group's items only.
enum TypeGroups {
    /// Groups of item indices, each in source order, the groups ordered by their first item.
    /// (Names are compared by their hash, without a `String`: a collision only joins two groups,
    /// which checks more together, never less.)
    static func of(_ tree: SyntaxTree) -> [[Int]] {
        let items = tree.items
        // Union-find over items that share a type name; a group's root is its first item.
        var parent = Array(items.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        var owner: [UInt64: Int] = [:]
        owner.reserveCapacity(items.count)
        var names: [UInt64] = []
        for (k, item) in items.enumerated() {
            names.removeAll(keepingCapacity: true)
            typeNames(tree, item.firstNode, into: &names)
            for name in names {
                if let other = owner[name] {
                    let a = root(other), b = root(k)
                    if a != b { parent[max(a, b)] = min(a, b) }
                } else {
                    owner[name] = k
                }
            }
        }
        var groups: [[Int]] = []
        var slot = [Int](repeating: -1, count: items.count)
        for k in items.indices {
            let r = root(k)
            if slot[r] < 0 {
                slot[r] = groups.count
                groups.append([])
            }
            groups[slot[r]].append(k)
        }
        return groups
    }

    /// The hashes of the type names an item declares or extends at its top (through `#if`
    /// clauses): a declaration's name, an extension's first word (`Store` of `Store.Row`).
    static func typeNames(_ tree: SyntaxTree, _ node: Int32, into out: inout [UInt64]) {
        var stack = [node]
        while let n = stack.popLast() {
            switch tree[n].kind {
            case .ifConfig, .ifConfigClause:
                stack.append(contentsOf: tree.children(n))
            case .extensionDecl:
                let type = tree.firstChild(n, kind: .type) ?? -1
                let first =
                    type >= 0 ? (tree[type].firstToken..<tree[type].endToken).first { tree.token(at: $0).isWord } : nil
                out.append(tree.nameHash(token: first ?? tree[n].name))
            case let kind where SyntaxTree.typeDeclKinds.contains(kind):
                out.append(tree.nameHash(token: tree[n].name))
            default:
                continue
            }
        }
    }
}
