import IsolintSyntax

/// Where a target with default MainActor isolation uses its own value types off the main actor:
/// the question main-actor-value-type-used-off-main asks of the whole target. Recorded per file
/// in the index, by type name.
extension IndexBuilder {
    /// Type names used (written as types, or named in expressions) in `nonisolated` and
    /// `@concurrent` functions, in actors' members and in `Task.detached` closures, each with
    /// the first place that uses it, in words.
    static func offMainTypeUses(_ tree: SyntaxTree, _ part: WorkspaceIndex, settings: TargetSettings)
        -> [String: String]
    {
        guard settings.defaultIsolationMainActor else { return [:] }
        var regions: [(Int32, String)] = []
        // One model, made when first needed: its caches (the file's local scopes above all) serve
        // every question after (a model per question built them again for each name).
        var made: SemanticModel?
        func model() -> SemanticModel {
            if let made { return made }
            var p = part
            p.finalize()
            let m = SemanticModel(tree: tree, index: p, settings: settings)
            made = m
            return m
        }
        var covered: [Range<Int>] = []
        for (i, node) in tree.nodes.enumerated() {
            let n = Int32(i)
            let range = tree.range(of: n)
            if covered.contains(where: { $0.contains(range.lowerBound) }) { continue }
            switch node.kind {
            case .actorDecl:
                regions.append((n, "actor \(tree.name(of: n))"))
                covered.append(range)
            case .funcDecl, .initDecl:
                // Cheap test first: only declarations that say `nonisolated` or `@concurrent`, or
                // sit in a type that does, can be off the main actor here.
                guard
                    tree.hasModifier(n, "nonisolated") || tree.attributeNames(of: n).contains("concurrent")
                        || tree.ancestors(n).contains(where: { tree.hasModifier($0, "nonisolated") })
                else { continue }
                let iso = model().isolation.compilerIsolation(at: tree.firstChild(n, kind: .codeBlock) ?? n)
                guard iso.kind == .nonisolated || iso.kind == .concurrent else { continue }
                let what = iso.kind == .concurrent ? "@concurrent" : "nonisolated"
                regions.append((n, "\(what) function \(tree.name(of: n))"))
                covered.append(range)
            case .call:
                guard let callee = tree.callee(of: n), tree.name(of: callee, is: "detached"),
                    model().taskKind(of: n) == .detached, let closure = model().taskClosure(of: n)
                else { continue }
                regions.append((closure, "a Task.detached closure"))
                covered.append(tree.range(of: closure))
            default:
                continue
            }
        }
        var out: [String: String] = [:]
        func add(_ name: String, _ description: String) {
            guard let first = name.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else { return }
            if out[name] == nil { out[name] = description }
        }
        for (region, description) in regions {
            for n in tree.subtree(region) {
                switch tree[n].kind {
                case .type:
                    // Every name a written type holds: `[Row]`, `[Filter: Int]`, `Row?`.
                    for k in tree[n].firstToken..<tree[n].endToken where tree.token(at: k).kind == .identifier {
                        add(tree.text(token: k), description)
                    }
                case .identifierExpr where tree[n].name >= 0:
                    let name = tree.name(of: n)
                    add(name, description)
                    // A value the region uses: its declared type is used there too (`input.sorted()`
                    // in a detached task uses `[SortKey]`'s Comparable conformance).
                    if let b = model().resolveLocal(name, at: n), !tree.range(of: region).contains(tree.start(b.node)),
                        let type = tree.firstChild(b.node, kind: .type)
                    {
                        for k in tree[type].firstToken..<tree[type].endToken where tree.token(at: k).kind == .identifier
                        {
                            add(tree.text(token: k), description)
                        }
                    }
                default:
                    continue
                }
            }
        }
        return out
    }
}
