import IsolintSyntax

/// `deinit-isolation`: the nonisolated `deinit` of a main-actor class calls its isolated
/// methods or touches its stored properties of non-Sendable types.
public struct DeinitIsolation: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "deinit-isolation", severity: .error,
        summary: "A main-actor class's deinit calls isolated methods or touches non-Sendable state.",
        explanation: """
            ## What it finds
            In the `deinit` of a main-actor-isolated class (`@MainActor`, a main-actor SDK superclass such as \
            `UIViewController`, or a target with default MainActor isolation), each call of one of the class's \
            main-actor methods (or computed properties), and each access to one of its stored properties whose \
            type is not Sendable by the shared model — SDK classes such as `Timer` or an observer token \
            (`NSObjectProtocol`), workspace classes that are not Sendable. An `isolated deinit`, a \
            `nonisolated` member, a `nonisolated(unsafe)` property and a property of a Sendable type (a \
            `Task`, a `UUID`, another main-actor class) are fine; so is a type isolint cannot judge.

            ## Why it matters in Swift 6
            A `deinit` is nonisolated: it runs wherever the last reference goes away, on any thread. Swift 6 \
            rejects main-actor calls there (`[#ActorIsolatedCall]`) and \
            "cannot access property 'timer' with a non-Sendable type 'Timer?' from nonisolated deinit".

            ## Which fix when
            1. **`isolated deinit`** (SE-0371, Swift 6.2; iOS 18.4 / macOS 15.4 run time) — the cleanup runs on \
            the main actor. It is then no longer synchronous with the last release: it runs when the main actor \
            gets to it, so do not rely on it finishing before the next line after the release.
            2. **Replace the Timer with a Task loop** (for a `Timer` property scheduled with \
            `Timer.scheduledTimer(withTimeInterval:repeats:block:)` in the class) — a `Task` that sleeps with \
            `Task.sleep(for:)`; a `Task` is Sendable, so `timer?.cancel()` needs no isolation.

            ## Before / after
            ```swift
            deinit { timer?.invalidate() }            // error: non-Sendable 'Timer?' from nonisolated deinit
            isolated deinit { timer?.invalidate() }   // runs on the main actor
            ```
            """,
        compilerGroup: "ActorIsolatedCall")

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.deinitDecl] }

    public func check(_ decl: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        guard let owner = directOwnerType(tree, decl), tree[owner].kind == .classDecl,
            file.isolation.typeIsolation(owner).isMainActor,
            file.isolation.declarationIsolation(decl)?.isMainActor != true, !tree.hasModifier(decl, "isolated"),
            let body = tree.firstChild(decl, kind: .codeBlock)
        else { return }
        let offending = offendingAccesses(in: body, owner: owner, file)
        guard !offending.isEmpty else { return }
        let className = tree.name(of: owner)
        let isolatedDeinit = Fix(
            title: "Use `isolated deinit` (Swift 6.2+: cleanup runs on the main actor, no longer synchronously)",
            edits: [Edits.insert("isolated ", at: tree.startOf(token: tree[decl].keyword))])
        var timerFixes: [String: Fix?] = [:]
        for access in offending {
            var fixes = [isolatedDeinit]
            if access.isTimer {
                if timerFixes[access.name] == nil {
                    timerFixes[access.name] = TimerTaskReplacement.fix(
                        deinit: decl, owner: owner, property: access.name, file)
                }
                if let fix = timerFixes[access.name] ?? nil { fixes.append(fix) }
            }
            let message =
                access.isCall
                ? "deinit is nonisolated, but it \(access.name.hasSuffix("()") ? "calls" : "reads") main-actor '\(access.name)' of \(className): Swift 6 rejects it. Use `isolated deinit`, or move the cleanup out of deinit."
                : "deinit is nonisolated, but it touches '\(access.name)' of non-Sendable type '\(access.typeText)': Swift 6 rejects the access. Use `isolated deinit`\(access.isTimer ? ", or replace the Timer with a Task" : "")."
            findings.append(file.finding(Self.descriptor, access.range, message, fixes: fixes))
        }
    }

    struct Access {
        var range: Range<Int>
        var name: String
        var isCall: Bool
        var typeText: String
        var isTimer: Bool
    }

    /// Calls of main-actor members and accesses to non-Sendable stored properties, in source
    /// order, in the deinit's own code (not in closures that hop to the main actor).
    func offendingAccesses(in body: Int32, owner: Int32, _ file: FileContext) -> [Access] {
        let tree = file.tree
        let model = file.model
        var out: [Access] = []
        var stack: [Int32] = []
        tree.pushChildren(of: body, onto: &stack)
        while let n = stack.popLast(), out.count < 32 {
            let kind = tree[n].kind
            if kind == .closure, let iso = file.isolation.closureIsolation(n, view: .compiler), iso.isGlobalActor {
                continue
            }
            if [.funcDecl, .classDecl, .structDecl, .enumDecl, .actorDecl].contains(kind)
                || tree.isReferenceOnlyMacro(n)
            {
                continue
            }
            var name: String?
            var range = tree.range(of: n)
            switch kind {
            case .identifierExpr:
                let text = tree.name(of: n)
                if model.resolveLocal(text, at: n) == nil { name = text }
            case .memberAccess:
                if let base = tree.children(n).first, tree[base].kind == .selfExpr { name = tree.name(of: n) }
            case .optionalBinding:
                // `if let observer { … }`: the shorthand reads the property.
                if tree.children(n).isEmpty, tree[n].name >= 0 {
                    let text = tree.name(of: n)
                    if model.resolveLocal(text, at: tree[n].parent) == nil {
                        name = text
                        range = tree.tokenRange(tree[n].name)
                    }
                }
            default:
                break
            }
            if let name, let access = classify(name, at: n, range: range, owner: owner, file) {
                out.append(access)
                continue
            }
            tree.pushChildren(of: n, onto: &stack)
        }
        return out
    }

    /// What touching `name` (a member of `owner`) at node `n` is: a call of a main-actor member,
    /// an access to a stored property of a non-Sendable type, or nothing to report.
    func classify(_ name: String, at n: Int32, range: Range<Int>, owner: Int32, _ file: FileContext) -> Access? {
        let tree = file.tree
        let parent = tree[n].parent
        let isCallee = tree[parent].kind == .call && tree.callee(of: parent) == n
        if let m = member(named: name, of: owner, tree) {
            if tree[m].kind == .funcDecl {
                guard file.model.memberIsolation(m).isMainActor else { return nil }
                return Access(
                    range: isCallee ? tree.range(of: parent) : range, name: name + "()", isCall: true, typeText: "",
                    isTimer: false)
            }
            guard tree[m].kind == .varDecl, tree.unsafeNonisolatedModifier(m) == nil,
                !tree.hasModifier(m, "nonisolated"),
                let binding = tree.children(m, kind: .binding).first(where: { b in
                    IndexBuilder.propertyInfos(tree, m).contains { $0.name == name } && tree[b].kind == .binding
                })
            else { return nil }
            if !IndexBuilder.isStored(tree, binding)
                || isAccessorBacked(
                    tree.attributeNames(of: m), isLet: tree[m].flags.contains(.isLet),
                    ownerAttributes: tree.attributeNames(of: owner), file)
            {
                // A computed property (a wrapper's, an `@Observable` class's tracked one) is a main-actor getter.
                guard file.model.memberIsolation(m).isMainActor else { return nil }
                return Access(range: range, name: name, isCall: true, typeText: "", isTimer: false)
            }
            guard let p = IndexBuilder.propertyInfos(tree, m).first(where: { $0.name == name }),
                let (type, context) = file.index.type(of: p, in: file.model.lookupContext(at: m))
            else { return nil }
            return storedAccess(p, type: type, context: context, range: range, file)
        }
        // Declared in another file (an extension holds only methods and computed properties).
        guard let s = file.model.symbol(of: owner) else { return nil }
        if let f = file.index.methods(s, named: name).first(where: { !$0.isStatic }) {
            guard !f.isNonisolated, file.model.isMainActor(declared: f.attributes) else { return nil }
            return Access(
                range: isCallee ? tree.range(of: parent) : range, name: name + "()", isCall: true, typeText: "",
                isTimer: false)
        }
        if let p = file.index.properties(s, named: name).first(where: { !$0.isStatic }) {
            if !p.isStored
                || isAccessorBacked(p.attributes, isLet: p.isLet, ownerAttributes: tree.attributeNames(of: owner), file)
            {
                guard !p.isNonisolated, file.model.isMainActor(declared: p.attributes) else { return nil }
                return Access(range: range, name: name, isCall: true, typeText: "", isTimer: false)
            }
            guard !p.isNonisolated, !p.isNonisolatedUnsafe,
                let (type, context) = file.index.type(of: p, in: file.index.context(of: s))
            else { return nil }
            return storedAccess(p, type: type, context: context, range: range, file)
        }
        return nil
    }

    func storedAccess(_ p: PropertyInfo, type: TypeExpr, context: LookupContext, range: Range<Int>, _ file: FileContext)
        -> Access?
    {
        guard !p.isNonisolated, !p.isNonisolatedUnsafe,
            file.index.sendability(of: type, in: context) == .notSendable
        else { return nil }
        return Access(
            range: range, name: p.name, isCall: false, typeText: p.typeText ?? "\(type)",
            isTimer: type.unwrapped.path?.last == KnowledgeBase.timerType)
    }

    /// A stored-looking property whose accesses go through accessors: one with a property wrapper
    /// (an attribute naming a type), or a tracked property of an `@Observable` class (the macro
    /// turns it into a computed one).
    func isAccessorBacked(_ attributes: [String], isLet: Bool, ownerAttributes: [String], _ file: FileContext) -> Bool {
        if ownerAttributes.contains(KnowledgeBase.observableMacro), !isLet,
            !attributes.contains(KnowledgeBase.observationIgnored)
        {
            return true
        }
        return attributes.contains { a in
            a.first?.isUppercase == true && !file.index.isGlobalActorAttribute(a)
                && !KnowledgeBase.nonWrapperAttributes.contains(a)
        }
    }

    /// The member declaration of `owner` in this file that declares `name`.
    func member(named name: String, of owner: Int32, _ tree: SyntaxTree) -> Int32? {
        for m in tree.members(of: owner) where !tree.hasModifier(m, "static") && !tree.hasModifier(m, "class") {
            switch tree[m].kind {
            case .funcDecl where tree.name(of: m, is: name): return m
            case .varDecl where IndexBuilder.propertyInfos(tree, m).contains(where: { $0.name == name }): return m
            default: continue
            }
        }
        return nil
    }
}
