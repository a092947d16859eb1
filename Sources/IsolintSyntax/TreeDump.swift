/// `isolint dump tree` / `dump tokens`: debugging views of the parser's output.
public enum TreeDump {
    public static func tokens(_ tree: SyntaxTree) -> String {
        var s = ""
        for (i, t) in tree.tokens.enumerated() {
            let (line, column) = tree.source.lineColumn(of: Int(t.start))
            let kw = t.keyword == .none ? "" : " \(t.keyword)"
            s += "\(i)\t\(line):\(column)\t\(t.kind)\(kw)\t\(tree.text(token: Int32(i)).debugDescription)\n"
        }
        return s
    }

    /// Indented tree, iteratively (no recursion on input depth).
    public static func tree(_ tree: SyntaxTree) -> String {
        var s = ""
        var stack: [(node: Int32, depth: Int)] = [(tree.root, 0)]
        while let (node, depth) = stack.popLast() {
            let n = tree[node]
            let (line, column) = tree.source.lineColumn(of: tree.range(of: node).lowerBound)
            var label = "\(n.kind)"
            if n.name >= 0 { label += " name=\(tree.text(token: n.name).debugDescription)" }
            if n.flags.rawValue != 0 { label += " flags=0x\(String(n.flags.rawValue, radix: 16))" }
            s += String(repeating: "  ", count: depth) + "\(label) @\(line):\(column)\n"
            for c in tree.children(node).reversed() { stack.append((c, depth + 1)) }
        }
        return s
    }
}
