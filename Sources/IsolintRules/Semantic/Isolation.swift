import Foundation
import IsolintSyntax

/// Where code runs, as far as syntax and the index can tell.
public enum IsolationKind: Sendable, Equatable {
    case mainActor
    case globalActor(String)
    /// Isolated to an `actor` instance.
    case actor(String)
    case nonisolated
    /// `@concurrent`: always off any actor.
    case concurrent
    /// `Task.detached`.
    case detached
    case unknown
}

public struct Isolation: Sendable, Equatable {
    public var kind: IsolationKind
    /// Why, in words a hover can show ("UIViewController is @MainActor in the SDK").
    public var reason: String
    /// Inherited from the enclosing context (`Task {}` and other non-Sendable closures).
    public var inherited: Bool
    /// False when inherited through a closure handed to an API that may call it elsewhere (a
    /// completion handler of an SDK call): the compiler assumes the isolation, the run time may
    /// not honour it.
    public var isCertain: Bool

    public init(_ kind: IsolationKind, _ reason: String, inherited: Bool = false, isCertain: Bool = true) {
        self.kind = kind
        self.reason = reason
        self.inherited = inherited
        self.isCertain = isCertain
    }

    public var isMainActor: Bool { kind == .mainActor }
    /// Main actor or another global actor.
    public var isGlobalActor: Bool {
        if case .globalActor = kind { return true }
        return kind == .mainActor
    }

    /// Short label for inlay hints: `@MainActor (inherited)`, `nonisolated`, `detached`.
    public var label: String {
        let base: String
        switch kind {
        case .mainActor: base = "@MainActor"
        case .globalActor(let name): base = "@\(name)"
        case .actor(let name): base = "isolated to \(name)"
        case .nonisolated: base = "nonisolated"
        case .concurrent: base = "@concurrent"
        case .detached: base = "detached"
        case .unknown: base = "unknown"
        }
        return inherited ? base + " (inherited)" : base
    }
}

/// The engine's isolation model: rules ask it, they never re-derive isolation.
public final class IsolationModel: Sendable {
    public let tree: SyntaxTree
    public let index: WorkspaceIndex
    public let settings: TargetSettings
    /// Type isolation per declaration node, computed once per file analysis.
    private let typeIsolations: MemoTable<Int32, Isolation>
    /// A closure's own isolation per view (the key is the node, negated for the compiler's view):
    /// every position inside the closure asks it again.
    private let closureIsolations: MemoTable<Int32, Isolation?>

    public convenience init(tree: SyntaxTree, index: WorkspaceIndex, settings: TargetSettings) {
        self.init(tree: tree, index: index, settings: settings, memoLock: NSLock())
    }

    /// `memoLock`: the lock of the semantic model's memos, which these share.
    init(tree: SyntaxTree, index: WorkspaceIndex, settings: TargetSettings, memoLock: NSLock) {
        self.tree = tree
        self.index = index
        self.settings = settings
        typeIsolations = MemoTable(lock: memoLock)
        closureIsolations = MemoTable(lock: memoLock)
    }

    /// The file's module (its target; "" outside any).
    var module: String { settings.targetName ?? "" }

    /// Whether the file is compiled as a script, its top-level code (and variables) on the main
    /// actor: a module's `main.swift`, or a package manifest, which SwiftPM compiles on its own.
    var isMainFile: Bool {
        tree.source.path == "main.swift" || tree.source.path.hasSuffix("/main.swift")
            || PackageManifest.isManifest(path: tree.source.path)
    }

    /// `main.swift`, `Package.swift`: the file's name, for reasons.
    var fileName: Substring { tree.source.path.split(separator: "/").last ?? "" }

    /// Isolation of the code at `node`: that of its innermost enclosing closure or declaration.
    public func isolation(at node: Int32) -> Isolation { isolation(at: node, view: .runtime) }

    /// Isolation as the compiler sees it (for rules that mirror a compiler error): a closure the
    /// SDK calls on a background queue but declares without `@Sendable` (`completionBlock`) still
    /// inherits its context's isolation for the compiler.
    public func compilerIsolation(at node: Int32) -> Isolation { isolation(at: node, view: .compiler) }

    public enum View: Sendable { case runtime, compiler }

    func isolation(at node: Int32, view: View) -> Isolation {
        var n = node
        var inherited = false
        var certain = true
        var steps = 0
        while n >= 0, steps < 10_000 {
            steps += 1
            let kind = tree[n].kind
            switch kind {
            case .closure:
                if let own = closureIsolation(n, view: view) { return mark(own, inherited, certain) }
                // A closure that is not `@Sendable` runs where it is formed — for certain only
                // when the API it is passed to is known to call it there.
                inherited = true
                if view == .runtime, !callsClosureInPlace(n) { certain = false }
            case .funcDecl, .initDecl, .subscriptDecl, .varDecl, .deinitDecl:
                if let own = declarationIsolation(n) { return mark(own, inherited, certain) }
                if tree.hasModifier(n, "static"), let owner = tree.enclosingType(of: n), tree[owner].kind == .actorDecl
                {
                    return mark(
                        Isolation(.nonisolated, "static members of an actor are not isolated to it"), inherited, certain
                    )
                }
            case .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl:
                return mark(typeIsolation(n), inherited, certain)
            case .sourceFile:
                if settings.defaultIsolationMainActor {
                    return mark(
                        Isolation(.mainActor, "the target's default isolation is MainActor"), inherited, certain)
                }
                if isMainFile, node != n,
                    tree.enclosing(node, [.funcDecl, .initDecl, .deinitDecl, .subscriptDecl]) == nil
                {
                    return mark(
                        Isolation(.mainActor, "top-level code of \(fileName) runs on the main actor"), inherited,
                        certain)
                }
                return mark(Isolation(.nonisolated, "file scope, not isolated to a global actor"), inherited, certain)
            default:
                break
            }
            n = tree[n].parent
        }
        return Isolation(.unknown, "unknown")
    }

    /// Whether the API a closure is passed to calls it where it was formed: `Task {}`, the
    /// standard non-escaping calls, SwiftUI's main-actor callbacks, and functions the workspace
    /// declares (compiled with the same checking). A completion handler of an unknown SDK API
    /// may be called on any thread.
    func callsClosureInPlace(_ closure: Int32) -> Bool {
        guard let call = tree.callReceiving(closure: closure), let name = tree.calleeName(of: call) else {
            return false
        }
        if KnowledgeBase.closureRunsInPlace.contains(name) || name.hasPrefix("withUnsafe") { return true }
        if let callee = tree.callee(of: call), tree.plainPath(of: callee) == KnowledgeBase.unstructuredTask {
            return true
        }
        return index.declaresFunction(named: name, seenFrom: module)
    }

    func mark(_ i: Isolation, _ inherited: Bool, _ certain: Bool) -> Isolation {
        var r = i
        r.inherited = r.inherited || inherited
        r.isCertain = r.isCertain && certain
        return r
    }

    /// A declaration's own isolation (`nonisolated`, `@MainActor`, `@concurrent`, a deinit),
    /// or nil when it takes its type's.
    public func declarationIsolation(_ decl: Int32) -> Isolation? {
        if tree.hasModifier(decl, "nonisolated") { return Isolation(.nonisolated, "declared nonisolated") }
        for a in tree.attributeNames(of: decl) {
            if a == KnowledgeBase.mainActor { return Isolation(.mainActor, "declared @MainActor") }
            if a == "concurrent" { return Isolation(.concurrent, "declared @concurrent") }
            if index.isGlobalActorAttribute(a) { return Isolation(.globalActor(a), "declared @\(a)") }
        }
        if tree[decl].kind == .deinitDecl, !tree.hasModifier(decl, "isolated") {
            return Isolation(.nonisolated, "deinit is nonisolated unless declared `isolated deinit`")
        }
        return nil
    }

    /// Isolation of a type's members (or an extension's). Nested types do not inherit their
    /// enclosing type's; the index decided the rest (attributes, inheritance, default isolation).
    public func typeIsolation(_ decl: Int32) -> Isolation { typeIsolations.get(decl) { computeTypeIsolation(decl) } }

    func computeTypeIsolation(_ decl: Int32) -> Isolation {
        let name = tree.name(of: decl)
        let kind = tree[decl].kind
        if kind == .actorDecl { return Isolation(.actor(name), "members of actor \(name)") }
        if tree.hasModifier(decl, "nonisolated") { return Isolation(.nonisolated, "\(name) is declared nonisolated") }
        for a in tree.attributeNames(of: decl) where index.isGlobalActorAttribute(a) {
            let k: IsolationKind = a == KnowledgeBase.mainActor ? .mainActor : .globalActor(a)
            return Isolation(k, "\(name) is @\(a)")
        }
        let symbol: SymbolID?
        if kind == .extensionDecl {
            // Members of an extension that conforms to a global-actor protocol take its isolation.
            for entry in tree.inheritedTypes(of: decl) {
                if KnowledgeBase.isMainActorSDKType(entry.name) {
                    return Isolation(
                        .mainActor, "\(name) inherits from \(entry.name) (\(entry.name) is @MainActor in the SDK)")
                }
                let path = TypeExpr.parse(tree.textWithoutAttributes(entry.type)).path ?? [entry.name]
                if let p = index.resolveSymbol(path, in: LookupContext(module: module)),
                    index.symbolKind(p) == .protocolDecl,
                    let g = index.globalActor(of: p), !g.origin.isEmpty
                {
                    let k: IsolationKind = g.actor == KnowledgeBase.mainActor ? .mainActor : .globalActor(g.actor)
                    return Isolation(k, "\(name) inherits from \(entry.name) (\(g.origin))")
                }
            }
            let path = tree.extendedTypeText(decl).splitASCII(UInt8(ascii: ".")).map(String.init)
            switch index.resolve(path, in: LookupContext(module: module)) {
            case .symbol(let s):
                symbol = s
            case .alias:
                symbol = index.resolveSymbol(path, in: LookupContext(module: module))
            case .external(let p):
                if let last = p.last, KnowledgeBase.isMainActorSDKType(last) {
                    return Isolation(.mainActor, "\(last) is @MainActor in the SDK")
                }
                symbol = nil
            case .genericParameter:
                symbol = nil
            }
        } else {
            symbol = index.symbol(qualified: tree.qualifiedName(of: decl).qualified, seenFrom: module)
        }
        if let s = symbol {
            if index.symbolKind(s) == .actorDecl {
                return Isolation(.actor(index.symbolName(s)), "members of actor \(name)")
            }
            if let g = index.globalActor(of: s) {
                return Isolation(g.actor == KnowledgeBase.mainActor ? .mainActor : .globalActor(g.actor), g.reason)
            }
            return Isolation(.nonisolated, "\(name) is not isolated to a global actor")
        }
        // Not in the index (a document the workspace has not seen): decide from the file alone.
        if settings.defaultIsolationMainActor,
            !tree.ancestors(decl).contains(where: { tree.hasModifier($0, "nonisolated") || tree[$0].kind == .actorDecl }
            )
        {
            return Isolation(.mainActor, "the target's default isolation is MainActor")
        }
        for entry in tree.inheritedTypes(of: decl) where KnowledgeBase.isMainActorSDKType(entry.name) {
            return Isolation(.mainActor, "\(name) inherits from \(entry.name) (\(entry.name) is @MainActor in the SDK)")
        }
        return Isolation(.nonisolated, "\(name) is not isolated to a global actor")
    }

    /// A closure's own isolation from its attributes or the API it is passed to; nil when it
    /// inherits the enclosing context's.
    public func closureIsolation(_ closure: Int32) -> Isolation? { closureIsolation(closure, view: .runtime) }

    func closureIsolation(_ closure: Int32, view: View) -> Isolation? {
        closureIsolations.get(view == .runtime ? closure : -closure - 1) {
            computeClosureIsolation(closure, view: view)
        }
    }

    func computeClosureIsolation(_ closure: Int32, view: View) -> Isolation? {
        for a in tree.attributeNames(of: closure) {
            if a == KnowledgeBase.mainActor { return Isolation(.mainActor, "closure is @MainActor") }
            if index.isGlobalActorAttribute(a) { return Isolation(.globalActor(a), "closure is @\(a)") }
            if a == KnowledgeBase.sendableProtocol { return Isolation(.nonisolated, "@Sendable closure") }
            if a == "concurrent" { return Isolation(.concurrent, "@concurrent closure") }
        }
        if view == .runtime, let property = callbackPropertyAssigned(closure) {
            return Isolation(.nonisolated, "'\(property)' is called on a background queue by the SDK")
        }
        guard let call = tree.callReceiving(closure: closure), let callee = tree.callee(of: call),
            let path = tree.plainPath(of: callee)
        else { return nil }
        if let known = CalleeClassifier.isolation(forClosurePassedTo: path, call: call, tree: tree) { return known }
        return workspaceParameterIsolation(closure, call: call)
    }

    /// A closure passed to a workspace function (or a method of the enclosing type) whose
    /// parameter has a global-actor function type (`execute body: @MainActor () -> R`) runs on
    /// that actor.
    func workspaceParameterIsolation(_ closure: Int32, call: Int32) -> Isolation? {
        guard let callee = tree.callee(of: call), tree[callee].kind == .identifierExpr,
            let name = tree.calleeName(of: call), index.declaresFunction(named: name, seenFrom: module)
        else { return nil }
        var candidates = index.freeFunctions(named: name, seenFrom: module).map(\.info)
        if let owner = tree.enclosingType(of: call),
            let s = index.symbol(ofDeclaration: owner, in: tree, module: module)
        {
            candidates += index.methods(s, named: name)
        }
        let args = tree.arguments(of: call)
        guard let argument = args.firstIndex(of: tree[closure].parent) else { return nil }
        // Arguments bind to parameters as everywhere else (`CallShape`): every candidate must
        // agree on the parameter's global actor.
        let shape = CallShape(
            name: name, receiver: .implicit(""), isInitializer: false, labels: args.map { tree.label(of: $0) },
            trailing: args.map { tree[$0].flags.contains(.isTrailingClosure) })
        var actor: String?
        for f in candidates {
            guard let k = shape.parameter(of: argument, in: f) else { return nil }
            let g = f.closureParameterActors[k]
            guard !g.isEmpty, g != KnowledgeBase.inheritActorContextAttribute, actor == nil || actor == g else {
                return nil
            }
            actor = g
        }
        guard let actor else { return nil }
        return Isolation(
            actor == KnowledgeBase.mainActor ? .mainActor : .globalActor(actor),
            "the closure parameter of \(name) is @\(actor)")
    }

}

extension IsolationModel {
    /// `operation.completionBlock = { … }`: the SDK callback property a closure is assigned to,
    /// when the knowledge base says the SDK calls it off the main thread.
    func callbackPropertyAssigned(_ closure: Int32) -> String? {
        let parent = tree[closure].parent
        guard tree[parent].kind == .sequenceExpr else { return nil }
        let operands = tree.children(parent)
        guard let k = operands.firstIndex(of: closure), k > operands.startIndex else { return nil }
        let target = operands[operands.index(before: k)]
        guard tree.token(at: tree[target].endToken).kind == .equal, tree[target].kind == .memberAccess else {
            return nil
        }
        let name = tree.name(of: target)
        return KnowledgeBase.isBackgroundCallbackProperty(name) ? name : nil
    }
}

/// Recognises the calls whose closure runs somewhere else.
public enum CalleeClassifier {
    public static func isolation(forClosurePassedTo path: String, call: Int32, tree: SyntaxTree) -> Isolation? {
        switch path {
        case "Task.detached":
            return Isolation(.detached, "Task.detached runs off any actor")
        case "MainActor.run", "MainActor.assumeIsolated", "MainActor.shared.run":
            return Isolation(.mainActor, "\(path) runs on the main actor")
        default:
            break
        }
        if isMainQueueDispatch(path) { return Isolation(.mainActor, "DispatchQueue.main runs on the main thread") }
        if isBackgroundQueueDispatch(path) { return Isolation(.nonisolated, "\(path) runs on a dispatch queue") }
        if let api = callbackAPI(path: path, call: call, tree: tree) {
            return Isolation(.nonisolated, "the closure of \(api.method) is @Sendable or delivered off the main thread")
        }
        return nil
    }

    static let dispatchMethods: Set<String> = ["async", "asyncAfter", "concurrentPerform"]

    /// The method names of the knowledge base's callback APIs.
    static let callbackMethodNames = Set(KnowledgeBase.callbackAPIs.map(\.method))

    /// Last names of every call whose closure may run off the main thread (a cheap filter).
    public static let offMainCallNames: Set<String> = dispatchMethods.union(callbackMethodNames)

    /// `DispatchQueue.main.async`, `.main.async` (and `asyncAfter`).
    public static func isMainQueueDispatch(_ path: String) -> Bool {
        guard let dot = path.lastIndexASCII(UInt8(ascii: ".")) else { return false }
        let method = path[path.index(after: dot)...]
        let base = path[..<dot]
        return (method == "async" || method == "asyncAfter") && (base == "DispatchQueue.main" || base == ".main")
    }

    /// `.async` on a global or custom queue.
    public static func isBackgroundQueueDispatch(_ path: String) -> Bool {
        guard let dot = path.lastIndexASCII(UInt8(ascii: ".")) else { return false }
        let method = String(path[path.index(after: dot)...])
        let base = path[..<dot]
        guard dispatchMethods.contains(method), !base.isEmpty else { return false }
        if base == "DispatchQueue.main" || base == ".main" || base == "MainActor" || base == "Task" { return false }
        return base.hasPrefix("DispatchQueue") || base.lowercased().hasSuffix("queue") || base.hasSuffix("global")
    }

    /// The knowledge-base callback API a call matches, by method name and labels.
    public static func callbackAPI(path: String, call: Int32, tree: SyntaxTree) -> KnowledgeBase.CallbackAPI? {
        // The last non-empty component (a half-typed `a.observe.` ends in a dot).
        var whole = Substring(path)
        while whole.hasSuffix(".") { whole = whole.dropLast() }
        let method = String(
            whole[(whole.lastIndexASCII(UInt8(ascii: ".")).map(whole.index(after:)) ?? whole.startIndex)...])
        // The cheap test first: asked of every call a closure is passed to, and most are none.
        guard callbackMethodNames.contains(method) else { return nil }
        let labels = Set(tree.arguments(of: call).compactMap { tree.label(of: $0) })
        for api in KnowledgeBase.callbackAPIs where api.method == method {
            guard api.requiredLabels.allSatisfy(labels.contains) else { continue }
            if api.keyPathFirst {
                guard let first = tree.arguments(of: call).first, let v = tree.value(of: first),
                    tree[v].kind == .keyPathExpr
                else { continue }
            }
            return api
        }
        return nil
    }
}
