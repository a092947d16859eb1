/// What a node of the structural tree is. Expressions are only as detailed as the rules need;
/// everything else stays as token ranges inside `expr` nodes.
public enum NodeKind: UInt8, Sendable, BitwiseCopyable {
    case sourceFile
    // Declarations. `keyword` is the introducer token (`class`, `func`, `var`…), `name` the name.
    case importDecl, classDecl, structDecl, enumDecl, actorDecl, protocolDecl, extensionDecl
    case funcDecl, initDecl, deinitDecl, subscriptDecl
    /// `var`/`let` with its bindings as children.
    case varDecl
    /// One `pattern [: Type] [= init] [accessors]` of a `varDecl`. `name`: the bound name
    /// (-1 for tuple patterns, whose names are `patternName` children).
    case binding
    case patternName
    case typealiasDecl, associatedtypeDecl
    case enumCaseDecl, enumElement
    case macroDecl, operatorDecl, precedenceGroupDecl
    /// `#name(…)`, as a declaration or an expression.
    case macroExpansion
    /// `#if … #endif`; children are `ifConfigClause`s whose `keyword` is the directive token.
    case ifConfig, ifConfigClause
    /// A declaration whose introducer could not be recognised (attributes or modifiers alone).
    case unknownDecl
    // Parts of declarations.
    case attribute, modifier
    case genericParams, inheritanceClause, inheritedType, whereClause, memberBlock
    case parameterClause, parameter
    /// A type. `flags` tells function types, `@Sendable`, `@escaping`, `sending`…
    case type
    case codeBlock, accessorBlock, accessor
    /// `= value` of a binding or parameter default; child: the expression.
    case initializer
    // Statements.
    case ifStmt, guardStmt, whileStmt, repeatStmt, forStmt, switchStmt, switchCase, doStmt, catchClause
    case deferStmt, returnStmt, throwStmt, breakStmt, continueStmt, fallthroughStmt
    /// `let x = e` / `var x` / `case pattern = e` in a condition; `name` is the bound name.
    case optionalBinding
    /// `case`/`for` pattern tokens.
    case pattern
    // Expressions.
    /// More than one operand joined by binary operators, `=`, casts or a ternary.
    case sequenceExpr
    case identifierExpr, selfExpr, superExpr, literalExpr, operatorExpr
    /// `base.name`; `name` is the member token. No base child for `.name` (implicit member).
    case memberAccess
    /// Callee child first, then `argument` children (trailing closures flagged).
    case call
    case subscriptExpr
    case argument
    case tupleExpr, arrayExpr
    case closure, captureList, captureItem, closureParam
    case tryExpr, awaitExpr, prefixExpr, keyPathExpr
    /// Tokens the parser keeps but does not structure (recovery, deep nesting).
    case unknown
}

/// Per-kind facts recorded by the parser.
public struct NodeFlags: OptionSet, Sendable, BitwiseCopyable {
    // The flags are computed and inlinable: read millions of times a run from the rules' module,
    // a stored `static let` was a call to its addressor each time.
    public let rawValue: UInt16
    @inlinable public init(rawValue: UInt16) { self.rawValue = rawValue }
    /// varDecl: `let`; optionalBinding: `let`.
    @inlinable public static var isLet: NodeFlags { NodeFlags(rawValue: 1 << 0) }
    /// funcDecl/initDecl/closure/type: `async`.
    @inlinable public static var isAsync: NodeFlags { NodeFlags(rawValue: 1 << 1) }
    /// funcDecl/initDecl/closure/type: `throws`/`rethrows`.
    @inlinable public static var isThrowing: NodeFlags { NodeFlags(rawValue: 1 << 2) }
    /// type: a function type.
    @inlinable public static var isFunctionType: NodeFlags { NodeFlags(rawValue: 1 << 3) }
    /// type: `@Sendable`; closure: `@Sendable` in its signature.
    @inlinable public static var isSendable: NodeFlags { NodeFlags(rawValue: 1 << 4) }
    /// type: `@escaping`.
    @inlinable public static var isEscaping: NodeFlags { NodeFlags(rawValue: 1 << 5) }
    /// type: `sending`.
    @inlinable public static var isSending: NodeFlags { NodeFlags(rawValue: 1 << 6) }
    /// type: `inout`.
    @inlinable public static var isInout: NodeFlags { NodeFlags(rawValue: 1 << 7) }
    /// type: `?` or `!` after it.
    @inlinable public static var isOptional: NodeFlags { NodeFlags(rawValue: 1 << 8) }
    /// argument: a trailing closure.
    @inlinable public static var isTrailingClosure: NodeFlags { NodeFlags(rawValue: 1 << 9) }
    /// binding: has accessors or a getter body (computed, or stored with observers: see `accessor` children).
    @inlinable public static var hasAccessors: NodeFlags { NodeFlags(rawValue: 1 << 10) }
    /// Declarations: has a body (`{ … }`).
    @inlinable public static var hasBody: NodeFlags { NodeFlags(rawValue: 1 << 11) }
    /// Node produced by error recovery.
    @inlinable public static var isError: NodeFlags { NodeFlags(rawValue: 1 << 12) }
    /// type: `@MainActor` (or any global-actor-looking attribute) on a function type.
    @inlinable public static var hasGlobalActor: NodeFlags { NodeFlags(rawValue: 1 << 13) }
    /// closure: has an explicit signature ending in `in`.
    @inlinable public static var hasSignature: NodeFlags { NodeFlags(rawValue: 1 << 14) }
}

/// One node: a token range, its parent, and two token indices whose meaning depends on the kind.
public struct Node: Sendable, Equatable, BitwiseCopyable {
    public var kind: NodeKind
    public var flags: NodeFlags
    public var parent: Int32
    /// First token of the node (attributes included for declarations).
    public var firstToken: Int32
    /// One past the last token.
    public var endToken: Int32
    /// Token of the node's name (declared name, member name, argument label), or -1.
    public var name: Int32
    /// Token of the introducer (declaration keyword; for closures the `in`; for parameters the
    /// second name; for capture items the `weak`/`unowned` specifier), or -1.
    public var keyword: Int32

    /// What accessors answer for an index that names no node: no parent, no tokens, no name.
    public static let none = Node(
        kind: .unknown, flags: [], parent: -1, firstToken: 0, endToken: 0, name: -1, keyword: -1)
}

/// Where one top-level item of a file starts: its first token and the index of the first node
/// created for it. An item's nodes run up to the next item's `firstNode` (a wrapper such as a
/// call is created after its callee, so the item's own node is not always the first).
public struct TopLevelItem: Sendable, Equatable {
    public var firstToken: Int32
    public var firstNode: Int32
}
