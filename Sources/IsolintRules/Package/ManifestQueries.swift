import IsolintSyntax

/// Settings a manifest adds to every target after declaring them, in statements such as
/// `for target in package.targets { target.swiftSettings = (target.swiftSettings ?? []) + shared }`.
public struct ManifestWideSettings: Sendable, Equatable {
    public var upcomingFeatures: Set<String> = []
    public var experimentalFeatures: Set<String> = []
    public var languageMode: Int?
    public init() {}
}

extension PackageManifest {
    /// The targets of this package a target depends on directly (`"Name"` and `.byName` that
    /// name a target here, `.target(name:)`); products of other packages are left out.
    public func localDependencies(of target: Target) -> [(dependency: Reference, target: Target)] {
        target.references.compactMap { d in
            guard d.kind != .product, let t = targets.first(where: { $0.name == d.name }) else { return nil }
            return (d, t)
        }
    }

    /// Whether every setting of a target's `swiftSettings:` could be read: array literals,
    /// file-scope variables and `+` concatenations of them. A call of a helper function
    /// (`swiftSettings(languageMode: .v5)`) or a name the manifest does not define cannot.
    public func swiftSettingsAreKnown(_ target: Target) -> Bool {
        guard let node = target.swiftSettingsNode else { return true }
        let variables = PackageManifest.fileScopeValues(tree)
        var stack: [(Int32, Int)] = [(node, 0)]
        while let (n, depth) = stack.popLast() {
            switch tree[n].kind {
            case .arrayExpr:
                for element in tree.children(n, kind: .argument) {
                    guard let e = tree.value(of: element), tree[e].kind == .call, let c = tree.callee(of: e),
                        tree[c].kind == .memberAccess
                    else { return false }
                }
            case .sequenceExpr:
                for (k, c) in tree.children(n).enumerated() {
                    // Operands joined by `+`.
                    if k + 1 < tree.children(n).count, tree.text(token: tree[c].endToken) != "+" { return false }
                    stack.append((c, depth))
                }
            case .identifierExpr:
                guard depth < 4, let v = variables[tree.name(of: n)] else { return false }
                stack.append((v, depth + 1))
            default:
                return false
            }
        }
        return true
    }

    /// StrictConcurrency enabled in full: the upcoming feature, or the experimental feature with
    /// no level or `=complete` (`=targeted` and `=minimal` check less), for the target or the
    /// whole package.
    public func hasCompleteChecking(_ target: Target) -> Bool {
        TargetConcurrency.checking(features: features(of: target)) == .complete
    }

    /// The upcoming and experimental features a target compiles with: its own and those the
    /// manifest adds to every target.
    public func features(of target: Target) -> Set<String> {
        target.upcomingFeatures.union(target.experimentalFeatures).union(manifestWideSettings.upcomingFeatures)
            .union(manifestWideSettings.experimentalFeatures)
    }

    /// Byte range of the version in the first line (`6.0` in `// swift-tools-version: 6.0`).
    public var toolsVersionRange: Range<Int>? {
        let bytes = tree.source.bytes
        let lineEnd = bytes.firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
        let marker = Array("swift-tools-version:".utf8)
        guard lineEnd >= marker.count else { return nil }
        var i = 0
        while i + marker.count <= lineEnd {
            if Array(bytes[i..<(i + marker.count)]) == marker { break }
            i += 1
        }
        guard i + marker.count <= lineEnd else { return nil }
        var start = i + marker.count
        while start < lineEnd, bytes[start] == 0x20 { start += 1 }
        var end = start
        while end < lineEnd, bytes[end] == UInt8(ascii: ".") || (bytes[end] >= 0x30 && bytes[end] <= 0x39) { end += 1 }
        return end > start ? start..<end : nil
    }

    /// Statements outside the package's declaration that assign or extend `swiftSettings`
    /// (usually a loop over `package.targets`): the settings they add, through file-scope
    /// variables one level deep. Conditions inside them are not evaluated.
    static func readManifestWideSettings(_ tree: SyntaxTree, variables: [String: Int32]) -> ManifestWideSettings {
        var out = ManifestWideSettings()
        var items: Set<Int32> = []
        for (i, n) in tree.nodes.enumerated() where n.kind == .memberAccess {
            guard tree.token(n.name, is: "swiftSettings") else { continue }
            var item = Int32(i)
            var steps = 0
            while item >= 0, !tree.isFileScope(item), steps < 256 {
                item = tree[item].parent
                steps += 1
            }
            if item >= 0, tree.isFileScope(item) { items.insert(item) }
        }
        for item in items.sorted() {
            var roots = [item]
            for n in tree.subtree(item) where tree[n].kind == .identifierExpr {
                if let v = variables[tree.name(of: n)] { roots.append(v) }
            }
            for root in roots {
                for c in tree.subtree(root) where tree[c].kind == .call {
                    guard let callee = tree.callee(of: c), tree[callee].kind == .memberAccess,
                        isActive(c, in: tree)
                    else { continue }
                    let arg = tree.arguments(of: c).first.flatMap { tree.value(of: $0) }
                    switch tree.name(of: callee) {
                    case "enableUpcomingFeature":
                        if let f = arg.flatMap({ stringLiteral(tree, $0) }) { out.upcomingFeatures.insert(f) }
                    case "enableExperimentalFeature":
                        if let f = arg.flatMap({ stringLiteral(tree, $0) }) { out.experimentalFeatures.insert(f) }
                    case "swiftLanguageMode", "swiftLanguageVersion":
                        if let a = arg { out.languageMode = languageModes(in: tree.text(of: a)).first }
                    default:
                        break
                    }
                }
            }
        }
        return out
    }

    /// Whether a node is in code the toolchain compiles: every `#if compiler(…)` / `#if swift(…)`
    /// around it holds for the toolchain isolint assumes. Other conditions are not evaluated
    /// (the code counts as compiled).
    static func isActive(_ node: Int32, in tree: SyntaxTree) -> Bool {
        var p = tree[node].parent
        var steps = 0
        while p >= 0, steps < 256 {
            steps += 1
            if tree[p].kind == .ifConfigClause, clauseIsActive(p, in: tree) == false { return false }
            p = tree[p].parent
        }
        return true
    }

    /// A clause is active when its condition holds and no earlier clause's does; nil when a
    /// condition cannot be evaluated.
    static func clauseIsActive(_ clause: Int32, in tree: SyntaxTree) -> Bool? {
        let group = tree[clause].parent
        guard tree[group].kind == .ifConfig else { return nil }
        for c in tree.children(group, kind: .ifConfigClause) {
            let directive = tree.text(token: tree[c].keyword)
            let holds: Bool?
            if directive == "#else" {
                holds = true
            } else {
                holds = evaluateCondition(conditionText(c, in: tree))
            }
            if c == clause { return holds }
            switch holds {
            case true: return false
            case nil: return nil
            default: continue
            }
        }
        return nil
    }

    /// The condition written after `#if`/`#elseif`, on the directive's line.
    static func conditionText(_ clause: Int32, in tree: SyntaxTree) -> String {
        let keyword = tree[clause].keyword
        guard keyword >= 0 else { return "" }
        let line = tree.source.line(of: tree.startOf(token: keyword))
        var out = ""
        var k = keyword + 1
        while k < tree[clause].endToken, tree.source.line(of: tree.startOf(token: k)) == line {
            out += tree.text(token: k)
            k += 1
        }
        return out
    }

    /// `compiler(<6.2)`, `swift(>=5.9)`, `!compiler(>=6)` against the assumed toolchain; nil
    /// for anything else.
    static func evaluateCondition(_ text: String) -> Bool? {
        var t = Substring(text)
        var negated = false
        if t.hasPrefix("!") {
            negated = true
            t = t.dropFirst()
        }
        guard t.hasPrefix("compiler(") || t.hasPrefix("swift("), t.hasSuffix(")"),
            let open = t.firstIndex(of: "(")
        else { return nil }
        var inner = t[t.index(after: open)..<t.index(before: t.endIndex)]
        let op = inner.hasPrefix(">=") || inner.hasPrefix("<=") ? String(inner.prefix(2)) : String(inner.prefix(1))
        guard op == ">=" || op == "<" || op == "<=" || op == ">" else { return nil }
        inner = inner.dropFirst(op.count)
        let parts = inner.split(separator: ".").compactMap { Int($0) }
        guard !parts.isEmpty else { return nil }
        let version = ToolsVersion(major: parts[0], minor: parts.count > 1 ? parts[1] : 0)
        let toolchain = KnowledgeBase.assumedToolchain
        let result: Bool
        switch op {
        case ">=": result = toolchain >= version
        case "<": result = toolchain < version
        case "<=": result = toolchain <= version
        default: result = toolchain > version
        }
        return negated ? !result : result
    }
}
