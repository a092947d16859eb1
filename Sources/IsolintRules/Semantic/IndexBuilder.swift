import Foundation
import IsolintSyntax

/// Builds the part of the workspace index one file contributes, in one pass over its nodes.
/// `module` is the file's target and `defaultMainActor` its default isolation: both decide how
/// names resolve and what is isolated, so the index records them with every declaration.
public enum IndexBuilder {
    static let assignmentOperators: Set<String> = [
        "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "??=", "&+=", "&-=", "&*=",
    ]

    static let arithmeticOperators: Set<String> = [
        "+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "&+", "&-", "&*",
    ]

    public static func index(_ tree: SyntaxTree, settings: TargetSettings = .standalone) -> WorkspaceIndex {
        var index = WorkspaceIndex.Contents()
        if PackageManifest.isManifest(path: tree.source.path) {
            let v = PackageManifest.readToolsVersion(tree.source.bytes)
            index.addManifest(tree.source.path, toolsVersion: ToolsVersion(major: v.major, minor: v.minor))
        }
        let module = settings.targetName ?? ""
        let defaultMainActor = settings.defaultIsolationMainActor
        index.addImports(ModuleImports(tree), module: module)
        // The names this file uses, gathered here and handed to the part once: the part's tables
        // are keyed by module first, and one file has one module (a lookup saved per name).
        // As name hashes (see `NameUses`): no `String` is made for them.
        var mutated: [UInt64] = []
        var constructed: [UInt64] = []
        var cancelled: [UInt64] = []
        var methodReceivers: [MethodReceiver] = []
        for (i, node) in tree.nodes.enumerated() {
            let n = Int32(i)
            switch node.kind {
            case .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl:
                guard node.name >= 0 else { continue }
                let info = typeDecl(tree, n, module: module, defaultMainActor: defaultMainActor)
                if info.attributes.contains(KnowledgeBase.globalActorAttribute) { index.addGlobalActor(info.name) }
                if info.inherited.contains(where: { KnowledgeBase.swiftUIViewProtocols.contains($0.name) }) {
                    index.addViewReferences(
                        referencedTypeNames(tree, members: tree.members(of: n), properties: info.properties),
                        module: module)
                }
                index.add(info)
            case .extensionDecl:
                guard let ext = extensionDecl(tree, n, module: module, defaultMainActor: defaultMainActor) else {
                    continue
                }
                if ext.inherited.contains(where: { KnowledgeBase.swiftUIViewProtocols.contains($0.name) }) {
                    index.addViewReferences(
                        referencedTypeNames(tree, members: tree.members(of: n), properties: ext.properties),
                        module: module)
                }
                index.add(ext)
            case .typealiasDecl:
                guard node.name >= 0, let ty = tree.firstChild(n, kind: .type) else { continue }
                let (qualified, parent) = tree.qualifiedName(of: n)
                index.add(
                    TypealiasDecl(
                        name: tree.name(of: n), qualifiedName: qualified, module: module,
                        target: TypeExpr.parse(tree.text(of: ty)), parent: parent,
                        enclosingScopes: tree.enclosingScopes(of: n).scopes,
                        genericParameters: genericParameters(tree, n).names))
            case .funcDecl:
                if node.name >= 0, tree.isFileScope(n) { index.addFunction(functionInfo(tree, n), module: module) }
            case .sequenceExpr:
                recordAssignments(tree, n, into: &mutated)
            case .prefixExpr:
                if tree.token(at: node.firstToken).kind == .prefixAmp { appendNames(in: tree, n, to: &mutated) }
            case .argument:
                if node.name >= 0, tree.token(node.name, is: "cloudKitDatabase"), let v = tree.children(n).first,
                    tree.text(of: v) != ".none"
                {
                    index.addMarker(KnowledgeBase.cloudKitConfiguredMarker)
                }
            case .attribute:
                if tree.token(node.name, is: "Query") { index.addMarker(KnowledgeBase.queryMarker) }
            case .memberAccess:
                if tree.token(node.name, is: "didSave"), let base = tree.children(n).first,
                    tree[base].kind == .identifierExpr, tree.token(tree[base].name, is: "ModelContext")
                {
                    index.addMarker(KnowledgeBase.didSaveMarker)
                }
            case .call:
                guard let callee = tree.callee(of: n) else { continue }
                if tree[callee].kind == .memberAccess {
                    let methodToken = tree[callee].name
                    let isInit = tree.token(methodToken, equals: "init")
                    if let base = tree.children(callee).first {
                        if KnowledgeBase.namesMutatingMethod(tree, token: methodToken) {
                            appendNames(in: tree, base, to: &mutated)
                        } else if !isInit {
                            // A mutation if the workspace declares the method mutating (known after the merge).
                            appendReceivers(tree, base, method: tree.nameHash(token: methodToken), to: &methodReceivers)
                        }
                    }
                    if isInit, let base = tree.children(callee).first, tree[base].kind == .identifierExpr {
                        constructed.append(tree.nameHash(token: tree[base].name))
                    }
                    if tree.token(methodToken, equals: KnowledgeBase.taskCancel), let base = tree.children(callee).first
                    {
                        // `task?.cancel()`, `self.task.cancel()`, `tasks[id]?.cancel()`: the last name.
                        var b = base
                        while tree[b].kind == .subscriptExpr, let inner = tree.children(b).first { b = inner }
                        if tree[b].kind == .identifierExpr || tree[b].kind == .memberAccess {
                            cancelled.append(tree.nameHash(token: tree[b].name))
                        }
                    }
                } else if tree[callee].kind == .identifierExpr {
                    constructed.append(tree.nameHash(token: tree[callee].name))
                }
            default:
                break
            }
        }
        mutated.sortAndRemoveDuplicates()
        constructed.sortAndRemoveDuplicates()
        cancelled.sortAndRemoveDuplicates()
        methodReceivers.sortAndRemoveDuplicates()
        index.addUses(
            mutated: mutated, constructed: constructed, cancelled: cancelled, methodReceivers: methodReceivers,
            module: module)
        let part = WorkspaceIndex(index)
        for summary in forwardingSummaries(tree, part, settings: settings) { index.addForwarding(summary) }
        let offMain = offMainTypeUses(tree, part, settings: settings)
        if !offMain.isEmpty { index.addOffMainTypeUses(offMain, module: module) }
        return WorkspaceIndex(index)
    }

    static func typeDecl(_ tree: SyntaxTree, _ n: Int32, module: String, defaultMainActor: Bool) -> TypeDecl {
        let members = tree.members(of: n)
        var properties: [PropertyInfo] = []
        var functions: [FunctionInfo] = []
        var associated: [TypeExpr] = []
        var hasCases = false
        var hasInstanceMembers = false
        for m in members {
            let isStatic = tree.hasModifier(m, "static") || tree.hasModifier(m, "class")
            switch tree[m].kind {
            case .varDecl:
                appendPropertyInfos(tree, m, to: &properties)
                if !isStatic { hasInstanceMembers = true }
            case .funcDecl:
                functions.append(functionInfo(tree, m))
                if !isStatic { hasInstanceMembers = true }
            case .initDecl:
                functions.append(functionInfo(tree, m))
                hasInstanceMembers = true
            case .subscriptDecl:
                if !isStatic { hasInstanceMembers = true }
            case .enumCaseDecl:
                hasCases = true
                hasInstanceMembers = true
                for element in tree.children(m, kind: .enumElement) {
                    if let clause = tree.firstChild(element, kind: .parameterClause) {
                        for p in tree.children(clause, kind: .parameter) {
                            // `case run(@Sendable () -> Void)`: the parser keeps the
                            // attribute on the parameter; it belongs to the type.
                            if let ty = tree.firstChild(p, kind: .type) {
                                let attributes = tree.children(p, kind: .attribute).map { tree.text(of: $0) + " " }
                                associated.append(TypeExpr.parse(attributes.joined() + tree.text(of: ty)))
                            }
                        }
                    }
                }
            default:
                break
            }
        }
        let (qualified, parent) = tree.qualifiedName(of: n)
        var (enclosingPublic, inNonisolated) = (true, false)
        for a in tree.ancestors(n) where SyntaxTree.isTypeDecl(tree[a].kind) {
            // An extension's own access does not limit a member's; its extended type's does
            // (checked through the parent symbol).
            if tree[a].kind != .extensionDecl, !tree.isPublicOrOpen(a) { enclosingPublic = false }
            // Default MainActor isolation skips types nested in a `nonisolated` type or an actor
            // (swiftc 6.3: an actor's nested `Codable` struct is used inside the actor).
            if tree.hasModifier(a, "nonisolated") || tree[a].kind == .actorDecl { inNonisolated = true }
        }
        let generics = genericParameters(tree, n)
        let enclosing = tree.enclosingScopes(of: n)
        return TypeDecl(
            name: tree.name(of: n), qualifiedName: qualified, module: module, kind: tree[n].kind,
            file: tree.source.path, attributes: Set(tree.attributeNames(of: n)),
            inherited: inheritedEntries(tree, n), isPublic: tree.isPublicOrOpen(n),
            isNonisolated: tree.hasModifier(n, "nonisolated"), genericParameters: generics.names,
            requirements: generics.requirements + whereRequirements(tree, n), properties: properties,
            functions: functions, associatedValues: associated, hasCases: hasCases,
            hasInstanceMembers: hasInstanceMembers,
            moduleDefaultMainActor: defaultMainActor, parent: parent, enclosingScopes: enclosing.scopes,
            outerGenericParameters: enclosing.genericParameters, inNonisolatedParent: inNonisolated,
            parentsArePublic: enclosingPublic)
    }

    static func extensionDecl(_ tree: SyntaxTree, _ n: Int32, module: String, defaultMainActor: Bool) -> ExtensionDecl?
    {
        guard let ty = tree.firstChild(n, kind: .type) else { return nil }
        let extended = TypeExpr.parse(tree.text(of: ty))
        guard extended.path != nil else { return nil }
        var properties: [PropertyInfo] = []
        var functions: [FunctionInfo] = []
        for m in tree.members(of: n) {
            switch tree[m].kind {
            case .varDecl: appendPropertyInfos(tree, m, to: &properties)
            case .funcDecl, .initDecl: functions.append(functionInfo(tree, m))
            default: break
            }
        }
        return ExtensionDecl(
            extended: extended, module: module, file: tree.source.path, attributes: Set(tree.attributeNames(of: n)),
            inherited: inheritedEntries(tree, n), isUnavailable: tree.isUnavailable(n),
            requirements: whereRequirements(tree, n), isPublic: tree.isPublicOrOpen(n),
            isNonisolated: tree.hasModifier(n, "nonisolated"), properties: properties, functions: functions,
            moduleDefaultMainActor: defaultMainActor)
    }

    static func inheritedEntries(_ tree: SyntaxTree, _ decl: Int32) -> [InheritedEntry] {
        tree.inheritedTypes(of: decl).map { entry in
            let text = tree.textWithoutAttributes(entry.type)
            return InheritedEntry(
                type: TypeExpr.parse(text),
                attributes: tree.children(entry.type, kind: .attribute).map { tree.name(of: $0) },
                isSuppressed: text.hasPrefix("~"))
        }
    }

    /// `<T: Sendable, U>`: the names and their constraints.
    static func genericParameters(_ tree: SyntaxTree, _ decl: Int32) -> (names: [String], requirements: [Requirement]) {
        guard let g = tree.firstChild(decl, kind: .genericParams) else { return ([], []) }
        var text = Substring(tree.text(of: g))
        guard text.hasPrefix("<") else { return ([], []) }
        text = text.dropFirst()
        if text.hasSuffix(">") { text = text.dropLast() }
        var names: [String] = []
        var requirements: [Requirement] = []
        for part in splitTopLevel(String(text), ",") {
            var p = Substring(part)
            for prefix in ["each ", "let "] where p.hasPrefix(prefix) { p = p.dropFirst(prefix.count) }
            let pieces = p.split(separator: ":", maxSplits: 1)
            guard let first = pieces.first else { continue }
            let name = first.trimmingSpaces()
            guard !name.isEmpty else { continue }
            names.append(name)
            if pieces.count == 2 {
                requirements.append(Requirement(parameter: name, constraint: TypeExpr.parse(String(pieces[1]))))
            }
        }
        return (names, requirements)
    }

    /// `where T: Sendable, U: Hashable` (same-type requirements are not kept).
    static func whereRequirements(_ tree: SyntaxTree, _ decl: Int32) -> [Requirement] {
        guard let w = tree.firstChild(decl, kind: .whereClause) else { return [] }
        var text = Substring(tree.text(of: w))
        if text.hasPrefix("where") { text = text.dropFirst(5) }
        var out: [Requirement] = []
        for part in splitTopLevel(String(text), ",") where part.firstRangeASCII(of: "==") == nil {
            let pieces = part.split(separator: ":", maxSplits: 1)
            guard pieces.count == 2 else { continue }
            out.append(
                Requirement(
                    parameter: pieces[0].trimmingSpaces(),
                    constraint: TypeExpr.parse(String(pieces[1]))))
        }
        return out
    }

    /// Properties declared by one `var`/`let`.
    public static func propertyInfos(_ tree: SyntaxTree, _ decl: Int32) -> [PropertyInfo] {
        var out: [PropertyInfo] = []
        appendPropertyInfos(tree, decl, to: &out)
        return out
    }

    /// The same, appended to a declaration's list (an array made per `var` and appended whole
    /// copied every property once more).
    static func appendPropertyInfos(_ tree: SyntaxTree, _ decl: Int32, to out: inout [PropertyInfo]) {
        let isStatic = tree.hasModifier(decl, "static") || tree.hasModifier(decl, "class")
        let isLet = tree[decl].flags.contains(.isLet)
        let attrs = tree.attributeNames(of: decl)
        let unsafe = tree.unsafeNonisolatedModifier(decl) != nil
        let nonisolated = tree.hasModifier(decl, "nonisolated") && !unsafe
        tree.forEachChild(decl, kind: .binding) { b in
            let ty = tree.firstChild(b, kind: .type)
            let typeText = ty.map { tree.text(of: $0) } ?? initializerTypeName(tree, b) ?? environmentType(tree, decl)
            var names: [String] = []
            if tree[b].name >= 0 { names.append(tree.name(of: b)) }
            tree.forEachChild(b, kind: .patternName) { p in names.append(tree.name(of: p)) }
            let parsed = typeText.map(TypeExpr.parse)
            let reference = typeText == nil ? initializerReference(tree, b) : nil
            for name in names {
                out.append(
                    PropertyInfo(
                        name: name, typeText: typeText, type: parsed, initializerPath: reference, isStatic: isStatic,
                        isLet: isLet, isStored: isStored(tree, b), attributes: attrs, isNonisolated: nonisolated,
                        isNonisolatedUnsafe: unsafe))
            }
        }
    }

    static func functionInfo(_ tree: SyntaxTree, _ decl: Int32) -> FunctionInfo {
        var labels: [String] = []
        var closures: [Bool] = []
        var sendable: [Bool] = []
        var sending: [Bool] = []
        var actors: [String] = []
        var escaping: [Bool] = []
        if let clause = tree.firstChild(decl, kind: .parameterClause) {
            let count = tree.childCount(clause, kind: .parameter)
            // Six arrays per function: grown one append at a time, they were most of this function.
            labels.reserveCapacity(count)
            closures.reserveCapacity(count)
            sendable.reserveCapacity(count)
            sending.reserveCapacity(count)
            actors.reserveCapacity(count)
            escaping.reserveCapacity(count)
            tree.forEachChild(clause, kind: .parameter) { p in
                labels.append(tree.text(token: tree[p].name))
                let type = tree.firstChild(p, kind: .type)
                let flags = type.map { tree[$0].flags } ?? []
                let isFunction = flags.contains(.isFunctionType)
                closures.append(isFunction)
                // `@_inheritActorContext`: the closure takes the caller's isolation.
                let inherits =
                    tree.firstChild(p, kind: .attribute) {
                        tree.name(of: $0) == KnowledgeBase.inheritActorContextAttribute
                    } != nil
                actors.append(
                    inherits
                        ? KnowledgeBase.inheritActorContextAttribute
                        : type.flatMap { t in
                            flags.contains(.hasGlobalActor)
                                ? tree.firstChild(t, kind: .attribute) { tree.name(of: $0).hasSuffix("Actor") }
                                    .map { tree.name(of: $0) }
                                : nil
                        } ?? "")
                sendable.append(isFunction && flags.contains(.isSendable))
                sending.append(flags.contains(.isSending))
                escaping.append(isFunction && (flags.contains(.isEscaping) || flags.contains(.isOptional)))
            }
        }
        return FunctionInfo(
            name: tree[decl].kind == .initDecl ? "init" : tree.name(of: decl), labels: labels,
            isStatic: tree.hasModifier(decl, "static") || tree.hasModifier(decl, "class"),
            isAsync: tree[decl].flags.contains(.isAsync), attributes: tree.attributeNames(of: decl),
            isNonisolated: tree.hasModifier(decl, "nonisolated"), closureParameters: closures,
            sendableClosureParameters: sendable, closureParameterActors: actors, sendingParameters: sending,
            escapingClosureParameters: escaping, isMutating: tree.hasModifier(decl, "mutating"))
    }

    /// Stored unless it has a getter (explicit `get`, or an implicit getter body).
    public static func isStored(_ tree: SyntaxTree, _ binding: Int32) -> Bool {
        guard tree[binding].flags.contains(.hasAccessors) else { return true }
        if tree.firstChild(binding, kind: .codeBlock) != nil { return false }
        guard let block = tree.firstChild(binding, kind: .accessorBlock) else { return true }
        return tree.firstChild(block, kind: .accessor) { a in
            let name = tree.name(of: a)
            return name != "willSet" && name != "didSet"
        } == nil
    }

    /// `T` for an initializer `= T(…)` / `= T.init(…)`; the literal's default type for literals
    /// and for expressions made of literals and operators (`50 * 1024 * 1024`, `"a" + "b"`,
    /// `["png", "jpg"]`).
    public static func initializerTypeName(_ tree: SyntaxTree, _ binding: Int32) -> String? {
        guard let initializer = tree.firstChild(binding, kind: .initializer),
            let expr = tree.children(initializer).first
        else { return nil }
        return inferredType(tree, expr, depth: 0)
    }

    /// The type `@Environment(\.key)` or `@Environment(T.self)` gives an untyped property.
    static func environmentType(_ tree: SyntaxTree, _ decl: Int32) -> String? {
        for a in tree.attributes(of: decl) where tree.token(tree[a].name, is: "Environment") {
            guard let arg = tree.children(a, kind: .argument).first, let v = tree.value(of: arg) else { return nil }
            if tree[v].kind == .keyPathExpr {
                let text = tree.text(of: v)
                guard text.hasPrefix("\\.") else { return nil }
                return KnowledgeBase.environmentValueTypes[String(text.dropFirst(2))]
            }
            if tree[v].kind == .memberAccess, tree.name(of: v, is: "self"), let base = tree.children(v).first {
                return tree.text(of: base)
            }
        }
        return nil
    }

    /// `= Store.shared`: a static member of a type (capitalised base), as a path.
    static func initializerReference(_ tree: SyntaxTree, _ binding: Int32) -> [String]? {
        guard let initializer = tree.firstChild(binding, kind: .initializer),
            let expr = tree.children(initializer).first,
            tree[expr].kind == .memberAccess, let path = tree.plainPath(of: expr)
        else { return nil }
        let parts = path.splitASCII(UInt8(ascii: ".")).map(String.init)
        guard parts.count == 2, parts[0].first?.isUppercase == true else { return nil }
        return parts
    }

    static func inferredType(_ tree: SyntaxTree, _ expr: Int32, depth: Int) -> String? {
        guard depth < 16 else { return nil }
        let node = tree[expr]
        switch node.kind {
        case .call:
            guard let callee = tree.callee(of: expr) else { return nil }
            var target = callee
            if tree[callee].kind == .memberAccess, tree.name(of: callee, is: "init"),
                let base = tree.children(callee).first
            {
                target = base
            }
            // `T(…)` or a qualified `Outer.T(…)`: every component a type name.
            guard let path = tree.plainPath(of: target) else { return nil }
            let components = path.splitASCII(UInt8(ascii: "."))
            guard !components.isEmpty,
                components.allSatisfy({ c in
                    c.unicodeScalars.first.map { $0.properties.isUppercase } == true
                        || KnowledgeBase.lockTypes.contains(String(c))
                })
            else { return nil }
            // `Box<Int>(…)`: keep the generic arguments written.
            let text = tree.text(of: target)
            if text.utf8.contains(UInt8(ascii: "<")), TypeExpr.parse(text).path?.joined(separator: ".") == path {
                return text
            }
            return path
        case .literalExpr:
            let t = tree.token(at: node.firstToken)
            switch t.kind {
            case .integerLiteral: return "Int"
            case .floatLiteral: return "Double"
            case .stringLiteral: return "String"
            case .keyword where t.keyword == .true || t.keyword == .false: return "Bool"
            default: return nil
            }
        case .sequenceExpr:
            // Operands joined by arithmetic or concatenation: the type of the first operand, when
            // every operand has the same literal type.
            var result: String?
            let operands = tree.children(expr)
            for (k, operand) in operands.enumerated() {
                if k + 1 < operands.count {
                    let op = tree[operand].endToken
                    guard tree.token(at: op).kind == .operator, arithmeticOperators.contains(tree.text(token: op))
                    else { return nil }
                }
                guard let t = inferredType(tree, operand, depth: depth + 1) else { return nil }
                if let r = result, r != t { return r == "Double" && t == "Int" ? r : nil }
                result = t
            }
            return result
        case .prefixExpr:
            return tree.children(expr).first.flatMap { inferredType(tree, $0, depth: depth + 1) }
        case .arrayExpr:
            let elements = tree.children(expr, kind: .argument).compactMap { tree.value(of: $0) }
            guard let first = elements.first, let t = inferredType(tree, first, depth: depth + 1),
                elements.allSatisfy({ inferredType(tree, $0, depth: depth + 1) == t })
            else { return nil }
            return "[\(t)]"
        default:
            return nil
        }
    }

    /// Types a view's properties mention: their declared or inferred types (`properties`, those
    /// the declaration's `var` members declare, made once for its index entry), and the argument
    /// of a property wrapper attribute such as `@Environment(Model.self)`.
    static func referencedTypeNames(_ tree: SyntaxTree, members: [Int32], properties: [PropertyInfo]) -> Set<String> {
        var out: Set<String> = []
        for p in properties {
            if let name = p.type?.simpleName { out.insert(name) }
        }
        for m in members where tree[m].kind == .varDecl {
            for a in tree.attributes(of: m) {
                for arg in tree.children(a, kind: .argument) {
                    if let v = tree.value(of: arg), tree[v].kind == .memberAccess, tree.name(of: v, is: "self"),
                        let base = tree.children(v).first
                    {
                        out.insert(tree.text(of: base))
                    }
                }
            }
        }
        return out
    }

    static func recordAssignments(_ tree: SyntaxTree, _ seq: Int32, into mutated: inout [UInt64]) {
        let operands = tree.children(seq)
        for (k, operand) in operands.enumerated() where k + 1 < operands.count {
            let opToken = tree[operand].endToken
            let t = tree.token(at: opToken)
            // Compound assignments end in `=` (and are not comparisons): test the bytes first.
            if t.kind == .operator {
                let last = tree.source.bytes[Int(t.end) - 1]
                guard last == UInt8(ascii: "="), t.end - t.start >= 2,
                    assignmentOperators.contains(tree.text(token: opToken))
                else { continue }
            } else if t.kind != .equal {
                continue
            }
            appendNames(in: tree, operand, to: &mutated)
        }
    }

    /// The names along a receiver's member path (`state.items` in `state.items.mutate()`), down to
    /// the first thing that is no name (a call, a closure), each with the method's name hash:
    /// unlike `appendNames(in:)`, not a walk of the receiver's subtree, which for every modifier
    /// of a SwiftUI chain is the whole view.
    static func appendReceivers(_ tree: SyntaxTree, _ base: Int32, method: UInt64, to out: inout [MethodReceiver]) {
        var n = base
        for _ in 0..<64 {
            switch tree[n].kind {
            case .identifierExpr:
                out.append(MethodReceiver(method: method, receiver: tree.nameHash(token: tree[n].name)))
                return
            case .memberAccess:
                out.append(MethodReceiver(method: method, receiver: tree.nameHash(token: tree[n].name)))
                guard let inner = tree.children(n).first else { return }
                n = inner
            case .subscriptExpr:
                guard let inner = tree.children(n).first else { return }
                n = inner
            default:
                return
            }
        }
    }

    /// The hashes of the identifier and member names in an expression subtree.
    static func appendNames(in tree: SyntaxTree, _ node: Int32, to out: inout [UInt64]) {
        for n in tree.subtree(node) {
            let k = tree[n].kind
            if k == .identifierExpr || k == .memberAccess { out.append(tree.nameHash(token: tree[n].name)) }
        }
    }
}

extension SyntaxTree {
    /// The type scopes enclosing a node, innermost first, as name lookup visits them: each
    /// enclosing type's qualified name, and an enclosing extension's extended type (lookup goes
    /// from there to file scope, not to the extended type's parents). Also the generic parameters
    /// those types and enclosing functions declare.
    func enclosingScopes(of node: Int32) -> (scopes: [String], genericParameters: [String]) {
        var scopes: [String] = []
        var generics: [String] = []
        var p = self[node].parent
        var steps = 0
        while p >= 0, steps < 512 {
            steps += 1
            let k = self[p].kind
            if k == .extensionDecl {
                scopes.append(extendedTypeText(p))
                break
            }
            if SyntaxTree.isTypeDecl(k) {
                scopes.append(qualifiedName(of: p).qualified)
                generics += IndexBuilder.genericParameters(self, p).names
            } else if k == .funcDecl || k == .initDecl || k == .subscriptDecl || k == .typealiasDecl {
                generics += IndexBuilder.genericParameters(self, p).names
            }
            p = self[p].parent
        }
        return (scopes, generics)
    }
}

/// Splits at `separator` outside brackets, parentheses and angle brackets.
func splitTopLevel(_ s: String, _ separator: Character) -> [String] {
    // ASCII text (nearly all): split on bytes. Iterating Characters (grapheme clusters) cost
    // tens of thousands of instructions for one generic clause.
    if let sep = separator.asciiValue, s.utf8.allSatisfy({ $0 < 0x80 }) {
        var parts: [String] = []
        var depth = 0
        var start = s.utf8.startIndex
        let u = s.utf8
        var k = u.startIndex
        while k < u.endIndex {
            switch u[k] {
            case UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: ")"), UInt8(ascii: ">"): depth -= 1
            case sep where depth == 0:
                parts.append(Substring(u[start..<k]).trimmingSpaces())
                start = u.index(after: k)
            default: break
            }
            k = u.index(after: k)
        }
        parts.append(Substring(u[start..<u.endIndex]).trimmingSpaces())
        return parts
    }
    var parts: [String] = []
    var depth = 0
    var current = ""
    for c in s {
        switch c {
        case "[", "(", "<": depth += 1
        case "]", ")", ">": depth -= 1
        default: break
        }
        if c == separator && depth == 0 {
            parts.append(current.trimmingSpaces())
            current = ""
        } else {
            current.append(c)
        }
    }
    parts.append(current.trimmingSpaces())
    return parts
}
