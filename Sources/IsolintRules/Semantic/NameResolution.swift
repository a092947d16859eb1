import IsolintSyntax

/// Where a type name is written: the module, the type scopes to search innermost first (a
/// nested type's own scope, its enclosing types, up to an enclosing extension's extended type),
/// and the generic parameters in scope with their requirements.
public struct LookupContext: Sendable, Equatable {
    public var module: String
    public var scopes: [String]
    public var genericParameters: [String]
    public var requirements: [Requirement]

    public init(
        module: String, scopes: [String] = [], genericParameters: [String] = [], requirements: [Requirement] = []
    ) {
        self.module = module
        self.scopes = scopes
        self.genericParameters = genericParameters
        self.requirements = requirements
    }
}

/// What a type name denotes.
public enum ResolvedType: Sendable, Equatable {
    /// A type the workspace declares.
    case symbol(SymbolID)
    /// A workspace typealias (index into `WorkspaceIndex.typealiases`).
    case alias(Int32)
    /// A generic parameter in scope (or a path through one: `T.Element`).
    case genericParameter(String)
    /// A name the workspace does not declare (an SDK type), module qualifiers dropped.
    case external([String])
}

extension WorkspaceIndex {
    var resolver: Resolver { Resolver(index: self, box: t) }

    /// Resolves a nominal path the way the compiler's unqualified lookup does (see `Resolver`).
    public func resolve(_ path: [String], in context: LookupContext) -> ResolvedType {
        resolver.resolve(path, in: context)
    }

    public func context(of s: SymbolID) -> LookupContext { resolver.context(of: s) }

    public func context(ofExtension e: ExtensionDecl, extending s: SymbolID?) -> LookupContext {
        resolver.context(ofExtension: e, extending: s)
    }

    /// A file-scope name (tests, and names the SDK tables use).
    public func resolve(name: String, module: String = "") -> ResolvedType {
        resolve(name.splitASCII(UInt8(ascii: ".")).map(String.init), in: LookupContext(module: module))
    }

    /// The symbol of a type declaration, or of an extension's extended type, as files of
    /// `module` see it (the semantic and isolation models both ask it).
    func symbol(ofDeclaration decl: Int32, in tree: SyntaxTree, module: String) -> SymbolID? {
        if tree[decl].kind == .extensionDecl {
            let path = tree.extendedTypeText(decl).splitASCII(UInt8(ascii: ".")).map(String.init)
            return resolveSymbol(path, in: LookupContext(module: module))
        }
        return symbol(qualified: tree.qualifiedName(of: decl).qualified, seenFrom: module)
    }

    /// The symbol a path names in a context, following typealiases.
    public func resolveSymbol(_ path: [String], in context: LookupContext) -> SymbolID? {
        resolver.resolveSymbol(path, in: context)
    }
}

/// Name lookup over an index and its tables (usable while `finalize()` is still computing facts).
struct Resolver {
    let index: WorkspaceIndex
    let box: SymbolTablesBox
    /// Read through the box, field by field (see `WorkspaceIndex.t`).
    var tables: SymbolTablesBox { box }
    var t: SymbolTablesBox { box }
    var typealiases: [TypealiasDecl] { index.typealiases }

    func symbol(_ s: SymbolID) -> TypeSymbol { tables.value.symbols[Int(s)] }
    /// Fields read without copying a whole declaration (hot in finalize).
    func genericParameters(_ s: SymbolID) -> [String] {
        index.types[Int(tables.value.symbols[Int(s)].decls[0])].genericParameters
    }
    func kind(_ s: SymbolID) -> NodeKind { tables.value.symbols[Int(s)].kind }

    /// Resolves a nominal path the way the compiler's unqualified lookup does: generic
    /// parameters, then each type scope's nested types and typealiases innermost first, then
    /// the module's file-scope types, then those of the modules it imports (ModuleVisibility).
    /// `A.Options` is never `B.Options`.
    func resolve(_ path: [String], in context: LookupContext) -> ResolvedType {
        resolve(path, in: context, depth: 0)
    }

    func resolve(_ path: [String], in context: LookupContext, depth: Int) -> ResolvedType {
        guard let first = path.first, depth < 16 else { return .external(path) }
        if context.genericParameters.contains(first) { return .genericParameter(path.joined(separator: ".")) }
        // No workspace type or typealias has this name: an SDK name, whatever the scopes.
        if path.count == 1, !t.declaresType(named: first) { return .external(path) }
        var rest = path
        // `Foundation.Data`, `MyModule.Type`: a module qualifier.
        if path.count > 1, KnowledgeBase.moduleNames.contains(first) || t.value.modules.contains(first) {
            rest.removeFirst()
            if let r = resolveFrom(
                scope: nil, rest, module: t.value.modules.contains(first) ? first : context.module, depth)
            {
                return r
            }
            return .external(rest)
        }
        // `Scope.Name` strings are made only for a name some type or typealias is nested under.
        if t.value.nestedNames.contains(first) {
            for scope in context.scopes {
                if let r = resolveFrom(scope: scope, rest, module: context.module, depth) { return r }
            }
        }
        if let r = resolveFrom(scope: nil, rest, module: context.module, depth) { return r }
        return .external(rest)
    }

    /// The first component looked up as a member of `scope` (or at file scope), then the rest
    /// descended as nested types.
    func resolveFrom(scope: String?, _ path: [String], module: String, _ depth: Int) -> ResolvedType? {
        guard let first = path.first else { return nil }
        let head = scope.map { $0 + "." + first } ?? first
        if let s = t.symbol(qualified: head, seenFrom: module) {
            return descend(.symbol(s), path.dropFirst(), depth)
        }
        if let a = t.alias(qualified: head, seenFrom: module, index) {
            return descend(.alias(a), path.dropFirst(), depth)
        }
        return nil
    }

    func descend(_ base: ResolvedType, _ rest: ArraySlice<String>, _ depth: Int) -> ResolvedType {
        guard !rest.isEmpty else { return base }
        switch base {
        case .symbol(let s):
            let q = symbol(s).qualifiedName + "." + rest.joined(separator: ".")
            if let n = t.symbol(qualified: q, seenFrom: symbol(s).module) { return .symbol(n) }
            if let a = t.alias(qualified: q, seenFrom: symbol(s).module, index) { return .alias(a) }
            return .external([symbol(s).name] + rest)
        case .alias(let a):
            let alias = typealiases[Int(a)]
            guard let target = alias.target.path else { return .external(Array(rest)) }
            return resolve(target + rest, in: context(ofAlias: a), depth: depth + 1)
        case .genericParameter(let g):
            return .genericParameter(([g] + rest).joined(separator: "."))
        case .external(let p):
            return .external(p + rest)
        }
    }

    /// The lookup context of a symbol's members: its own scope, then its enclosing scopes.
    func context(of s: SymbolID) -> LookupContext {
        if Int(s) < tables.value.contexts.count { return tables.value.contexts[Int(s)] }
        // Field by field (the declaration taken whole copies its twenty-odd fields).
        let types = index.types
        let d = Int(tables.value.symbols[Int(s)].decls[0])
        return LookupContext(
            module: types[d].module, scopes: [types[d].qualifiedName] + types[d].enclosingScopes,
            genericParameters: types[d].genericParameters + types[d].outerGenericParameters,
            requirements: types[d].requirements)
    }

    /// The lookup context of an extension's members and inheritance clause.
    func context(ofExtension e: ExtensionDecl, extending s: SymbolID?) -> LookupContext {
        let q = s.map { symbol($0).qualifiedName } ?? e.extendedPath.joined(separator: ".")
        return context(ofExtensionIn: e.module, scope: q, requirements: e.requirements, extending: s)
    }

    /// The same for the index's extension `e` of `s`, read field by field (a whole declaration
    /// copied is a retain and a release for each of its fields).
    func context(ofExtensionAt e: Int32, extending s: SymbolID) -> LookupContext {
        let extensions = index.extensions
        return context(
            ofExtensionIn: extensions[Int(e)].module, scope: symbol(s).qualifiedName,
            requirements: extensions[Int(e)].requirements, extending: s)
    }

    private func context(
        ofExtensionIn module: String, scope: String, requirements: [Requirement], extending s: SymbolID?
    )
        -> LookupContext
    {
        let generics = s.map { genericParameters($0) } ?? []
        let all = (s.map { index.types[Int(tables.value.symbols[Int($0)].decls[0])].requirements } ?? []) + requirements
        return LookupContext(module: module, scopes: [scope], genericParameters: generics, requirements: all)
    }

    func context(ofAlias a: Int32) -> LookupContext {
        let alias = typealiases[Int(a)]
        return LookupContext(
            module: alias.module, scopes: alias.enclosingScopes, genericParameters: alias.genericParameters)
    }

    /// The symbol a path names in a context, following typealiases.
    func resolveSymbol(_ path: [String], in context: LookupContext) -> SymbolID? {
        var r = resolve(path, in: context)
        var steps = 0
        while case .alias(let a) = r, steps < 16 {
            steps += 1
            guard let target = typealiases[Int(a)].target.path else { return nil }
            r = resolve(target, in: self.context(ofAlias: a))
        }
        if case .symbol(let s) = r { return s }
        return nil
    }
}
