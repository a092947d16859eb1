import IsolintSyntax

/// A type as the workspace knows it: every declaration and extension of one qualified name in
/// one module (several declarations happen under `#if`).
public struct TypeSymbol: Sendable {
    public var name: String
    public var qualifiedName: String
    public var module: String
    public var kind: NodeKind
    /// Indices into `WorkspaceIndex.types`.
    public var decls: [Int32]
    /// Indices into `WorkspaceIndex.extensions`.
    public var extensions: [Int32]
}

public typealias SymbolID = Int32

/// The workspace index: every type, extension, typealias and free function declared in the
/// workspace, and every name assigned, mutated or constructed anywhere. Built from per-file
/// parts that merge in any order; `finalize()` resolves names and computes what needs the whole
/// workspace (isolation, Sendability), so that queries never walk the type graph again.
public struct WorkspaceIndex: Sendable {
    public private(set) var types: [TypeDecl] = []
    public private(set) var extensions: [ExtensionDecl] = []
    public private(set) var typealiases: [TypealiasDecl] = []
    /// Free functions with their module.
    public private(set) var functions: [(module: String, info: FunctionInfo)] = []
    /// Names that appear on the left of an assignment, as `inout` arguments, or as the receiver
    /// of a mutating method call.
    public private(set) var mutatedNames: Set<String> = []
    /// Names called like a type: `Name(…)` or `Name.init(…)`.
    public private(set) var constructedNames: Set<String> = []
    /// Names `.cancel()` is called on (`task?.cancel()`, `self.poll.cancel()`).
    public private(set) var cancelledNames: Set<String> = []
    /// Attribute names of global actors: the SDK's and those declared with `@globalActor`.
    public private(set) var globalActors: Set<String> = KnowledgeBase.globalActors
    /// Types stored or created in SwiftUI views.
    public private(set) var viewReferencedTypes: Set<String> = []
    /// Where functions send their escaping closure parameters (escaping-closure-missing-sendable
    /// follows forwarding across files with it).
    public private(set) var forwarding: [ForwardingSummary] = []
    /// Targets with default MainActor isolation: type names each uses off the main actor
    /// (module, then name), with the first such place in words.
    public private(set) var offMainTypeUses: [String: [String: String]] = [:]
    /// Workspace-wide facts some file shows (`KnowledgeBase.cloudKitConfiguredMarker`, …).
    public private(set) var apiMarkers: Set<String> = []
    /// The tools version of each package manifest of the workspace, by path (`Package.swift`,
    /// `Package@swift-5.9.swift`): which one SwiftPM reads is decided among siblings.
    public private(set) var manifestToolsVersions: [String: ToolsVersion] = [:]

    /// What `finalize()` derives; nil before it.
    var tables: SymbolTablesBox?

    public init() {}

    mutating func add(_ decl: TypeDecl) { types.append(decl) }
    mutating func add(_ ext: ExtensionDecl) { extensions.append(ext) }
    mutating func add(_ alias: TypealiasDecl) { typealiases.append(alias) }
    mutating func addFunction(_ f: FunctionInfo, module: String) { functions.append((module, f)) }
    mutating func addMutated(_ name: String) { mutatedNames.insert(name) }
    mutating func addConstructed(_ name: String) { constructedNames.insert(name) }
    mutating func addCancelled(_ name: String) { cancelledNames.insert(name) }
    mutating func addGlobalActor(_ name: String) { globalActors.insert(name) }
    mutating func addViewReferences(_ names: Set<String>) { viewReferencedTypes.formUnion(names) }
    mutating func addForwarding(_ summary: ForwardingSummary) { forwarding.append(summary) }
    mutating func addOffMainTypeUses(_ uses: [String: String], module: String) {
        // The smallest description wins: the same whatever order the files merge in.
        offMainTypeUses[module, default: [:]].merge(uses) { min($0, $1) }
    }

    /// Where a target with default MainActor isolation uses a type of this name off the main actor.
    public func offMainUse(ofType name: String, module: String) -> String? { offMainTypeUses[module]?[name] }
    mutating func addMarker(_ marker: String) { apiMarkers.insert(marker) }
    mutating func addManifest(_ path: String, toolsVersion: ToolsVersion) { manifestToolsVersions[path] = toolsVersion }

    public mutating func merge(_ other: WorkspaceIndex) {
        types += other.types
        extensions += other.extensions
        typealiases += other.typealiases
        functions += other.functions
        mutatedNames.formUnion(other.mutatedNames)
        constructedNames.formUnion(other.constructedNames)
        cancelledNames.formUnion(other.cancelledNames)
        globalActors.formUnion(other.globalActors)
        viewReferencedTypes.formUnion(other.viewReferencedTypes)
        forwarding += other.forwarding
        for (module, uses) in other.offMainTypeUses { addOffMainTypeUses(uses, module: module) }
        apiMarkers.formUnion(other.apiMarkers)
        manifestToolsVersions.merge(other.manifestToolsVersions) { _, new in new }
        tables = nil
    }

    /// Resolves names and computes the workspace-wide facts. Call after the last merge.
    public mutating func finalize() {
        tables = SymbolTablesBox(SymbolTables(self))
    }

    /// The derived tables, borrowed in place: every query reads them, and copying the struct
    /// (a retain per table) on each one showed as a fifth of a lint run in a profile.
    var t: SymbolTables {
        _read {
            if let box = tables { yield box.value } else { yield SymbolTables(self) }
        }
    }

    public var symbols: [TypeSymbol] { t.symbols }

    public func symbol(_ id: SymbolID) -> TypeSymbol { t.symbols[Int(id)] }

    /// The symbol of a qualified name (`Outer.Inner`), preferring `module`'s.
    public func symbol(qualified name: String, preferring module: String? = nil) -> SymbolID? {
        t.symbol(qualified: name, preferring: module)
    }

    /// The first declaration of a qualified name (tests, messages).
    public func type(_ qualifiedName: String) -> TypeDecl? {
        symbol(qualified: qualifiedName).map { primaryDecl($0) }
    }

    /// The first declaration of a symbol.
    public func primaryDecl(_ s: SymbolID) -> TypeDecl { types[Int(t.symbols[Int(s)].decls[0])] }

    public func decls(_ s: SymbolID) -> [TypeDecl] { t.symbols[Int(s)].decls.map { types[Int($0)] } }

    public func extensionDecls(_ s: SymbolID) -> [ExtensionDecl] {
        t.symbols[Int(s)].extensions.map { extensions[Int($0)] }
    }

    /// Extensions of types the workspace does not declare (SDK types), by the path written.
    public func externalExtensions(_ path: String) -> [ExtensionDecl] {
        (t.externalExtensions[path] ?? []).map { extensions[Int($0)] }
    }

    /// Every property of a symbol: declarations and extensions.
    public func properties(_ s: SymbolID) -> [PropertyInfo] {
        decls(s).flatMap(\.properties) + extensionDecls(s).flatMap(\.properties)
    }

    /// Every method and initializer of a symbol: declarations and extensions.
    public func methods(_ s: SymbolID) -> [FunctionInfo] {
        decls(s).flatMap(\.functions) + extensionDecls(s).flatMap(\.functions)
    }

    /// Free functions of a name.
    public func freeFunctions(named name: String) -> [(module: String, info: FunctionInfo)] {
        (t.functionsByName[name] ?? []).map { functions[Int($0)] }
    }

    /// Every method of this name in the workspace: in type declarations and in extensions,
    /// those of SDK types included.
    public func methods(named name: String) -> [FunctionInfo] {
        (t.methodsByName[name] ?? []).map { m in
            m.inExtension
                ? extensions[Int(m.decl)].functions[Int(m.member)] : types[Int(m.decl)].functions[Int(m.member)]
        }
    }

    /// Whether a workspace enum of this name carries a closure in a payload (a cheap filter).
    public func hasClosurePayloads(enumNamed name: String) -> Bool { t.closurePayloadEnums.contains(name) }

    /// The forwarding summaries of functions of this name.
    public func forwarding(named name: String) -> [ForwardingSummary] {
        (t.forwardingByName[name] ?? []).map { forwarding[Int($0)] }
    }

    /// Whether the workspace declares a function or method of this name (compiled with the same
    /// checking, so a closure it is given runs where the compiler says).
    public func declaresFunction(named name: String) -> Bool { t.functionNames.contains(name) }

    /// Whether any workspace typealias has this simple name (a cheap filter before resolving).
    public func hasTypealias(named name: String) -> Bool { t.aliasNames.contains(name) }

    public func isGlobalActorAttribute(_ attribute: String) -> Bool { globalActors.contains(attribute) }

    /// Module names of the workspace.
    public var modules: Set<String> { t.modules }

    /// Whether some main-actor workspace type has a member (instance or static) of this name.
    public func isMainActorMemberName(_ name: String) -> Bool { t.mainActorMemberNames.contains(name) }

    /// Whether a workspace function or method of this name takes a parameter `sending` (a cheap filter).
    public func hasSendingParameter(functionNamed name: String) -> Bool { t.sendingFunctionNames.contains(name) }

    /// Whether some main-actor workspace type has this simple name.
    public func isMainActorTypeName(_ name: String) -> Bool { t.mainActorTypeNames.contains(name) }
}

extension WorkspaceIndex: Equatable {
    /// Two indexes are equal when the files contributed the same declarations (derived tables
    /// are not compared).
    public static func == (a: WorkspaceIndex, b: WorkspaceIndex) -> Bool {
        a.types == b.types && a.extensions == b.extensions && a.typealiases == b.typealiases
            && a.functions.elementsEqual(b.functions, by: { $0.module == $1.module && $0.info == $1.info })
            && a.mutatedNames == b.mutatedNames && a.constructedNames == b.constructedNames
            && a.cancelledNames == b.cancelledNames
            && a.globalActors == b.globalActors && a.viewReferencedTypes == b.viewReferencedTypes
            && a.forwarding == b.forwarding && a.offMainTypeUses == b.offMainTypeUses
            && a.apiMarkers == b.apiMarkers && a.manifestToolsVersions == b.manifestToolsVersions
    }
}

/// The derived tables, shared by every copy of a finalized index.
final class SymbolTablesBox: Sendable {
    let value: SymbolTables
    init(_ value: SymbolTables) { self.value = value }
}

/// The derived tables of a finalized index.
struct SymbolTables: Sendable {
    var symbols: [TypeSymbol] = []
    var byQualified: [String: [SymbolID]] = [:]
    var aliasesByQualified: [String: [Int32]] = [:]
    var aliasNames: Set<String> = []
    /// The last component of every workspace type's and typealias's name: a name outside it
    /// can only be an SDK name (the fast path of name resolution).
    var simpleNames: Set<String> = []
    var functionNames: Set<String> = []
    var externalExtensions: [String: [Int32]] = [:]
    var functionsByName: [String: [Int32]] = [:]
    var forwardingByName: [String: [Int32]] = [:]
    /// Names of workspace enums with a closure among their payloads (`case waiting(() -> Void)`).
    var closurePayloadEnums: Set<String> = []
    /// Methods by name: the type declaration or extension, the member's position in it.
    var methodsByName: [String: [(decl: Int32, member: Int32, inExtension: Bool)]] = [:]
    var modules: Set<String> = []
    /// Per symbol: the lookup context of its members, and the facts `finalize()` computes.
    var contexts: [LookupContext] = []
    var facts: [TypeFacts] = []
    var mainActorMemberNames: Set<String> = []
    /// Names of workspace functions and methods with a `sending` parameter.
    var sendingFunctionNames: Set<String> = []
    var mainActorTypeNames: Set<String> = []

    init(_ index: WorkspaceIndex) {
        var keyed: [String: SymbolID] = [:]
        for (i, d) in index.types.enumerated() {
            modules.insert(d.module)
            let key = d.module + "\u{1F}" + d.qualifiedName
            if let s = keyed[key] {
                symbols[Int(s)].decls.append(Int32(i))
            } else {
                let s = SymbolID(symbols.count)
                keyed[key] = s
                symbols.append(
                    TypeSymbol(
                        name: d.name, qualifiedName: d.qualifiedName, module: d.module, kind: d.kind,
                        decls: [Int32(i)], extensions: []))
                byQualified[d.qualifiedName, default: []].append(s)
            }
        }
        // Deterministic preference whatever the merge order: by module name.
        for (k, list) in byQualified where list.count > 1 {
            byQualified[k] = list.sorted { symbols[Int($0)].module < symbols[Int($1)].module }
        }
        for (i, a) in index.typealiases.enumerated() {
            aliasesByQualified[a.qualifiedName, default: []].append(Int32(i))
            aliasNames.insert(a.name)
        }
        simpleNames = aliasNames.union(symbols.map(\.name))
        for (i, f) in index.functions.enumerated() { functionsByName[f.info.name, default: []].append(Int32(i)) }
        for (i, f) in index.forwarding.enumerated() { forwardingByName[f.function.name, default: []].append(Int32(i)) }
        for d in index.types where d.kind == .enumDecl && d.associatedValues.contains(where: \.containsFunction) {
            closurePayloadEnums.insert(d.name)
        }
        functionNames = Set(index.functions.map(\.info.name))
        for f in index.functions where f.info.sendingParameters.contains(true) {
            sendingFunctionNames.insert(f.info.name)
        }
        for d in index.types {
            for f in d.functions where f.sendingParameters.contains(true) { sendingFunctionNames.insert(f.name) }
        }
        for e in index.extensions {
            for f in e.functions where f.sendingParameters.contains(true) { sendingFunctionNames.insert(f.name) }
        }
        for (i, d) in index.types.enumerated() {
            for (k, f) in d.functions.enumerated() {
                functionNames.insert(f.name)
                methodsByName[f.name, default: []].append((Int32(i), Int32(k), false))
            }
        }
        for (i, e) in index.extensions.enumerated() {
            for (k, f) in e.functions.enumerated() {
                functionNames.insert(f.name)
                methodsByName[f.name, default: []].append((Int32(i), Int32(k), true))
            }
        }
        modules.formUnion(index.extensions.map(\.module))
        for (i, e) in index.extensions.enumerated() {
            if let s = resolveTopLevel(e.extendedPath, module: e.module, index) {
                symbols[Int(s)].extensions.append(Int32(i))
            } else {
                externalExtensions[e.extendedPath.joined(separator: "."), default: []].append(Int32(i))
            }
        }
        let resolver = Resolver(index: index, box: SymbolTablesBox(self))
        contexts = (0..<symbols.count).map { resolver.context(of: SymbolID($0)) }
        facts = TypeFacts.compute(self, index)
        // Names of the members of main-actor types (a cheap filter before typing an expression:
        // most member names belong to no such type).
        for (i, sym) in symbols.enumerated() where facts[i].globalActor?.actor == KnowledgeBase.mainActor {
            mainActorTypeNames.insert(sym.name)
            for d in sym.decls {
                for p in index.types[Int(d)].properties { mainActorMemberNames.insert(p.name) }
                for f in index.types[Int(d)].functions { mainActorMemberNames.insert(f.name) }
            }
            for e in sym.extensions {
                for p in index.extensions[Int(e)].properties { mainActorMemberNames.insert(p.name) }
                for f in index.extensions[Int(e)].functions { mainActorMemberNames.insert(f.name) }
            }
        }
    }

    func symbol(qualified name: String, preferring module: String?) -> SymbolID? {
        guard let list = byQualified[name] else { return nil }
        if let module, let s = list.first(where: { symbols[Int($0)].module == module }) { return s }
        return list.first
    }

    func alias(qualified name: String, preferring module: String?, _ index: WorkspaceIndex) -> Int32? {
        guard let list = aliasesByQualified[name] else { return nil }
        if let module, let a = list.first(where: { index.typealiases[Int($0)].module == module }) { return a }
        return list.first
    }

    /// A path written at file scope (an extension's extended type): module qualifiers dropped,
    /// one typealias followed.
    func resolveTopLevel(_ path: [String], module: String, _ index: WorkspaceIndex) -> SymbolID? {
        var p = path
        if p.count > 1, modules.contains(p[0]) || KnowledgeBase.moduleNames.contains(p[0]) { p.removeFirst() }
        guard !p.isEmpty else { return nil }
        if let s = symbol(qualified: p.joined(separator: "."), preferring: module) { return s }
        if let a = alias(qualified: p[0], preferring: module, index),
            let target = index.typealiases[Int(a)].target.path,
            let s = symbol(qualified: (target + p.dropFirst()).joined(separator: "."), preferring: module)
        {
            return s
        }
        return nil
    }
}
