/// `isolint dump decls`: one line per declaration and closure, `KIND<TAB>LINE:COL<TAB>NAME`,
/// in source order, positioned like `swiftc -dump-parse` positions them (the introducer
/// keyword; each bound name for var/let and enum elements; the `{` of a closure).
public enum DeclDump {
    public struct Entry: Sendable, Equatable {
        public var kind: String
        public var offset: Int
        public var name: String
    }

    public static func entries(_ tree: SyntaxTree) -> [Entry] {
        var out: [Entry] = []
        for (index, node) in tree.nodes.enumerated() {
            let i = Int32(index)
            func add(_ kind: String, _ token: Int32, _ name: String) {
                guard token >= 0 else { return }
                out.append(Entry(kind: kind, offset: Int(tree.tokens[Int(token)].start), name: name))
            }
            switch node.kind {
            case .importDecl: add("import", node.keyword, importPath(tree, i))
            case .classDecl: add("class", node.keyword, tree.name(of: i))
            case .structDecl: add("struct", node.keyword, tree.name(of: i))
            case .enumDecl: add("enum", node.keyword, tree.name(of: i))
            case .actorDecl: add("actor", node.keyword, tree.name(of: i))
            case .protocolDecl: add("protocol", node.keyword, tree.name(of: i))
            case .extensionDecl: add("extension", node.keyword, extendedTypeText(tree, i))
            case .funcDecl: add("func", node.keyword, fullName(tree, i, base: tree.name(of: i)))
            case .initDecl: add("init", node.keyword, fullName(tree, i, base: "init"))
            case .deinitDecl: add("deinit", node.keyword, "deinit")
            case .subscriptDecl: add("subscript", node.keyword, fullName(tree, i, base: "subscript"))
            case .typealiasDecl: add("typealias", node.keyword, tree.name(of: i))
            case .associatedtypeDecl: add("associatedtype", node.keyword, tree.name(of: i))
            case .enumElement:
                let base = tree.name(of: i)
                add(
                    "case", node.name,
                    tree.firstChild(i, kind: .parameterClause) == nil ? base : fullName(tree, i, base: base))
            case .closure: add("closure", node.firstToken, "")
            case .binding:
                let decl = tree.nodes[Int(node.parent)]
                let kind = decl.flags.contains(.isLet) ? "let" : "var"
                if node.name >= 0 {
                    if !tree.token(node.name, is: "_") { add(kind, node.name, tree.name(of: i)) }
                } else {
                    for c in tree.children(i, kind: .patternName) where !tree.token(tree[c].name, is: "_") {
                        add(kind, tree[c].name, tree.name(of: c))
                    }
                }
            default:
                break
            }
        }
        out.sort { $0.offset < $1.offset }
        return out
    }

    public static func render(_ tree: SyntaxTree) -> String {
        var s = ""
        for e in entries(tree) {
            let (line, column) = tree.source.lineColumn(of: e.offset)
            s += "\(e.kind)\t\(line):\(column)\t\(e.name)\n"
        }
        return s
    }

    /// The extended type as written (`Swift.Dictionary`, `[Element]`), without attributes.
    static func extendedTypeText(_ tree: SyntaxTree, _ i: Int32) -> String {
        guard let ty = tree.firstChild(i, kind: .type) else { return tree.name(of: i) }
        return tree.text(of: ty)
    }

    static func importPath(_ tree: SyntaxTree, _ i: Int32) -> String {
        let n = tree[i]
        var parts: [String] = []
        var k = n.name
        while k >= 0, k < n.endToken {
            let t = tree.tokens[Int(k)]
            if t.kind == .period { k += 1; continue }
            if !t.isWord && t.kind != .operator { break }
            parts.append(tree.text(token: k))
            k += 1
        }
        return parts.joined(separator: ".")
    }

    /// `name(label:_:)` from the parameter clause, as the compiler names functions.
    static func fullName(_ tree: SyntaxTree, _ i: Int32, base: String) -> String {
        guard let clause = tree.firstChild(i, kind: .parameterClause) else { return base }
        var s = base + "("
        // Subscript and operator parameters have no argument label unless they spell one.
        let firstNameIsLabel =
            !(tree[i].kind == .subscriptDecl
            || (tree[i].name >= 0 && tree.tokens[Int(tree[i].name)].kind != .identifier
                && tree.tokens[Int(tree[i].name)].kind != .keyword))
        for p in tree.children(clause, kind: .parameter) {
            let node = tree[p]
            if node.name >= 0, firstNameIsLabel || node.keyword >= 0 {
                s += tree.text(token: node.name) + ":"
            } else {
                s += "_:"
            }
        }
        return s + ")"
    }
}
