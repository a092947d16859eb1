import IsolintSyntax

/// One entry of an inheritance clause: the type and the attributes written before it
/// (`@unchecked Sendable`, `@MainActor Delegate`, `@preconcurrency Delegate`).
public struct InheritedEntry: Sendable, Hashable {
    public var type: TypeExpr
    public var attributes: [String]
    /// `~Sendable`, `~Copyable`: a suppressed conformance, the opposite of one.
    public var isSuppressed: Bool
    /// The last component's name (`Sendable`, `Delegate`).
    public var name: String { type.simpleName ?? "" }
    public var isUnchecked: Bool { attributes.contains("unchecked") }
}

/// `T: P & Q` from a generic parameter clause or a `where` clause.
public struct Requirement: Sendable, Hashable {
    public var parameter: String
    public var constraint: TypeExpr
}

/// What a declaration says about its own isolation, before any inference.
public enum DeclaredIsolation: Sendable, Hashable {
    case none
    case nonisolated
    /// `@MainActor` or another global actor's attribute.
    case globalActor(String)
    case concurrent
}

extension DeclaredIsolation {
    /// From a declaration's attributes and `nonisolated` modifier, given the global actors known.
    public static func of(attributes: some Sequence<String>, nonisolated: Bool, globalActors: Set<String>) -> Self {
        if nonisolated { return .nonisolated }
        for a in attributes {
            if globalActors.contains(a) { return .globalActor(a) }
            if a == "concurrent" { return .concurrent }
        }
        return .none
    }
}

/// A stored or computed property as the index records it.
public struct PropertyInfo: Sendable, Equatable {
    public var name: String
    /// The declared type's text (`[String: Int]`), or the type of an initializer call `T(…)`.
    public var typeText: String?
    /// `typeText`, parsed.
    public var type: TypeExpr?
    /// For an initializer `= Store.shared` without a declared type: `["Store", "shared"]`
    /// (the type is that static property's, found through the index).
    public var initializerPath: [String]? = nil
    public var isStatic: Bool
    public var isLet: Bool
    public var isStored: Bool
    public var attributes: [String]
    public var isNonisolated: Bool
    /// `nonisolated(unsafe)` (a protocol requirement declared so makes its witnesses so).
    public var isNonisolatedUnsafe: Bool
    /// Whether the declared type is a function type, and whether it is `@Sendable`.
    public var isClosure: Bool { type?.isFunction ?? false }
    public var isSendableClosure: Bool { type?.functionType?.isSendable ?? false }
}

/// A method, initializer or free function as the index records it (for calls from other files).
public struct FunctionInfo: Sendable, Equatable {
    public var name: String
    /// Argument labels (`_` for none).
    public var labels: [String]
    public var isStatic: Bool
    public var isAsync: Bool
    public var attributes: [String]
    public var isNonisolated: Bool
    /// For each parameter: whether its type is a function type (written out, optional included).
    public var closureParameters: [Bool]
    /// For each parameter: whether its type is a `@Sendable` function type.
    public var sendableClosureParameters: [Bool]
    /// For each parameter: the global actor its function type is isolated to (`@MainActor () -> Void`),
    /// `_inheritActorContext` for a closure that takes the caller's isolation, or "".
    public var closureParameterActors: [String]
    /// For each parameter: whether it is taken `sending` (SE-0430), whatever its type.
    public var sendingParameters: [Bool]
    /// For each parameter: whether it is an escaping function type (`@escaping` or optional).
    public var escapingClosureParameters: [Bool]
    /// A `mutating` method: a call of it mutates its receiver.
    public var isMutating = false
}

/// One type declaration: class, struct, enum, actor or protocol.
public struct TypeDecl: Sendable, Equatable {
    public var name: String
    /// The lexical path from file scope: `Outer.Inner`; a type declared in `extension A.B` is `A.B.Inner`.
    public var qualifiedName: String
    /// The target (module) the file belongs to; "" when unknown.
    public var module: String
    public var kind: NodeKind
    public var file: String
    public var attributes: Set<String>
    /// The primary declaration's inheritance clause.
    public var inherited: [InheritedEntry]
    /// `public` or `open` on the declaration itself.
    public var isPublic: Bool
    /// `nonisolated` on the declaration itself (SE-0449).
    public var isNonisolated: Bool
    public var genericParameters: [String]
    /// Requirements from the generic parameter clause and the `where` clause.
    public var requirements: [Requirement]
    public var properties: [PropertyInfo]
    public var functions: [FunctionInfo]
    /// Associated value types of enum cases.
    public var associatedValues: [TypeExpr]
    /// Enums: declares at least one case.
    public var hasCases: Bool
    /// Has an instance member (property, method, subscript, initializer) or a case.
    public var hasInstanceMembers: Bool
    /// The module's default isolation is MainActor.
    public var moduleDefaultMainActor: Bool
    /// The qualified name of the type (or extended type) this one is nested in; nil at file scope.
    public var parent: String?
    /// Where names used inside it are looked up after its own members, innermost first: the
    /// enclosing types, up to and including an enclosing extension's extended type.
    public var enclosingScopes: [String]
    /// Generic parameters of the enclosing types (usable in nested types).
    public var outerGenericParameters: [String]
    /// Nested in a type declared `nonisolated`, or in an actor (in a default-MainActor module that makes it
    /// nonisolated too).
    public var inNonisolatedParent: Bool
    /// The enclosing types (lexically) are all public: a public nested type is visible to clients.
    public var parentsArePublic: Bool

    public var isValueType: Bool { kind == .structDecl || kind == .enumDecl }

    /// `@frozen` among a declaration's attributes. Asked of the one field, not of a declaration:
    /// a property of `types[i]` that is computed copies the whole declaration out of its array.
    static func isFrozen(attributes: Set<String>) -> Bool { attributes.contains("frozen") }
}

/// One `extension` declaration.
public struct ExtensionDecl: Sendable, Equatable {
    /// The extended type as written: `A.Options`.
    public var extended: TypeExpr
    public var module: String
    public var file: String
    public var attributes: Set<String>
    public var inherited: [InheritedEntry]
    /// `@available(*, unavailable)`: its conformances say the type must never conform.
    public var isUnavailable: Bool
    /// `where T: Sendable` — a conditional conformance.
    public var requirements: [Requirement]
    public var isPublic: Bool
    public var isNonisolated: Bool
    public var properties: [PropertyInfo]
    public var functions: [FunctionInfo]
    public var moduleDefaultMainActor: Bool

    public var extendedPath: [String] { extended.path ?? [] }
}

/// `typealias Name = Type`.
public struct TypealiasDecl: Sendable, Equatable {
    public var name: String
    public var qualifiedName: String
    public var module: String
    public var target: TypeExpr
    public var parent: String?
    public var enclosingScopes: [String]
    public var genericParameters: [String]
}
