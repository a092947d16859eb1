import Foundation
import IsolintSyntax

/// Questions rules ask of the tree, answered in one place.
extension SyntaxTree {
    static let typeDeclKinds: NodeKindSet = [
        .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl,
    ]

    /// Whether a kind is one of `typeDeclKinds` (a switch: walks up the tree ask it per step).
    @inlinable
    static func isTypeDecl(_ kind: NodeKind) -> Bool {
        switch kind {
        case .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl: return true
        default: return false
        }
    }

    /// Attribute nodes of a declaration (direct children, `#if`-wrapped ones included).
    public func attributes(of decl: Int32) -> [Int32] {
        var out: [Int32] = []
        let (first, end) = childIndices(decl)
        for i in first..<end {
            let c = child(at: i)
            switch nodes[Int(c)].kind {
            case .attribute: out.append(c)
            case .ifConfig:
                for clause in children(c) { out += children(clause, kind: .attribute) }
            default: break
            }
        }
        return out
    }

    public func attributeNames(of decl: Int32) -> [String] { attributes(of: decl).map { name(of: $0) } }

    public func hasAttribute(_ decl: Int32, _ name: StaticString) -> Bool {
        attributes(of: decl).contains { token(self[$0].name, is: name) }
    }

    public func modifiers(of decl: Int32) -> [Int32] { children(decl, kind: .modifier) }

    /// Asked of most declarations several times over: no array of modifiers is made.
    public func hasModifier(_ decl: Int32, _ name: StaticString) -> Bool {
        firstChild(decl, kind: .modifier) { token(self[$0].name, is: name) } != nil
    }

    /// The `nonisolated(unsafe)` modifier node, if any.
    public func unsafeNonisolatedModifier(_ decl: Int32) -> Int32? {
        firstChild(decl, kind: .modifier) { m in
            let n = self[m]
            return token(n.name, is: "nonisolated") && n.endToken - n.firstToken == 4 && token(n.name + 2, is: "unsafe")
        }
    }

    /// Inherited types: (inheritedType node, its type node, simple name).
    public func inheritedTypes(of decl: Int32) -> [(node: Int32, type: Int32, name: String)] {
        guard let clause = firstChild(decl, kind: .inheritanceClause) else { return [] }
        return children(clause, kind: .inheritedType).compactMap { it in
            guard let ty = firstChild(it, kind: .type) else { return nil }
            return (it, ty, name(of: ty))
        }
    }

    /// The `@unchecked` attribute of a `@unchecked Sendable` entry in the inheritance clause.
    public func uncheckedSendableAttribute(_ decl: Int32) -> Int32? {
        for entry in inheritedTypes(of: decl) where entry.name == "Sendable" {
            if let a = children(entry.type, kind: .attribute).first(where: { token(self[$0].name, is: "unchecked") }) {
                return a
            }
        }
        return nil
    }

    /// Members of a type declaration, looking through `#if` clauses.
    public func members(of decl: Int32) -> [Int32] {
        guard let block = firstChild(decl, kind: .memberBlock) else { return [] }
        var out: [Int32] = []
        var stack: [Int32] = []
        pushChildren(of: block, onto: &stack)
        while let m = stack.popLast() {
            if self[m].kind == .ifConfig || self[m].kind == .ifConfigClause {
                pushChildren(of: m, onto: &stack)
            } else {
                out.append(m)
            }
        }
        return out
    }

    /// Nearest enclosing type or extension declaration.
    public func enclosingType(of node: Int32) -> Int32? {
        var p = self[node].parent
        while p >= 0 {
            if SyntaxTree.isTypeDecl(self[p].kind) { return p }
            p = self[p].parent
        }
        return nil
    }

    /// Nearest ancestor of one of the given kinds.
    public func enclosing(_ node: Int32, _ kinds: NodeKindSet) -> Int32? {
        var p = self[node].parent
        var steps = 0
        while p >= 0, steps < nodes.count {
            steps += 1
            if kinds.contains(self[p].kind) { return p }
            p = self[p].parent
        }
        return nil
    }

    /// Whether a declaration sits at file scope (possibly inside `#if`).
    public func isFileScope(_ node: Int32) -> Bool {
        var p = self[node].parent
        while p >= 0 {
            switch self[p].kind {
            case .sourceFile: return true
            case .ifConfig, .ifConfigClause: p = self[p].parent
            default: return false
            }
        }
        return false
    }

    /// A dotted path for a callee or member chain: `DispatchQueue.main.async`,
    /// `DispatchQueue.global().async`, `.main`, `Task.detached`. Nil when the chain holds
    /// something else (closures, subscripts…).
    public func path(of expr: Int32) -> String? { path(of: expr, markCalls: true) }

    /// `DispatchQueue.global().async` → `DispatchQueue.global.async` (call parentheses dropped).
    public func plainPath(of expr: Int32) -> String? { path(of: expr, markCalls: false) }

    func path(of expr: Int32, markCalls: Bool) -> String? {
        var parts: [String] = []
        var n = expr
        var called = false
        func add(_ name: String) {
            parts.append(called && markCalls ? name + "()" : name)
            called = false
        }
        for _ in 0..<64 {
            let node = self[n]
            switch node.kind {
            case .identifierExpr, .selfExpr, .superExpr:
                add(text(token: node.name))
                return parts.joinedInReverse(separator: ".")
            case .memberAccess:
                add(text(token: node.name))
                guard let base = children(n).first(where: { self[$0].kind != .argument }) else {
                    return "." + parts.joinedInReverse(separator: ".")
                }
                n = base
            case .call:
                guard let callee = children(n).first, self[callee].kind != .argument else { return nil }
                called = true
                n = callee
            default:
                return nil
            }
        }
        return nil
    }

    /// The name a call invokes: `async` for `DispatchQueue.main.async { }`, `Timer` for
    /// `Timer(…)`. Cheap (no path is built): rules test it before anything else.
    public func calleeName(of call: Int32) -> String? {
        guard let c = callee(of: call) else { return nil }
        let k = self[c].kind
        guard k == .memberAccess || k == .identifierExpr else { return nil }
        return text(token: self[c].name)
    }

    /// The token naming what a call invokes (see `calleeName(of:)`), or -1: lets a rule test the
    /// name's length before it builds a String.
    public func calleeNameToken(of call: Int32) -> Int32 {
        guard let c = callee(of: call) else { return -1 }
        let k = self[c].kind
        guard k == .memberAccess || k == .identifierExpr else { return -1 }
        return self[c].name
    }

    /// Callee of a call (its first child).
    public func callee(of call: Int32) -> Int32? {
        let (first, end) = childIndices(call)
        guard first < end else { return nil }
        let c = child(at: first)
        guard nodes[Int(c)].kind != .argument else { return nil }
        return c
    }

    public func arguments(of call: Int32) -> [Int32] { children(call, kind: .argument) }

    public func label(of argument: Int32) -> String? {
        let n = self[argument].name
        return n >= 0 ? text(token: n) : nil
    }

    /// The closure passed to a call: the trailing closure, else an argument that is a closure
    /// (preferring the given labels).
    public func closureArgument(of call: Int32, labels: [String] = []) -> Int32? {
        let args = arguments(of: call)
        for a in args where self[a].flags.contains(.isTrailingClosure) {
            if let c = firstChild(a, kind: .closure) { return c }
        }
        for a in args {
            if let l = label(of: a), !labels.isEmpty, !labels.contains(l) { continue }
            if let c = firstChild(a, kind: .closure) { return c }
        }
        return nil
    }

    /// The argument with a label, or nil.
    public func argument(of call: Int32, labeled label: String) -> Int32? {
        arguments(of: call).first { self.label(of: $0) == label }
    }

    /// The expression inside an argument.
    public func value(of argument: Int32) -> Int32? { children(argument).first }

    /// Whether a node is inside an `await` expression (which covers the whole expression), up to
    /// the statement holding it.
    public func isAwaited(_ node: Int32) -> Bool {
        var n = self[node].parent
        var steps = 0
        while n >= 0, steps < 256 {
            steps += 1
            switch self[n].kind {
            case .awaitExpr: return true
            case .closure, .codeBlock, .funcDecl, .initDecl, .varDecl: return false
            default: n = self[n].parent
            }
        }
        return false
    }

    /// The call a closure is an argument of, if any.
    public func callReceiving(closure: Int32) -> Int32? {
        let p = self[closure].parent
        guard p >= 0, self[p].kind == .argument else { return nil }
        let call = self[p].parent
        guard call >= 0, self[call].kind == .call || self[call].kind == .macroExpansion else { return nil }
        return call
    }

    /// Whether `text` occurs anywhere in the node's source (a token, a comment, a literal): a
    /// byte search (`memchr` for its first byte, then `memcmp`), a cheap "certainly not written
    /// here" before a token-by-token test.
    public func sourceText(of node: Int32, contains text: String) -> Bool {
        let r = range(of: node)
        guard r.lowerBound >= 0, r.lowerBound <= r.upperBound, r.upperBound <= source.bytes.count else { return true }
        var text = text
        return text.withUTF8 { needle in
            guard let first = needle.first, let n = needle.baseAddress else { return true }
            return source.bytes.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return false }
                var at = base + r.lowerBound
                var left = r.count
                while left >= needle.count {
                    guard let hit = memchr(at, Int32(first), left - needle.count + 1) else { return false }
                    if memcmp(hit, n, needle.count) == 0 { return true }
                    let skipped = UnsafeRawPointer(hit) - at + 1
                    at += skipped
                    left -= skipped
                }
                return false
            }
        }
    }

    /// Whether one of the node's tokens passes `test` (a scan of its token range, no tree walk).
    public func containsToken(in node: Int32, where test: (Int32) -> Bool) -> Bool {
        let n = self[node]
        guard n.firstToken >= 0, n.firstToken <= n.endToken, Int(n.endToken) <= tokens.count else { return true }
        for t in n.firstToken..<n.endToken where test(t) { return true }
        return false
    }

    /// Whether the file imports `module` (`import M`, `import M.Sub`, `@preconcurrency import M`,
    /// `import struct M.T`), at top level or in an `#if` branch.
    public func imports(_ module: String) -> Bool { importedModules.contains(module) }

    /// The modules the file imports, at top level or in an `#if` branch (`#if canImport(…)`).
    public var importedModules: Set<String> { ModuleImports(self).imported }

    /// Statements of a closure or code block (its direct item children).
    public func statements(of block: Int32) -> [Int32] {
        children(block).filter { k in
            switch self[k].kind {
            case .captureList, .captureItem, .closureParam, .parameterClause, .attribute, .type: return false
            default: return true
            }
        }
    }

    /// Byte offset of the start of the line containing `offset`.
    public func lineStart(_ offset: Int) -> Int { source.lines.lineStart(of: offset) }

    /// The whitespace that indents the line containing `offset`.
    public func indentation(at offset: Int) -> String {
        let start = lineStart(offset)
        var end = start
        let bytes = source.bytes
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return source.text(start..<end)
    }

    /// The file's line ending (`\r\n` when its first line ends so).
    public var lineEnding: String {
        let bytes = source.bytes
        if let i = bytes.firstIndex(of: 0x0A), i > 0, bytes[i - 1] == 0x0D { return "\r\n" }
        return "\n"
    }

    /// Byte offset of a node's first token.
    public func start(_ node: Int32) -> Int { range(of: node).lowerBound }

    /// Offset of a token's start.
    public func startOf(token: Int32) -> Int { Int(self.token(at: token).start) }

    /// The lexical path of a type declaration from file scope (`Outer.Inner`; inside
    /// `extension A.B` it is `A.B.Inner`), and the path of what encloses it (nil at file scope).
    /// For an extension, its extended type as written.
    public func qualifiedName(of decl: Int32) -> (qualified: String, parent: String?) {
        // The innermost name apart: most declarations are in no other type, and their name is
        // the answer (no array to grow and join, tens of thousands of times a run).
        var innermost: String?
        var outer: [String] = []
        var n = decl
        var steps = 0
        while n >= 0, steps < 256 {
            steps += 1
            let node = self[n]
            let part: String
            if node.kind == .extensionDecl {
                part = extendedTypeText(n)
            } else if SyntaxTree.isTypeDecl(node.kind) || node.kind == .typealiasDecl {
                part = name(of: n)
            } else {
                n = node.parent
                continue
            }
            if innermost == nil { innermost = part } else { outer.append(part) }
            if node.kind == .extensionDecl { break }
            n = node.parent
        }
        guard let innermost else { return ("", nil) }
        guard !outer.isEmpty else { return (innermost, nil) }
        let parent = outer.joinedInReverse(separator: ".")
        return (parent + "." + innermost, parent)
    }

    /// The extended type of an extension as written, without generic arguments (`A.Options`).
    public func extendedTypeText(_ ext: Int32) -> String {
        guard let ty = firstChild(ext, kind: .type) else { return name(of: ext) }
        var out = ""
        var depth = 0
        for k in self[ty].firstToken..<self[ty].endToken {
            let t = token(at: k)
            if t.kind == .operator, source.bytes[Int(t.start)] == UInt8(ascii: "<") { depth += 1 }
            if depth == 0, t.kind == .identifier || t.kind == .keyword || t.kind == .period {
                out += t.kind == .period ? "." : text(token: k)
            }
            if t.kind == .operator, source.bytes[Int(t.end) - 1] == UInt8(ascii: ">") { depth = max(0, depth - 1) }
        }
        return out.isEmpty ? name(of: ext) : out
    }

    public func isPublicOrOpen(_ decl: Int32) -> Bool { hasModifier(decl, "public") || hasModifier(decl, "open") }

    /// `@available(*, unavailable)` on a declaration.
    public func isUnavailable(_ decl: Int32) -> Bool {
        attributes(of: decl).contains { a in
            guard token(self[a].name, is: "available") else { return false }
            let r = self[a]
            var sawStar = false
            for k in r.firstToken..<r.endToken {
                if token(k, is: "*") { sawStar = true }
                if sawStar, token(k, is: "unavailable") { return true }
            }
            return false
        }
    }

    /// A type's text without the attributes written before it (`@unchecked Sendable` → `Sendable`).
    public func textWithoutAttributes(_ type: Int32) -> String {
        guard let last = children(type, kind: .attribute).last else { return text(of: type) }
        let start = range(of: last).upperBound
        let end = range(of: type).upperBound
        return start < end ? source.text(start..<end) : text(of: type)
    }
}
