import IsolintSyntax

/// `global-mutable-state`: a `static var` or global `var` (or a `static`/global `let` of a
/// non-Sendable class) that no global actor protects.
public struct GlobalMutableState: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "global-mutable-state", severity: .error,
        summary: "Static or global mutable state that no global actor isolates.",
        explanation: """
            ## What it finds
            A stored `static var` or global `var` that is not isolated to a global actor (by its own \
            attribute, its type or its extension), not `nonisolated(unsafe)`, not `@TaskLocal`, and not \
            computed (also by a macro such as Swift Testing's `@Tag static var`) — an `actor`'s static \
            storage counts too, it is not isolated to the actor. A `static var` that satisfies a protocol \
            requirement declared `nonisolated(unsafe)` is `nonisolated(unsafe)` itself. Also a `static let` or \
            global `let` holding a workspace type that is not Sendable (a class without `Sendable`, a public \
            struct that does not declare it).

            ## Why it matters in Swift 6
            Any task on any thread can read and write it at once. Swift 6 rejects it: \
            "static property 'x' is not concurrency-safe because it is nonisolated global shared mutable state".

            ## Which fix when
            1. **Make it a constant** (`static let`) — configuration that never changes after launch. Offered \
            (and preferred) only when nothing in the workspace assigns or mutates it and its type is a value type \
            or Sendable — `50 * 1024 * 1024` or `["png", "jpg"]` have their literals' types.
            2. **Isolate to the main actor** (`@MainActor`) — state the UI reads and writes; most app singletons.
            3. **Guard with an actor** — state many tasks share off the main thread: move it into an `actor` \
            (not automatic: a class does not become an actor by an edit).
            4. **Opt out with `nonisolated(unsafe)`** — only when something else really makes it safe (written \
            once before any task starts). The fix adds a `// Safety:` comment you must make true.

            ## Before / after
            ```swift
            enum Settings { static var apiBase = URL(string: "https://api.example.com")! }   // error in Swift 6
            enum Settings { static let apiBase = URL(string: "https://api.example.com")! }   // a constant

            final class ImageCache { static var shared = ImageCache() }                       // error
            @MainActor final class ImageCache { static var shared = ImageCache() }            // isolated
            ```
            """,
        compilerGroup: "MutableGlobalVariable")

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.varDecl] }

    public func check(_ decl: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        let isStatic = tree.hasModifier(decl, "static") || tree.hasModifier(decl, "class")
        let owner = directOwnerType(tree, decl)
        if isStatic {
            guard let owner, tree[owner].kind != .protocolDecl else { return }
        } else {
            guard tree.isFileScope(decl), !file.isolation.isMainFile else { return }
        }
        if tree.unsafeNonisolatedModifier(decl) != nil { return }
        for a in tree.attributeNames(of: decl) {
            // `@TaskLocal`, a global actor, or a macro that makes the property computed (`@Tag`).
            if KnowledgeBase.taskLocalAttribute == a || file.index.isGlobalActorAttribute(a)
                || KnowledgeBase.computedPropertyMacros.contains(a)
            {
                return
            }
        }
        if tree.hasModifier(decl, "nonisolated") { return }
        if let owner {
            if file.isolation.typeIsolation(owner).isGlobalActor { return }
        } else if file.settings.defaultIsolationMainActor {
            return
        }
        let bindings = tree.children(decl, kind: .binding)
        guard let firstBinding = bindings.first, bindings.contains(where: { IndexBuilder.isStored(tree, $0) }) else {
            return
        }
        let keyword = tree[decl].keyword
        guard keyword >= 0 else { return }
        let properties = IndexBuilder.propertyInfos(tree, decl)
        let names = properties.map(\.name)
        guard let name = names.first else { return }
        let what = isStatic ? "Static property '\(name)'" : "Global variable '\(name)'"
        let nameEnd = tree[firstBinding].name >= 0 ? tree[firstBinding].name : keyword
        let range = file.range(from: keyword, through: nameEnd)
        let type = properties.first?.type

        if tree[decl].flags.contains(.isLet) {
            // A constant is safe unless its type is not Sendable: the compiler rejects a shared
            // reference to a non-Sendable workspace type ("may have shared mutable state").
            guard let type, let display = properties.first?.typeText, isWorkspaceType(type, file, at: decl),
                file.model.sendability(of: type, at: decl) == .notSendable
            else { return }
            if let owner, isStatic, witnessesUnsafeRequirement(decl, owner: owner, file) { return }
            findings.append(
                file.finding(
                    Self.descriptor, range,
                    "\(what) holds non-Sendable type '\(simpleTypeName(display))', which may have shared mutable state that any task can reach; Swift 6 rejects it.",
                    fixes: [isolateFix(tree, decl), optOutFix(tree, decl)]))
            return
        }
        if let owner, isStatic, witnessesUnsafeRequirement(decl, owner: owner, file) { return }
        var fixes: [Fix] = []
        if let type, names.allSatisfy({ !file.index.isMutated($0, declaredIn: file.model.module) }),
            isValueType(type, file, at: decl) || file.model.sendability(of: type, at: decl) == .sendable
        {
            fixes.append(
                Fix(title: "Make it a constant (`let`)", edits: [Edits.replace(tree.tokenRange(keyword), with: "let")]))
        }
        fixes.append(isolateFix(tree, decl))
        fixes.append(optOutFix(tree, decl))
        findings.append(
            file.finding(
                Self.descriptor, range,
                "\(what) is nonisolated shared mutable state: any task can read and write it at once, and Swift 6 rejects it. Isolate it to a global actor, make it a constant, or protect it and opt out explicitly.",
                fixes: fixes))
    }

    /// A static property that satisfies a protocol requirement declared `nonisolated(unsafe)`,
    /// in the declaration that states the conformance, is `nonisolated(unsafe)` itself (swiftc 6.3).
    func witnessesUnsafeRequirement(_ decl: Int32, owner: Int32, _ file: FileContext) -> Bool {
        let names = Set(IndexBuilder.propertyInfos(file.tree, decl).map(\.name))
        let context = file.model.lookupContext(at: owner)
        for entry in file.tree.inheritedTypes(of: owner) {
            let path = TypeExpr.parse(file.tree.textWithoutAttributes(entry.type)).path ?? [entry.name]
            guard let p = file.index.resolveSymbol(path, in: context), file.index.symbolKind(p) == .protocolDecl else {
                continue
            }
            if file.index.properties(p).contains(where: {
                $0.isStatic && $0.isNonisolatedUnsafe && names.contains($0.name)
            }) {
                return true
            }
        }
        return false
    }

    /// A type the workspace declares (directly, or as the element of an optional).
    func isWorkspaceType(_ type: TypeExpr, _ file: FileContext, at node: Int32) -> Bool {
        guard let path = type.unwrapped.path else { return false }
        return file.index.resolveSymbol(path, in: file.model.lookupContext(at: node)) != nil
    }

    /// A struct or enum (the workspace's, or a standard value type): a `let` of it is a constant.
    func isValueType(_ type: TypeExpr, _ file: FileContext, at node: Int32) -> Bool {
        switch type.unwrapped {
        case .array, .dictionary, .tuple: return true
        case .nominal:
            guard let path = type.unwrapped.path else { return false }
            if let s = file.index.resolveSymbol(path, in: file.model.lookupContext(at: node)) {
                return [.structDecl, .enumDecl].contains(file.index.symbolKind(s))
            }
            return path.last.map {
                KnowledgeBase.sendableValueTypes.contains($0) || KnowledgeBase.sendableContainers.contains($0)
            }
                ?? false
        default: return false
        }
    }

    func isolateFix(_ tree: SyntaxTree, _ decl: Int32) -> Fix {
        Fix(
            title: "Isolate to the main actor (`@MainActor`)",
            edits: [Edits.insert("@MainActor ", at: Edits.afterAttributes(tree, decl))])
    }

    func optOutFix(_ tree: SyntaxTree, _ decl: Int32) -> Fix {
        Fix(
            title: "Opt out with `nonisolated(unsafe)` (add a Safety comment you must make true)", needsReview: true,
            edits: [
                Edits.lineAbove(
                    tree, tree.start(decl), "// Safety: written once before any task starts; read-only afterwards."),
                Edits.insert("nonisolated(unsafe) ", at: Edits.afterAttributes(tree, decl)),
            ])
    }
}

/// `Foo` for `Foo`, `Foo?`, `Module.Foo`, `Foo<Bar>`.
func simpleTypeName(_ text: String) -> String {
    TypeExpr.parse(text).unwrapped.simpleName ?? text
}
