import Foundation
import IsolintSyntax

/// The semantic model of one file, on top of the workspace index: name resolution in the
/// file's scopes, Sendability, isolation of positions and members, locals and captures. Rules
/// ask it and never re-derive these answers.
public final class SemanticModel: Sendable {
    public let tree: SyntaxTree
    public let index: WorkspaceIndex
    public let settings: TargetSettings
    public let isolation: IsolationModel
    // The memos share one lock (a model is made for every file, and a lock each was 1% of a run).
    private let scopes: MemoTable<Int32, LocalScopes>
    private let contexts: MemoTable<Int32, LookupContext>
    private let members: MemoTable<Int32, Set<String>>
    let ownMainActorMemberNames: MemoTable<Int32, Set<String>>
    let xctestCaseClasses: MemoTable<Int32, Bool>
    private let declarationsBySymbol: Memo<[SymbolID: [Int32]]>
    let lockBoxChoice: Memo<LockBox?>
    private let declarationSymbols: MemoTable<Int32, SymbolID?>
    /// Per token, how many word tokens before it may name main-actor code (see
    /// `mayNameMainActorCode(in:)`), counted on first use.
    private let mainActorWordCounts: Memo<[Int32]>
    /// The modules the file imports (`import SwiftData`, `@testable import Core`), also under
    /// `#if canImport(…)`: read once, when the model is made.
    public let importedModules: Set<String>
    /// Whether the file imports SwiftData: asked of every call and closure by the SwiftData rules.
    public let importsSwiftData: Bool
    /// The names main-actor code this file's module can reach goes by (cheap filters).
    let mainActorNames: MainActorNames

    public init(tree: SyntaxTree, index: WorkspaceIndex, settings: TargetSettings) {
        self.tree = tree
        self.index = index
        self.settings = settings
        let lock = NSLock()
        scopes = MemoTable(lock: lock)
        contexts = MemoTable(lock: lock)
        members = MemoTable(lock: lock)
        ownMainActorMemberNames = MemoTable(lock: lock)
        xctestCaseClasses = MemoTable(lock: lock)
        declarationsBySymbol = Memo(lock: lock)
        lockBoxChoice = Memo(lock: lock)
        declarationSymbols = MemoTable(lock: lock)
        mainActorWordCounts = Memo(lock: lock)
        self.isolation = IsolationModel(tree: tree, index: index, settings: settings, memoLock: lock)
        self.importedModules = tree.importedModules
        self.importsSwiftData = importedModules.contains(KnowledgeBase.swiftDataModule)
        self.mainActorNames = index.mainActorNames(seenFrom: settings.targetName ?? "")
    }

    public var module: String { settings.targetName ?? "" }

    /// Whether any word in a node's tokens may name main-actor code this module can reach (the
    /// module's name filter): false means surely none. Two reads of a prefix count made once
    /// per file, where each caller used to scan the tokens of every body and closure it asked.
    func mayNameMainActorCode(in node: Int32) -> Bool {
        let counts = mainActorWordCounts.get {
            let filter = mainActorNames.filter
            let tokens = tree.tokens
            var counts = [Int32](repeating: 0, count: tokens.count + 1)
            // Over the buffers: asked of every token of a test file, a checked read of the token,
            // its bytes and the count array was most of the cost.
            tokens.withUnsafeBufferPointer { tokens in
                tree.source.bytes.withUnsafeBufferPointer { bytes in
                    counts.withUnsafeMutableBufferPointer { counts in
                        var seen: Int32 = 0
                        for t in tokens.indices {
                            if tokens[t].isWord, filter.mayContain(SyntaxTree.nameHash(of: tokens[t], in: bytes)) {
                                seen += 1
                            }
                            counts[t + 1] = seen
                        }
                    }
                }
            }
            return counts
        }
        let n = tree[node]
        guard n.firstToken >= 0, n.firstToken <= n.endToken, Int(n.endToken) < counts.count else { return true }
        return counts[Int(n.endToken)] > counts[Int(n.firstToken)]
    }

    // MARK: Names

    /// Where type names written at `node` are looked up: the enclosing types (up to an
    /// extension's extended type), their generic parameters and those of enclosing functions.
    public func lookupContext(at node: Int32) -> LookupContext {
        // The context is that of the innermost declaration that opens a scope: computed once per
        // declaration, however many type names inside it are resolved.
        var p = node
        var steps = 0
        while p >= 0, steps < 512 {
            steps += 1
            let k = tree[p].kind
            if SyntaxTree.isTypeDecl(k)
                || [.funcDecl, .initDecl, .subscriptDecl, .typealiasDecl].contains(k)
            {
                break
            }
            p = tree[p].parent
        }
        if p < 0 { return LookupContext(module: module) }
        return contexts.get(p) { computeLookupContext(at: p) }
    }

    func computeLookupContext(at node: Int32) -> LookupContext {
        var scopes: [String] = []
        var generics: [String] = []
        var requirements: [Requirement] = []
        var p = node
        var steps = 0
        while p >= 0, steps < 512 {
            steps += 1
            let k = tree[p].kind
            if k == .extensionDecl {
                let path = tree.extendedTypeText(p).splitASCII(UInt8(ascii: ".")).map(String.init)
                if let s = index.resolveSymbol(path, in: LookupContext(module: module)) {
                    scopes.append(index.symbolQualifiedName(s))
                    let d = index.primaryDecl(s)
                    generics += d.genericParameters
                    requirements += d.requirements
                } else {
                    scopes.append(path.joined(separator: "."))
                }
                requirements += IndexBuilder.whereRequirements(tree, p)
                break
            }
            if SyntaxTree.isTypeDecl(k) {
                scopes.append(tree.qualifiedName(of: p).qualified)
            }
            if SyntaxTree.isTypeDecl(k)
                || [.funcDecl, .initDecl, .subscriptDecl, .typealiasDecl].contains(k)
            {
                let g = IndexBuilder.genericParameters(tree, p)
                generics += g.names
                requirements += g.requirements + IndexBuilder.whereRequirements(tree, p)
            }
            p = tree[p].parent
        }
        return LookupContext(module: module, scopes: scopes, genericParameters: generics, requirements: requirements)
    }

    /// The index symbol of a type declaration or of an extension's extended type.
    /// Once per declaration: rules ask it of the type around nearly every member they look at,
    /// and each answer builds the declaration's qualified name.
    public func symbol(of decl: Int32) -> SymbolID? {
        declarationSymbols.get(decl) { index.symbol(ofDeclaration: decl, in: tree, module: module) }
    }

    /// The symbol a type node names, resolved in its scopes.
    public func symbol(ofType typeNode: Int32) -> SymbolID? {
        guard let path = typeExpr(typeNode).unwrapped.path else { return nil }
        return index.resolveSymbol(path, in: lookupContext(at: typeNode))
    }

    /// The function type a type denotes, looking through optionals and workspace typealiases.
    public func functionType(_ type: TypeExpr, at node: Int32) -> TypeExpr.Function? {
        var t = type.unwrapped
        var context = lookupContext(at: node)
        for _ in 0..<16 {
            if case .function(let f) = t { return f }
            guard let path = t.path, case .alias(let a) = index.resolve(path, in: context) else { return nil }
            t = index.typealiases[Int(a)].target.unwrapped
            context = index.resolver.context(ofAlias: a)
        }
        return nil
    }

    /// A type node, parsed.
    public func typeExpr(_ typeNode: Int32) -> TypeExpr { TypeExpr.parse(tree.text(of: typeNode)) }

    // MARK: Sendability

    /// Sendability of a type written at `node` (see `WorkspaceIndex.sendability`).
    public func sendability(of type: TypeExpr, at node: Int32, implicit: Bool = true) -> Sendability {
        index.sendability(of: type, in: lookupContext(at: node), implicit: implicit)
    }

    public func sendability(ofType typeNode: Int32, implicit: Bool = true) -> Sendability {
        sendability(of: typeExpr(typeNode), at: typeNode, implicit: implicit)
    }

    /// What a type declaration (or an extension's type) declares about Sendable.
    public func declaredSendability(of decl: Int32) -> DeclaredSendability {
        symbol(of: decl).map(index.declaredSendability) ?? .none
    }

    /// `WorkspaceIndex.explicitSendableConformance`.
    public func explicitSendableConformance(_ s: SymbolID) -> ExplicitConformance? {
        index.explicitSendableConformance(s)
    }

    /// Whether a type declaration (or an extension's type) conforms to a protocol, anywhere in
    /// the workspace.
    public func conforms(_ decl: Int32, to name: String) -> Bool {
        if let s = symbol(of: decl) { return index.conforms(s, to: name) }
        return tree.inheritedTypes(of: decl).contains { $0.name == name }
    }

    // MARK: Isolation of members

    /// The isolation of a member, by its own declaration first (`nonisolated`, a global actor),
    /// then what makes it accessible anywhere (an instance `let` of a Sendable type), then its
    /// type's. File-scope declarations get the isolation of their position.
    public func memberIsolation(_ decl: Int32) -> Isolation {
        if let own = isolation.declarationIsolation(decl) { return own }
        guard let owner = directOwnerType(tree, decl) else { return isolation.isolation(at: decl) }
        let typeIsolation = isolation.typeIsolation(owner)
        if tree[decl].kind == .varDecl, tree[decl].flags.contains(.isLet), !tree.hasModifier(decl, "static"),
            !tree.hasModifier(decl, "class"), isSendableLet(decl)
        {
            return Isolation(
                .nonisolated, "an instance 'let' of a Sendable type can be read from anywhere in the module")
        }
        return typeIsolation
    }

    /// Every binding of a `let` has a Sendable type (declared, or inferred from a literal or `T(…)`).
    func isSendableLet(_ decl: Int32) -> Bool {
        let props = IndexBuilder.propertyInfos(tree, decl)
        let context = lookupContext(at: decl)
        return !props.isEmpty
            && props.allSatisfy { p in
                guard let (t, c) = index.type(of: p, in: context) else { return false }
                return index.sendability(of: t, in: c) == .sendable
            }
    }

    /// Whether reading or calling this member from a nonisolated position needs the main actor.
    public func isMainActorState(_ decl: Int32) -> Bool { memberIsolation(decl).isMainActor }

    // MARK: Locals and captures

    /// The scopes and bindings of the top-level item holding `node`, computed per item on first
    /// use: a keystroke's lint, which checks only the edited declarations, builds only theirs.
    public func bindings(at node: Int32) -> LocalScopes {
        guard let item = tree.itemNodes(containing: node) else { return LocalScopes(tree, nodes: 0..<0) }
        return scopes.get(item.lowerBound) { LocalScopes(tree, nodes: item) }
    }

    /// The local binding a name refers to at `node`, or nil (a member, a global, a type).
    public func resolveLocal(_ name: String, at node: Int32) -> LocalBinding? {
        bindings(at: node).resolve(name, at: node, in: tree)
    }

    /// What a closure captures; bare names of members of the enclosing type count as `self`.
    public func captures(of closure: Int32) -> [Capture] {
        let members = memberNames(of: tree.enclosingType(of: closure))
        return bindings(at: closure).captures(of: closure, in: tree, isMember: { members.contains($0) })
    }

    /// Instance member names of a type declaration (its own members, and those the index knows
    /// from its other declarations and extensions).
    public func memberNames(of decl: Int32?) -> Set<String> {
        guard let decl else { return [] }
        // Asked once per closure by the capture rules: computed once per type declaration.
        return members.get(decl) { computeMemberNames(of: decl) }
    }

    func computeMemberNames(of decl: Int32) -> Set<String> {
        var names: Set<String> = []
        for m in tree.members(of: decl) {
            let isStatic = tree.hasModifier(m, "static") || tree.hasModifier(m, "class")
            switch tree[m].kind {
            case .varDecl where !isStatic: for p in IndexBuilder.propertyInfos(tree, m) { names.insert(p.name) }
            case .funcDecl where !isStatic: names.insert(tree.name(of: m))
            default: break
            }
        }
        if let s = symbol(of: decl) {
            for p in index.properties(s) where !p.isStatic { names.insert(p.name) }
            for f in index.methods(s) where !f.isStatic && f.name != "init" { names.insert(f.name) }
        }
        return names
    }
}

extension SemanticModel {
    /// This file's declarations and extensions of a workspace type, in source order (computed
    /// once per file: asked per candidate, a scan of the file each time was quadratic).
    func fileDeclarations(of s: SymbolID) -> [Int32] {
        declarationsBySymbol.get {
            var out: [SymbolID: [Int32]] = [:]
            for (i, n) in tree.nodes.enumerated() where SyntaxTree.isTypeDecl(n.kind) {
                if let sym = symbol(of: Int32(i)) { out[sym, default: []].append(Int32(i)) }
            }
            return out
        }[s] ?? []
    }
}

/// A value computed on first use and kept. The lock is not held while it is computed (it may be
/// one that other memos share, which the computation asks): two callers that ask at once may
/// both compute it, and the first kept is the answer.
final class Memo<Value: Sendable>: @unchecked Sendable {
    // Safety: `value` is only read and written while holding `lock`, which also orders the
    // accesses: the run-time exclusivity check of a class's variable is left out.
    private let lock: NSLock
    @exclusivity(unchecked) private var value: Value?

    init(lock: NSLock = NSLock()) { self.lock = lock }

    func get(_ make: () -> Value) -> Value {
        lock.lock()
        if let value {
            lock.unlock()
            return value
        }
        lock.unlock()
        let v = make()
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        value = v
        return v
    }
}

/// An explicit Sendable conformance: checked or `@unchecked`.
public struct ExplicitConformance: Sendable, Equatable {
    public var isUnchecked: Bool
    public var reason: String
}

/// Values computed per key (per file analysis) on first use and kept; like `Memo`, the lock
/// (perhaps shared) is not held while one is computed.
final class MemoTable<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    // Safety: `values` is only read and written while holding `lock`, which also orders the
    // accesses: the run-time exclusivity check of a class's variable (a tenth of a look-up) is
    // left out.
    private let lock: NSLock
    @exclusivity(unchecked) private var values: [Key: Value] = [:]

    init(lock: NSLock = NSLock()) { self.lock = lock }

    func get(_ key: Key, _ make: () -> Value) -> Value {
        if let v = peek(key) { return v }
        let v = make()
        put(key, v)
        return v
    }

    /// The value remembered for `key`, if any (for a computation that decides itself what to
    /// remember: `put`).
    @inline(__always) func peek(_ key: Key) -> Value? {
        lock.lock()
        let v = values[key]
        lock.unlock()
        return v
    }

    @inline(__always) func put(_ key: Key, _ value: Value) {
        lock.lock()
        values[key] = value
        lock.unlock()
    }
}

/// The type or extension a declaration is a direct member of (through `#if`), or nil.
func directOwnerType(_ tree: SyntaxTree, _ decl: Int32) -> Int32? {
    var p = tree[decl].parent
    while p >= 0, tree[p].kind == .ifConfig || tree[p].kind == .ifConfigClause { p = tree[p].parent }
    guard p >= 0, tree[p].kind == .memberBlock else { return nil }
    let owner = tree[p].parent
    return owner >= 0 && SyntaxTree.isTypeDecl(tree[owner].kind) ? owner : nil
}
