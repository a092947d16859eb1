import Foundation
import IsolintSyntax

/// A stored or computed property as the index records it.
public struct PropertyInfo: Sendable, Equatable {
    public var name: String
    /// The declared type's text (`[String: Int]`), or the type of an initializer call `T(…)`.
    public var typeText: String?
    public var isStatic: Bool
    public var isLet: Bool
    public var isStored: Bool
    public var attributes: [String]
    /// Whether the declared type is a function type, and whether it is `@Sendable`.
    public var isClosure: Bool
    public var isSendableClosure: Bool
}

/// What the index knows of one type declaration, merged with the extensions of the same name.
public struct TypeInfo: Sendable, Equatable {
    public var name: String
    public var kind: NodeKind
    public var file: String
    public var attributes: Set<String>
    /// Inheritance clause names, from the declaration and every extension.
    public var inherited: Set<String>
    public var uncheckedSendable: Bool
    public var isPublic: Bool
    public var hasGenericParameters: Bool
    public var properties: [PropertyInfo]
    /// Associated value types of enum cases (text).
    public var associatedValueTypes: [String]
    /// Enums: declares at least one case.
    public var hasCases: Bool
    /// Type names this type's stored properties mention (for "used from a SwiftUI View").
    public var referencedTypes: Set<String>
}

/// The workspace index: every type declared in the workspace, and every name assigned or
/// mutated anywhere. Built from per-file parts that merge in any order.
public struct WorkspaceIndex: Sendable, Equatable {
    public private(set) var types: [String: [TypeInfo]] = [:]
    /// Inheritance and attributes added by extensions, by extended type name.
    public private(set) var extensionInherited: [String: Set<String>] = [:]
    public private(set) var extensionUnchecked: Set<String> = []
    /// Names that appear on the left of an assignment, as `inout` arguments, or as the receiver
    /// of a mutating method call.
    public private(set) var mutatedNames: Set<String> = []
    /// Types declared with `@globalActor`.
    public private(set) var globalActors: Set<String> = KnowledgeBase.globalActors
    /// Types stored or created in SwiftUI views.
    public private(set) var viewReferencedTypes: Set<String> = []
    /// `typealias Name = Type` declared in the workspace: name → the aliased type's text.
    public private(set) var typealiases: [String: String] = [:]
    /// Typealiases naming a function type without `@Sendable` / with it.
    public private(set) var closureTypealiases: [String: Bool] = [:]
    /// Filled by `finalize()` once every file is merged.
    public private(set) var publicSendableCandidates: Set<String> = []
    /// Caches `finalize()` fills, so rule queries never walk the type graph again.
    private var finalized = false
    private var mainActorReasons: [String: String] = [:]
    private var sendableDeclared: Set<String> = []
    /// Internal structs and enums the compiler infers Sendable (greatest fixpoint).
    var inferredSendable: Set<String> = []

    public init() {}

    /// Computes what needs the whole workspace. Call after the last merge.
    public mutating func finalize() {
        finalized = false
        var reasons: [String: String] = [:]
        var declared: Set<String> = []
        for name in types.keys {
            if let r = computeMainActorReason(name) { reasons[name] = r }
        }
        mainActorReasons = reasons
        finalized = true
        for name in types.keys where computeDeclaresSendable(name) { declared.insert(name) }
        sendableDeclared = declared
        inferredSendable = computeInferredSendable()
        publicSendableCandidates = computePublicSendableCandidates()
    }

    public mutating func merge(_ other: WorkspaceIndex) {
        types.merge(other.types) { $0 + $1 }
        extensionInherited.merge(other.extensionInherited) { $0.union($1) }
        extensionUnchecked.formUnion(other.extensionUnchecked)
        mutatedNames.formUnion(other.mutatedNames)
        globalActors.formUnion(other.globalActors)
        viewReferencedTypes.formUnion(other.viewReferencedTypes)
        typealiases.merge(other.typealiases) { a, _ in a }
        closureTypealiases.merge(other.closureTypealiases) { a, _ in a }
    }

    mutating func addTypealias(_ name: String, text: String, closureIsSendable: Bool?) {
        typealiases[name] = text
        if let sendable = closureIsSendable { closureTypealiases[name] = sendable }
    }

    mutating func add(_ info: TypeInfo) { types[info.name, default: []].append(info) }
    mutating func addExtension(_ name: String, inherited: [String], unchecked: Bool) {
        extensionInherited[name, default: []].formUnion(inherited)
        if unchecked { extensionUnchecked.insert(name) }
    }
    mutating func addMutated(_ name: String) { mutatedNames.insert(name) }
    mutating func addGlobalActor(_ name: String) { globalActors.insert(name) }
    mutating func addViewReferences(_ names: Set<String>) { viewReferencedTypes.formUnion(names) }

    /// The first declaration of a type name.
    public func type(_ name: String) -> TypeInfo? { types[name]?.first }

    /// All inherited names: declaration plus extensions.
    public func inherited(_ name: String) -> Set<String> {
        var s = extensionInherited[name] ?? []
        for t in types[name] ?? [] { s.formUnion(t.inherited) }
        return s
    }

    public func isGlobalActorAttribute(_ attribute: String) -> Bool { globalActors.contains(attribute) }

    /// Whether a type conforms to `proto` directly, through an extension, through a workspace
    /// protocol or superclass that does, or through a typealias composition (`A & B`).
    public func conforms(_ name: String, to proto: String) -> Bool {
        var visited: Set<String> = [name]
        var stack = [name]
        while let n = stack.popLast() {
            for p in inherited(n) {
                if p == proto { return true }
                if let alias = typealiases[p],
                    alias.split(separator: "&").contains(where: { $0.trimmingCharacters(in: .whitespaces) == proto })
                {
                    return true
                }
                if types[p] != nil, visited.insert(p).inserted { stack.append(p) }
            }
        }
        return false
    }

    /// Whether values of this type are main-actor isolated: `@MainActor` on the declaration, or
    /// a main-actor superclass/protocol from the knowledge base or the workspace.
    public func isMainActorType(_ name: String) -> Bool { mainActorReason(name) != nil }

    /// Why a type is main-actor isolated, for messages and inlay hints.
    public func mainActorReason(_ name: String) -> String? {
        if finalized, types[name] != nil { return mainActorReasons[name] }
        return computeMainActorReason(name)
    }

    /// Breadth-first over the superclass and the protocols of primary declarations (isolation
    /// is not inferred from conformances added in extensions), each type visited once.
    func computeMainActorReason(_ name: String) -> String? {
        func own(_ n: String) -> String? {
            if KnowledgeBase.mainActorTypes.contains(n) || KnowledgeBase.mainActorProtocols.contains(n) {
                return "\(n) is @MainActor in the SDK"
            }
            if types[n]?.contains(where: { $0.attributes.contains("MainActor") }) == true {
                return "\(n) is @MainActor"
            }
            return nil
        }
        if let r = own(name) { return r }
        var visited: Set<String> = [name]
        var queue: [(type: String, via: String)] = []
        for p in types[name]?.flatMap(\.inherited) ?? [] where visited.insert(p).inserted { queue.append((p, p)) }
        var k = 0
        while k < queue.count {
            let (n, via) = queue[k]
            k += 1
            if let r = own(n) {
                return n == via ? "inherits from \(via) (\(r))" : "inherits from \(via), which leads to \(n) (\(r))"
            }
            for p in types[n]?.flatMap(\.inherited) ?? [] where visited.insert(p).inserted { queue.append((p, via)) }
        }
        return nil
    }

    /// Whether a type says it is Sendable: `Sendable`/`@unchecked Sendable` or a protocol
    /// refining it (also through a typealias composition), a superclass that does, an actor,
    /// or isolation to a global actor.
    public func declaresSendable(_ name: String) -> Bool {
        if finalized, types[name] != nil || extensionInherited[name] != nil {
            return sendableDeclared.contains(name) || computeDeclaresSendable(name)
        }
        return computeDeclaresSendable(name)
    }

    func computeDeclaresSendable(_ name: String) -> Bool {
        var visited: Set<String> = [name]
        var stack = [name]
        while let n = stack.popLast() {
            let inh = inherited(n)
            if inh.contains(where: { KnowledgeBase.sendableRefiningProtocols.contains($0) }) { return true }
            for p in inh {
                if let alias = typealiases[p],
                    alias.split(separator: "&").contains(where: {
                        KnowledgeBase.sendableRefiningProtocols.contains($0.trimmingCharacters(in: .whitespaces))
                    })
                {
                    return true
                }
            }
            if let t = type(n), t.kind == .actorDecl { return true }
            if mainActorReason(n) != nil { return true }
            if types[n]?.contains(where: { $0.attributes.contains(where: globalActors.contains) }) == true {
                return true
            }
            for p in inh where type(p)?.kind == .protocolDecl || type(p)?.kind == .classDecl {
                if visited.insert(p).inserted { stack.append(p) }
            }
        }
        return false
    }

    /// A workspace class that is not Sendable (no conformance, not an actor, not isolated).
    public func isNonSendableClass(_ name: String) -> Bool {
        guard let t = type(name), t.kind == .classDecl else { return false }
        return !declaresSendable(name)
    }

    /// Whether a type written in source is known Sendable: standard and Foundation value types,
    /// containers of them, workspace types that declare Sendable, and internal structs and enums
    /// whose stored members are (the compiler infers those). `assumed` holds types taken as
    /// Sendable for a fixpoint.
    public func isKnownSendable(_ typeText: String, assumed: Set<String> = [], depth: Int = 0) -> Bool {
        if depth > 12 { return false }
        var text = typeText.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        if text.hasPrefix("any ") { text.removeFirst(4) }
        if text.hasPrefix("(") && text.hasSuffix(")") {
            let inner = String(text.dropFirst().dropLast())
            if inner.isEmpty { return true }
            return splitTopLevel(inner, ",").allSatisfy { part in
                let element =
                    part.split(separator: ":", maxSplits: 1).count == 2 && !part.contains("[")
                    ? String(part.split(separator: ":", maxSplits: 1)[1]) : part
                return isKnownSendable(element, assumed: assumed, depth: depth + 1)
            }
        }
        if text.hasPrefix("[") && text.hasSuffix("]") {
            let inner = String(text.dropFirst().dropLast())
            return splitTopLevel(inner, ":").allSatisfy { isKnownSendable($0, assumed: assumed, depth: depth + 1) }
        }
        if let lt = text.firstIndex(of: "<"), text.hasSuffix(">") {
            let base = String(text[..<lt])
            let args = String(text[text.index(after: lt)..<text.index(before: text.endIndex)])
            // Standard containers, and workspace generic types, are Sendable when their
            // arguments are.
            guard
                KnowledgeBase.sendableContainers.contains(base)
                    || isKnownSendable(base, assumed: assumed, depth: depth + 1)
            else { return false }
            return splitTopLevel(args, ",").allSatisfy { isKnownSendable($0, assumed: assumed, depth: depth + 1) }
        }
        if KnowledgeBase.sendableValueTypes.contains(text) || assumed.contains(text) { return true }
        let simple = text.split(separator: ".").last.map(String.init) ?? text
        if let aliased = typealiases[simple], aliased != text {
            return isKnownSendable(aliased, assumed: assumed, depth: depth + 1)
        }
        if KnowledgeBase.sendableValueTypes.contains(simple) || assumed.contains(simple) { return true }
        guard type(simple) != nil else { return false }
        if declaresSendable(simple) { return true }
        // Internal value types the compiler infers Sendable.
        return (finalized ? inferredSendable : computeInferredSendable()).contains(simple)
    }

    /// Internal, non-generic structs and enums whose stored members and associated values are
    /// all known Sendable, assuming the others in the set are (greatest fixpoint).
    func computeInferredSendable() -> Set<String> {
        var candidates: Set<String> = []
        for (name, infos) in types {
            guard let t = infos.first, t.kind == .structDecl || t.kind == .enumDecl, !t.isPublic,
                !t.hasGenericParameters
            else { continue }
            candidates.insert(name)
        }
        return fixpoint(candidates, extra: [])
    }

    /// Removes, until nothing changes, every type with a member not known Sendable when the
    /// remaining set (and `extra`) are assumed Sendable.
    func fixpoint(_ start: Set<String>, extra: Set<String>) -> Set<String> {
        var set = start
        var changed = true
        var rounds = 0
        while changed, rounds < 64 {
            changed = false
            rounds += 1
            let assumed = set.union(extra)
            for name in set {
                guard let t = type(name) else { continue }
                let stored = t.properties.filter { $0.isStored && !$0.isStatic }
                let ok =
                    stored.allSatisfy { p in p.typeText.map { isKnownSendableShallow($0, assumed: assumed) } ?? false }
                    && t.associatedValueTypes.allSatisfy { isKnownSendableShallow($0, assumed: assumed) }
                if !ok {
                    set.remove(name)
                    changed = true
                }
            }
        }
        return set
    }

    /// `isKnownSendable` without looking into inferred value types (for the fixpoints).
    func isKnownSendableShallow(_ typeText: String, assumed: Set<String>) -> Bool {
        var copy = self
        copy.finalized = true
        copy.inferredSendable = []
        return copy.isKnownSendable(typeText, assumed: assumed)
    }

    /// Whether the name is a value type (struct/enum) in the workspace or a standard value type.
    public func isValueType(_ typeText: String, depth: Int = 0) -> Bool {
        var text = typeText
        while text.hasSuffix("?") { text.removeLast() }
        if depth < 8, let aliased = typealiases[text] { return isValueType(aliased, depth: depth + 1) }
        if text.hasPrefix("[") || KnowledgeBase.sendableValueTypes.contains(text) { return true }
        if let lt = text.firstIndex(of: "<") { return KnowledgeBase.sendableContainers.contains(String(text[..<lt])) }
        guard let t = type(text) else { return false }
        return t.kind == .structDecl || t.kind == .enumDecl
    }
}

/// Splits at `separator` outside brackets, parentheses and angle brackets.
func splitTopLevel(_ s: String, _ separator: Character) -> [String] {
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
            parts.append(current.trimmingCharacters(in: .whitespaces))
            current = ""
        } else {
            current.append(c)
        }
    }
    parts.append(current.trimmingCharacters(in: .whitespaces))
    return parts
}
