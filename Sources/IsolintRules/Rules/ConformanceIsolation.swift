import IsolintSyntax

/// `conformance-isolation`: a main-actor type conforming to a nonisolated synchronous protocol
/// whose requirements it implements on the main actor.
public struct ConformanceIsolation: CandidateFileRule {
    public static let descriptor = RuleDescriptor(
        id: "conformance-isolation", severity: .error,
        summary: "A main-actor type implements a nonisolated protocol's requirements on the main actor.",
        explanation: """
            ## What it finds
            A main-actor-isolated type (declared `@MainActor`, a subclass of a main-actor SDK type such as \\
            `UIViewController`, or any type of a target with default MainActor isolation) that conforms to a \\
            nonisolated synchronous protocol and implements its requirements without `nonisolated`: the \\
            standard value protocols (`Equatable`, `Hashable`, `Comparable`, descriptions, `Codable`, \\
            `Identifiable`, `Error`, `LocalizedError`), delegate protocols of frameworks that predate \\
            concurrency (CoreLocation, CoreBluetooth, AVFoundation capture outputs, URLSession, …) and \\
            workspace protocols declared without isolation. Reported once per protocol, at its name in the \\
            inheritance clause. Not reported: main-actor protocols (UIKit/AppKit delegates and data sources), \\
            members already `nonisolated`, requirements met by stored `let`s of Sendable types, synthesized \\
            conformances. In a target with default MainActor isolation or `InferIsolatedConformances` the \\
            compiler infers an isolated conformance and accepts the code; there only delegate protocols the \\
            SDK calls on a background queue are reported, as a warning.

            ## Why it matters in Swift 6
            The protocol's callers are not on the main actor, so main-actor implementations cannot satisfy \\
            it: Swift 6 rejects the conformance (`[#ConformanceIsolation]`). Where the compiler infers an \\
            isolated conformance instead, a delegate callback that arrives on a background queue traps at run \\
            time under Swift 6's dynamic isolation checks. After adding `@MainActor`, this is the most common \\
            edit of real migrations.

            ## Which fix when
            - Value protocols: **mark the implementations `nonisolated`** when they read only `let`s of \\
            Sendable types (or nothing from the instance); otherwise **use an isolated conformance** \\
            (`@MainActor Equatable`, Swift 6.2), so that the conformance is only used on the main actor.
            - Delegates and workspace protocols: 1. **an isolated conformance** (`@MainActor P`, Swift 6.2) — \\
            the callbacks arrive on the main actor; 2. **a `@preconcurrency` conformance** — for frameworks not \\
            yet annotated, with a run-time check; 3. **`nonisolated` requirements that assume the main actor** \\
            (`MainActor.assumeIsolated { … }`) — for callbacks documented to arrive on the main thread.
            - Background delegates where the conformance is inferred isolated: **make the requirement \\
            `nonisolated` and hop to the main actor** with `Task { @MainActor in … }` (copy the Sendable values \\
            it needs from the parameters first).

            ## Before / after
            ```swift
            @MainActor final class Session: Equatable {
                let id: UUID
                static func == (a: Session, b: Session) -> Bool { a.id == b.id }   // error in Swift 6
            }
            @MainActor final class Session: Equatable {
                let id: UUID
                nonisolated static func == (a: Session, b: Session) -> Bool { a.id == b.id }
            }

            final class MapViewController: UIViewController, CLLocationManagerDelegate {   // error
            final class MapViewController: UIViewController, @MainActor CLLocationManagerDelegate {
            ```
            """,
        compilerGroup: "ConformanceIsolation")

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }

    /// What kind of protocol a conformance is to.
    enum Family {
        case value(requirements: Set<String>)
        case delegate(background: Bool, prefixes: [String])
        case workspace(requirements: Set<String>)
    }

    /// The declarations that can conform: types other than protocols and actors, and extensions.
    static let kinds: [NodeKind] = [.classDecl, .structDecl, .enumDecl, .extensionDecl]

    // A file rule: a conformance written on the class is often implemented in an extension (another
    // top-level declaration), and the fixes edit those members. Its candidates are the cheap
    // tests `check` starts with — a type conforming to a protocol whose family can be known, and
    // main-actor — which depend on the declaration itself (and the index) only: the language
    // server keeps them for unchanged declarations, so a keystroke does not resolve every type.
    public var candidateKinds: [NodeKind] { Self.kinds }

    public func isCandidate(_ node: Int32, in file: FileContext) -> Bool {
        mayConformToAFamily(node, file) && file.isolation.typeIsolation(node).isMainActor
    }

    public func check(candidates: [Int32], file: FileContext, into findings: inout [Finding]) {
        for d in candidates { check(d, file, into: &findings) }
    }

    /// False when no entry of the declaration's inheritance clause can name a protocol `family(of:)`
    /// knows: every family is one the knowledge base lists or a workspace protocol, reached by a
    /// name of the workspace's (a type or typealias; any word of the entry counts, so a
    /// module-qualified or nested name does).
    func mayConformToAFamily(_ decl: Int32, _ file: FileContext) -> Bool {
        let tree = file.tree
        return tree.inheritedTypes(of: decl).contains { entry in
            tree.containsToken(in: entry.type) { t in
                guard tree.tokens[Int(t)].isWord else { return false }
                let word = tree.text(token: t)
                return KnowledgeBase.valueProtocolRequirements[word] != nil
                    || KnowledgeBase.nonisolatedDelegateProtocols[word] != nil || file.index.declaresType(named: word)
            }
        }
    }

    func check(_ decl: Int32, _ file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        guard tree.firstChild(decl, kind: .inheritanceClause) != nil else { return }
        let isolation = file.isolation.typeIsolation(decl)
        guard isolation.isMainActor else { return }
        let inferred =
            file.settings.infersIsolatedConformances
            || file.settings.upcomingFeatures.contains("ApproachableConcurrency")
        let context = file.model.lookupContext(at: decl)
        for entry in tree.inheritedTypes(of: decl) {
            let attributes = tree.children(entry.type, kind: .attribute).map { tree.name(of: $0) }
            // `@MainActor P` (isolated), `@preconcurrency P`, `@unchecked`: already decided.
            if !attributes.isEmpty { continue }
            let type = TypeExpr.parse(tree.textWithoutAttributes(entry.type))
            guard let path = type.path, let family = family(of: path, context, file) else { continue }
            let refinesSendable = protocolRefinesSendable(path, context, file)
            // Where the compiler infers an isolated conformance, only background delegates remain.
            var background = false
            if inferred, !refinesSendable {
                guard case .delegate(true, _) = family else { continue }
                background = true
            }
            let members = implementations(of: family, in: decl, file)
            let offending = members.filter { m in
                // An async requirement may be met on the main actor: the caller awaits the hop.
                if tree[m].flags.contains(.isAsync) { return false }
                let own = file.isolation.declarationIsolation(m)
                if own?.kind == .nonisolated || own?.kind == .concurrent { return false }
                return file.model.memberIsolation(m).isMainActor
            }
            guard !offending.isEmpty else { continue }
            let name = tree.name(of: entry.type)
            let anchor = tree.start(entry.type)..<tree.range(of: entry.type).upperBound
            let memberList = offending.prefix(3).map { describe($0, tree) }.joined(separator: ", ")
            let typeName = tree[decl].kind == .extensionDecl ? tree.extendedTypeText(decl) : tree.name(of: decl)
            if background {
                findings.append(
                    file.finding(
                        Self.descriptor, anchor,
                        "\(name) calls \(memberList) on a background queue, but the conformance of '\(typeName)' is inferred main-actor isolated: Swift 6 traps when such a callback arrives off the main thread.",
                        fixes: hopFixes(offending, file), severity: .warning))
                continue
            }
            findings.append(
                file.finding(
                    Self.descriptor, anchor,
                    "Conformance of '\(typeName)' to '\(name)' crosses into main-actor-isolated code: \(memberList) \(offending.count == 1 ? "is" : "are") main-actor isolated, but \(name)'s requirements are nonisolated; Swift 6 rejects it.",
                    fixes: fixes(family, entry.type, offending, refinesSendable: refinesSendable, file)))
        }
    }

    /// The protocol family a conformance names, or nil when it is isolated or unknown.
    func family(of path: [String], _ context: LookupContext, _ file: FileContext) -> Family? {
        switch file.index.resolve(path, in: context) {
        case .external(let p):
            guard let name = p.last else { return nil }
            if KnowledgeBase.isMainActorSDKType(name) { return nil }
            if let requirements = KnowledgeBase.valueProtocolRequirements[name] {
                return .value(requirements: requirements)
            }
            if let background = KnowledgeBase.nonisolatedDelegateProtocols[name] {
                return .delegate(background: background, prefixes: KnowledgeBase.delegateMethodPrefixes[name] ?? [])
            }
            return nil
        case .symbol(let s):
            guard file.index.symbolKind(s) == .protocolDecl, file.index.globalActor(of: s) == nil else { return nil }
            // Requirements declared on a global actor (`@MainActor var icon: Image { get }`) may be met there.
            let isolated = { (attributes: [String]) in attributes.contains(where: file.index.isGlobalActorAttribute) }
            let names = Set(
                file.index.methods(s).filter { !isolated($0.attributes) && !$0.isAsync }.map(\.name)
                    + file.index.properties(s).filter { !isolated($0.attributes) }.map(\.name))
            return names.isEmpty ? nil : .workspace(requirements: names)
        default:
            return nil
        }
    }

    /// Error and LocalizedError refine Sendable: no isolated conformance can satisfy them.
    func protocolRefinesSendable(_ path: [String], _ context: LookupContext, _ file: FileContext) -> Bool {
        switch file.index.resolve(path, in: context) {
        case .external(let p): return p.last.map(KnowledgeBase.sendableRefiningProtocols.contains) ?? false
        case .symbol(let s): return file.index.refinesSendable(s)
        default: return false
        }
    }

    /// The members of this declaration (and of the type's other declarations in this file) that
    /// implement the protocol's requirements.
    func implementations(
        of family: Family, in decl: Int32, _ file: FileContext
    ) -> [Int32] {
        let tree = file.tree
        var containers = [decl]
        if let s = file.model.symbol(of: decl) {
            containers += file.model.fileDeclarations(of: s).filter { $0 != decl && Self.kinds.contains(tree[$0].kind) }
        }
        var out: [Int32] = []
        for c in containers {
            for m in tree.members(of: c) where matches(m, family, tree) { out.append(m) }
        }
        return out
    }

    func matches(_ m: Int32, _ family: Family, _ tree: SyntaxTree) -> Bool {
        let kind = tree[m].kind
        let names: [String]
        switch kind {
        case .funcDecl, .subscriptDecl: names = [tree.name(of: m)]
        case .varDecl: names = IndexBuilder.propertyInfos(tree, m).map(\.name)
        case .initDecl:
            // `init(from:)` is Decodable's requirement.
            let first = tree.firstChild(m, kind: .parameterClause).flatMap { tree.children($0, kind: .parameter).first }
            names = first.map { tree.text(token: tree[$0].name) == "from" } == true ? ["init"] : []
        default: names = []
        }
        switch family {
        case .value(let requirements), .workspace(let requirements):
            return names.contains(where: requirements.contains)
        case .delegate(_, let prefixes):
            return kind == .funcDecl && names.contains { n in prefixes.contains(n) }
        }
    }

    func describe(_ m: Int32, _ tree: SyntaxTree) -> String {
        let isStatic = tree.hasModifier(m, "static") || tree.hasModifier(m, "class")
        switch tree[m].kind {
        case .varDecl:
            return "'\(isStatic ? "static " : "")var \(IndexBuilder.propertyInfos(tree, m).first?.name ?? "")'"
        case .initDecl: return "'init(from:)'"
        default: return "'\(isStatic ? "static " : "")func \(tree.name(of: m))'"
        }
    }

    func fixes(_ family: Family, _ type: Int32, _ offending: [Int32], refinesSendable: Bool, _ file: FileContext)
        -> [Fix]
    {
        let tree = file.tree
        let isolated = Fix(
            title: "Use an isolated conformance (`@MainActor \(tree.name(of: type))`, Swift 6.2)",
            edits: [Edits.insert("@MainActor ", at: tree.start(type))])
        let nonisolated = Fix(
            title: offending.count == 1
                ? "Mark the implementation `nonisolated`" : "Mark the implementations `nonisolated`",
            edits: offending.map { Edits.insert("nonisolated ", at: Edits.afterAttributes(tree, $0)) })
        switch family {
        case .value:
            // `nonisolated` compiles only when the implementations read no main-actor state.
            // A stored `var` cannot be `nonisolated`.
            let storedVar = offending.contains { m in
                tree[m].kind == .varDecl && !tree[m].flags.contains(.isLet)
                    && tree.children(m, kind: .binding).contains { IndexBuilder.isStored(tree, $0) }
            }
            let safe = !storedVar && offending.allSatisfy { readsOnlyNonisolatedState($0, file) }
            if refinesSendable { return storedVar ? [] : [nonisolated] }
            return safe ? [nonisolated, isolated] : [isolated]
        case .delegate, .workspace:
            var out = [isolated]
            if case .delegate = family {
                out.append(
                    Fix(
                        title: "Use a `@preconcurrency` conformance (checked at run time)",
                        edits: [Edits.insert("@preconcurrency ", at: tree.start(type))]))
            }
            var edits: [ByteEdit] = []
            for m in offending where tree[m].kind == .funcDecl {
                guard let body = tree.firstChild(m, kind: .codeBlock),
                    let wrap = Edits.wrapStatements(
                        of: body,
                        with: returns(m, tree) ? "return MainActor.assumeIsolated" : "MainActor.assumeIsolated",
                        tree)
                else { continue }
                edits.append(Edits.insert("nonisolated ", at: Edits.afterAttributes(tree, m)))
                edits += wrap
            }
            if !edits.isEmpty {
                out.append(
                    Fix(
                        title:
                            "Make the requirements `nonisolated` and assume the main actor (callbacks on the main thread)",
                        edits: edits))
            }
            return out
        }
    }

    /// `nonisolated` + `Task { @MainActor in … }` around each callback's body.
    func hopFixes(_ offending: [Int32], _ file: FileContext) -> [Fix] {
        let tree = file.tree
        var edits: [ByteEdit] = []
        var usesParameters = false
        for m in offending where tree[m].kind == .funcDecl && !returns(m, tree) {
            guard let body = tree.firstChild(m, kind: .codeBlock) else { continue }
            let params = (tree.firstChild(m, kind: .parameterClause).map { tree.children($0, kind: .parameter) } ?? [])
                .map { tree.text(token: tree[$0].keyword >= 0 ? tree[$0].keyword : tree[$0].name) }
            let used = tree.subtree(body).contains { n in
                tree[n].kind == .identifierExpr && params.contains(tree.name(of: n))
            }
            usesParameters = usesParameters || used
            guard
                let wrap = Edits.wrapStatements(
                    of: body, with: "Task { @MainActor in", tree,
                    placeholder: used
                        ? "// TODO(isolint): copy the Sendable values this needs from the parameters before the Task"
                        : nil)
            else { continue }
            edits.append(Edits.insert("nonisolated ", at: Edits.afterAttributes(tree, m)))
            edits += wrap
        }
        guard !edits.isEmpty else { return [] }
        return [
            Fix(
                title: "Make the requirements `nonisolated` and hop to the main actor with `Task { @MainActor in … }`",
                needsReview: usesParameters, edits: edits)
        ]
    }

    /// A function with a result type (its body must return the assumed-isolated value): an
    /// arrow between its parameter clause and its body.
    func returns(_ m: Int32, _ tree: SyntaxTree) -> Bool {
        guard let clause = tree.firstChild(m, kind: .parameterClause) else { return false }
        let end = tree.firstChild(m, kind: .codeBlock).map { tree[$0].firstToken } ?? tree[m].endToken
        return (tree[clause].endToken..<end).contains { tree.token(at: $0).kind == .arrow }
    }

    /// Whether an implementation reads only state that is not main-actor isolated: members it
    /// names (on `self` or on other instances, as `==` does) must all be nonisolated.
    func readsOnlyNonisolatedState(_ m: Int32, _ file: FileContext) -> Bool {
        let tree = file.tree
        guard let owner = directOwnerType(tree, m) else { return false }
        let members = file.model.memberNames(of: owner)
        for n in tree.subtree(m) {
            let name: String
            switch tree[n].kind {
            case .memberAccess: name = tree.name(of: n)
            case .identifierExpr where file.model.resolveLocal(tree.name(of: n), at: n) == nil: name = tree.name(of: n)
            default: continue
            }
            guard members.contains(name) else { continue }
            if file.model.isMainActorMember(name, of: owner) { return false }
        }
        return true
    }
}
