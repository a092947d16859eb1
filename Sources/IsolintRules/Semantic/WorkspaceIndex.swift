import Dispatch
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
    /// What the files contribute, and the tables `finalize()` derives from it.
    struct Contents: Sendable {
        var types: [TypeDecl] = []
        var extensions: [ExtensionDecl] = []
        var typealiases: [TypealiasDecl] = []
        /// Free functions with their module.
        var functions: [(module: String, info: FunctionInfo)] = []
        /// Names that appear on the left of an assignment, as `inout` arguments, or as the receiver
        /// of a mutating method call.
        var mutatedNames = NameUses()
        /// Names called like a type: `Name(…)` or `Name.init(…)`.
        var constructedNames = NameUses()
        /// Names `.cancel()` is called on (`task?.cancel()`, `self.poll.cancel()`).
        var cancelledNames = NameUses()
        /// Receivers of other method calls, by module, as (method, receiver) name hashes: a call
        /// of a method the workspace declares `mutating` mutates them
        /// (`configuration.prepareDatabase { … }`).
        var methodReceivers: [String: [MethodReceiver]] = [:]
        /// Attribute names of global actors: the SDK's and those declared with `@globalActor`.
        var globalActors: Set<String> = KnowledgeBase.globalActors
        /// Types stored or created in SwiftUI views.
        var viewReferencedTypes = NameUses()
        /// Where functions send their escaping closure parameters (escaping-closure-missing-sendable
        /// follows forwarding across files with it).
        var forwarding: [ForwardingSummary] = []
        /// Targets with default MainActor isolation: type names each uses off the main actor
        /// (module, then name), with the first such place in words.
        var offMainTypeUses: [String: [String: String]] = [:]
        /// Workspace-wide facts some file shows (`KnowledgeBase.cloudKitConfiguredMarker`, …).
        var apiMarkers: Set<String> = []
        /// The tools version of each package manifest of the workspace, by path (`Package.swift`,
        /// `Package@swift-5.9.swift`): which one SwiftPM reads is decided among siblings.
        var manifestToolsVersions: [String: ToolsVersion] = [:]
        /// What each module's files import (which other modules' types they can name).
        var imports: [String: ModuleImports] = [:]

        /// What `finalize()` derives; nil before it.
        var tables: SymbolTablesBox?

        mutating func add(_ decl: TypeDecl) { types.append(decl) }
        mutating func add(_ ext: ExtensionDecl) { extensions.append(ext) }
        mutating func add(_ alias: TypealiasDecl) { typealiases.append(alias) }
        mutating func addFunction(_ f: FunctionInfo, module: String) { functions.append((module, f)) }
        /// One file's uses of names (`NameHash`es, sorted), all of one module, at once.
        mutating func addUses(
            mutated: [UInt64], constructed: [UInt64], cancelled: [UInt64], methodReceivers calls: [MethodReceiver],
            module: String
        ) {
            mutatedNames.merge(NameUses(mutated, module: module))
            constructedNames.merge(NameUses(constructed, module: module))
            cancelledNames.merge(NameUses(cancelled, module: module))
            if !calls.isEmpty { methodReceivers[module, default: []] += calls }
        }
        mutating func addGlobalActor(_ name: String) { globalActors.insert(name) }
        mutating func addViewReferences(_ names: Set<String>, module: String) {
            viewReferencedTypes.merge(NameUses(names.map(NameHash.of), module: module))
        }
        mutating func addForwarding(_ summary: ForwardingSummary) { forwarding.append(summary) }
        mutating func addOffMainTypeUses(_ uses: [String: String], module: String) {
            // The smallest description wins: the same whatever order the files merge in.
            offMainTypeUses[module, default: [:]].merge(uses) { min($0, $1) }
        }

        mutating func addMarker(_ marker: String) { apiMarkers.insert(marker) }
        mutating func addImports(_ imports: ModuleImports, module: String) {
            self.imports[module, default: ModuleImports()].merge(imports)
        }

        mutating func addManifest(_ path: String, toolsVersion: ToolsVersion) {
            manifestToolsVersions[path] = toolsVersion
        }

        mutating func merge(_ other: Contents) {
            types += other.types
            extensions += other.extensions
            typealiases += other.typealiases
            functions += other.functions
            mutatedNames.merge(other.mutatedNames)
            constructedNames.merge(other.constructedNames)
            cancelledNames.merge(other.cancelledNames)
            for (module, calls) in other.methodReceivers { methodReceivers[module, default: []] += calls }
            globalActors.formUnion(other.globalActors)
            viewReferencedTypes.merge(other.viewReferencedTypes)
            forwarding += other.forwarding
            for (module, uses) in other.offMainTypeUses { addOffMainTypeUses(uses, module: module) }
            apiMarkers.formUnion(other.apiMarkers)
            manifestToolsVersions.merge(other.manifestToolsVersions) { _, new in new }
            for (module, i) in other.imports { addImports(i, module: module) }
            tables = nil
        }
    }

    /// The contents behind one immutable reference: an index is copied into every resolver,
    /// semantic model and file context, and a copy is then one retain instead of one per table.
    final class Storage: Sendable {
        let contents: Contents
        init(_ contents: Contents) { self.contents = contents }
    }
    private static let empty = Storage(Contents())
    private var storage: Storage

    public init() { storage = Self.empty }
    init(_ contents: Contents) { storage = Storage(contents) }

    public var types: [TypeDecl] { storage.contents.types }
    public var extensions: [ExtensionDecl] { storage.contents.extensions }
    public var typealiases: [TypealiasDecl] { storage.contents.typealiases }
    public var functions: [(module: String, info: FunctionInfo)] { storage.contents.functions }
    var mutatedNames: NameUses { storage.contents.mutatedNames }
    var constructedNames: NameUses { storage.contents.constructedNames }
    var cancelledNames: NameUses { storage.contents.cancelledNames }
    var methodReceivers: [String: [MethodReceiver]] { storage.contents.methodReceivers }
    public var globalActors: Set<String> { storage.contents.globalActors }
    var viewReferencedTypes: NameUses { storage.contents.viewReferencedTypes }
    public var forwarding: [ForwardingSummary] { storage.contents.forwarding }
    public var offMainTypeUses: [String: [String: String]] { storage.contents.offMainTypeUses }
    public var apiMarkers: Set<String> { storage.contents.apiMarkers }
    public var manifestToolsVersions: [String: ToolsVersion] { storage.contents.manifestToolsVersions }
    var imports: [String: ModuleImports] { storage.contents.imports }
    var tables: SymbolTablesBox? { storage.contents.tables }

    /// Whether code that can see `module` assigns, passes `inout` or mutates a name (a
    /// declaration of `module`: another package's `count += 1` is not about it), with an SDK
    /// mutating method or one the workspace declares `mutating`.
    public func isMutated(_ name: String, declaredIn module: String) -> Bool {
        isUsed(name, in: \.mutated, declaredIn: module) || isUsed(name, in: \.mutatedThroughMethods, declaredIn: module)
    }

    /// Whether code that can see `module` calls this name like a type (`Name(…)`, `Name.init(…)`).
    public func isConstructed(_ name: String, declaredIn module: String) -> Bool {
        isUsed(name, in: \.constructed, declaredIn: module)
    }

    /// Whether code that can see `module` calls `.cancel()` on a property of this name.
    public func isCancelled(_ property: String, declaredIn module: String) -> Bool {
        isUsed(property, in: \.cancelled, declaredIn: module)
    }

    /// Whether a SwiftUI view that can see `module` stores or creates a type of this name.
    public func isReferencedFromViews(_ name: String, declaredIn module: String) -> Bool {
        isUsed(name, in: \.viewReferenced, declaredIn: module)
    }

    /// Asked of the sorted uses in the name tables.
    private func isUsed(_ name: String, in uses: KeyPath<NameTables, NameUses>, declaredIn module: String) -> Bool {
        let box = t
        return box.value.names[keyPath: uses].isUsed(name) { box.sees($0, module) }
    }

    /// Where a target with default MainActor isolation uses a type of this name off the main actor.
    public func offMainUse(ofType name: String, module: String) -> String? { offMainTypeUses[module]?[name] }

    /// Changes the contents, in place when this index holds the only reference to them (merging
    /// thousands of file parts must not copy the arrays each time).
    private mutating func update(_ change: (inout Contents) -> Void) {
        var contents = Self.take(&storage)
        change(&contents)
        storage = Storage(contents)
    }

    /// The contents, with `storage` emptied first so that, when it was the only reference, the
    /// arrays come out uniquely referenced. Not inlined: inlined, the store of `empty` is dead to
    /// the optimizer (the caller overwrites `storage` after) and the arrays were copied on every
    /// merge.
    @inline(never)
    private static func take(_ storage: inout Storage) -> Contents {
        let old = storage
        storage = empty
        return old.contents
    }

    public mutating func merge(_ other: WorkspaceIndex) { update { $0.merge(other.storage.contents) } }

    /// Resolves names and computes the workspace-wide facts. Call after the last merge.
    public mutating func finalize() {
        let tables = SymbolTablesBox(SymbolTables(self))
        update { $0.tables = tables }
    }

    /// The derived tables. Read through the box (`t.value.symbols`), never as a whole struct: a
    /// `_read` of the struct still copied it (a retain per table) on every query, a seventh of a
    /// lint run in a profile.
    var t: SymbolTablesBox { tables ?? SymbolTablesBox(SymbolTables(self)) }

    public var symbols: [TypeSymbol] { t.value.symbols }

    public func symbol(_ id: SymbolID) -> TypeSymbol { t.value.symbols[Int(id)] }
    // One field, not the whole symbol (hot in rules).
    public func symbolName(_ id: SymbolID) -> String { t.value.symbols[Int(id)].name }
    public func symbolKind(_ id: SymbolID) -> NodeKind { t.value.symbols[Int(id)].kind }
    public func symbolQualifiedName(_ id: SymbolID) -> String { t.value.symbols[Int(id)].qualifiedName }

    /// The symbol of a qualified name (`Outer.Inner`) as `module` sees it (see `SymbolTables`);
    /// without a module, the first by module name.
    public func symbol(qualified name: String, seenFrom module: String? = nil) -> SymbolID? {
        t.symbol(qualified: name, seenFrom: module)
    }

    /// The first declaration of a qualified name (tests, messages).
    public func type(_ qualifiedName: String) -> TypeDecl? {
        symbol(qualified: qualifiedName).map { primaryDecl($0) }
    }

    /// The first declaration of a symbol.
    public func primaryDecl(_ s: SymbolID) -> TypeDecl { types[primaryDeclPosition(s)] }

    /// Its position in `types`, for a caller that reads a field or two of it (a declaration
    /// taken whole is a retain and a release for each of its fields).
    public func primaryDeclPosition(_ s: SymbolID) -> Int { Int(t.value.symbols[Int(s)].decls[0]) }

    public func decls(_ s: SymbolID) -> [TypeDecl] { t.value.symbols[Int(s)].decls.map { types[Int($0)] } }

    public func extensionDecls(_ s: SymbolID) -> [ExtensionDecl] {
        t.value.symbols[Int(s)].extensions.map { extensions[Int($0)] }
    }

    /// Extensions of types the workspace does not declare (SDK types), by the path written.
    public func externalExtensions(_ path: String) -> [ExtensionDecl] {
        (t.value.externalExtensions[path] ?? []).map { extensions[Int($0)] }
    }

    /// Every property of a symbol: declarations and extensions.
    public func properties(_ s: SymbolID) -> [PropertyInfo] {
        // Field by field: copying each whole declaration showed in profiles.
        let box = t
        var out: [PropertyInfo] = []
        for d in box.value.symbols[Int(s)].decls { out += storage.contents.types[Int(d)].properties }
        for e in box.value.symbols[Int(s)].extensions { out += storage.contents.extensions[Int(e)].properties }
        return out
    }

    /// Every method and initializer of a symbol: declarations and extensions.
    public func methods(_ s: SymbolID) -> [FunctionInfo] {
        let box = t
        var out: [FunctionInfo] = []
        for d in box.value.symbols[Int(s)].decls { out += storage.contents.types[Int(d)].functions }
        for e in box.value.symbols[Int(s)].extensions { out += storage.contents.extensions[Int(e)].functions }
        return out
    }

    /// The methods of one name of a symbol (its declarations', then its extensions'), without
    /// copying the others out of the index: a type of a hundred methods is asked for one.
    public func methods(_ s: SymbolID, named name: String) -> [FunctionInfo] {
        let box = t
        var out: [FunctionInfo] = []
        for d in box.value.symbols[Int(s)].decls {
            let functions = storage.contents.types[Int(d)].functions
            for k in functions.indices where functions[k].name == name { out.append(functions[k]) }
        }
        for e in box.value.symbols[Int(s)].extensions {
            let functions = storage.contents.extensions[Int(e)].functions
            for k in functions.indices where functions[k].name == name { out.append(functions[k]) }
        }
        return out
    }

    /// The properties of one name of a symbol, in the order `properties(_:)` gives them.
    public func properties(_ s: SymbolID, named name: String) -> [PropertyInfo] {
        let box = t
        var out: [PropertyInfo] = []
        for d in box.value.symbols[Int(s)].decls {
            let properties = storage.contents.types[Int(d)].properties
            for k in properties.indices where properties[k].name == name { out.append(properties[k]) }
        }
        for e in box.value.symbols[Int(s)].extensions {
            let properties = storage.contents.extensions[Int(e)].properties
            for k in properties.indices where properties[k].name == name { out.append(properties[k]) }
        }
        return out
    }

    /// Free functions of a name that files of `module` can call (theirs and imported ones).
    public func freeFunctions(named name: String, seenFrom module: String) -> [(module: String, info: FunctionInfo)] {
        let view = t.view(from: module)
        let all = functions
        return (t.value.names.functionsByName[name]?.free ?? []).compactMap {
            view.sees(all[Int($0)].module) ? all[Int($0)] : nil
        }
    }

    /// Whether files of `module` see a free function of this name (`freeFunctions` without
    /// copying them).
    public func hasFreeFunction(named name: String, seenFrom module: String) -> Bool {
        let box = t
        guard let free = box.value.names.functionsByName[name]?.free, !free.isEmpty else { return false }
        let view = box.view(from: module)
        let all = functions
        return free.contains { view.sees(all[Int($0)].module) }
    }

    /// Whether files of `module` see a free function of this name and every one they see passes
    /// `test` (`freeFunctions` makes an array of them, asked of every call in a test method).
    public func everyFreeFunction(
        named name: String, seenFrom module: String, is test: (_ module: String, _ info: FunctionInfo) -> Bool
    ) -> Bool {
        let box = t
        guard let free = box.value.names.functionsByName[name]?.free, !free.isEmpty else { return false }
        let view = box.view(from: module)
        let all = functions
        var seen = false
        for k in free where view.sees(all[Int(k)].module) {
            guard test(all[Int(k)].module, all[Int(k)].info) else { return false }
            seen = true
        }
        return seen
    }

    /// Whether a property or method of a symbol, in any of its declarations and extensions,
    /// carries this attribute (read in place: `properties(_:)` and `methods(_:)` copy them all).
    public func hasMember(_ s: SymbolID, attributed attribute: String) -> Bool {
        let box = t
        let (types, extensions) = (storage.contents.types, storage.contents.extensions)
        func carries(_ properties: [PropertyInfo], _ functions: [FunctionInfo]) -> Bool {
            properties.indices.contains { properties[$0].attributes.contains(attribute) }
                || functions.indices.contains { functions[$0].attributes.contains(attribute) }
        }
        return box.value.symbols[Int(s)].decls.contains { carries(types[Int($0)].properties, types[Int($0)].functions) }
            || box.value.symbols[Int(s)].extensions.contains {
                carries(extensions[Int($0)].properties, extensions[Int($0)].functions)
            }
    }

    /// Every method of this name that files of `module` can see: in type declarations and in
    /// extensions, those of SDK types included.
    public func methods(named name: String, seenFrom module: String) -> [FunctionInfo] {
        // Fields read in place: a declaration taken whole is a retain per field.
        let view = t.view(from: module)
        let (types, extensions) = (self.types, self.extensions)
        return (t.value.names.functionsByName[name]?.methods ?? []).compactMap { m in
            if m.inExtension {
                let e = Int(m.decl)
                return view.sees(extensions[e].module) ? extensions[e].functions[Int(m.member)] : nil
            }
            let d = Int(m.decl)
            return view.sees(types[d].module) ? types[d].functions[Int(m.member)] : nil
        }
    }

    /// Whether a workspace enum of this name carries a closure in a payload (a cheap filter).
    public func hasClosurePayloads(enumNamed name: String) -> Bool { t.value.names.closurePayloadEnums.contains(name) }

    /// The forwarding summaries of functions of this name.
    public func forwarding(named name: String) -> [ForwardingSummary] {
        (t.value.names.forwardingByName[name] ?? []).map { forwarding[Int($0)] }
    }

    /// Whether a module `module` sees (its own or one it imports) declares a function or method of
    /// this name (compiled with the same checking, so a closure it is given runs where the
    /// compiler says). Another package's `receive` says nothing of `URLSessionWebSocketTask`'s.
    public func declaresFunction(named name: String, seenFrom module: String) -> Bool {
        let box = t
        guard let modules = box.value.names.functionsByName[name]?.modules else { return false }
        let view = box.view(from: module)
        return modules.contains { view.sees($0) }
    }

    /// Whether any workspace type or typealias has this simple name (a cheap filter before resolving).
    public func declaresType(named name: String) -> Bool { t.declaresType(named: name) }

    /// Whether any workspace typealias has this simple name (a cheap filter before resolving).
    public func hasTypealias(named name: String) -> Bool { t.value.aliasNames.contains(name) }

    public func isGlobalActorAttribute(_ attribute: String) -> Bool { globalActors.contains(attribute) }

    /// Module names of the workspace.
    public var modules: Set<String> { t.value.modules }

    /// The names main-actor code that files of `module` can reach goes by: cheap filters before
    /// typing an expression (nil, or a module no file is in: those of the whole workspace).
    func mainActorNames(seenFrom module: String?) -> MainActorNames { t.mainActorNames(seenFrom: module) }

    /// Whether a workspace function or method of this name takes a parameter `sending` (a cheap filter).
    public func hasSendingParameter(functionNamed name: String) -> Bool {
        t.value.names.sendingFunctionNames.contains(name)
    }

    /// A test of whether a token may name a workspace function or method with a `sending`
    /// parameter; nil when the workspace declares none.
    var sendingFunctionTest: NameTest? { t.value.names.sendingFunctionTest }
}

extension WorkspaceIndex: Equatable {
    /// Two indexes are equal when the files contributed the same declarations (derived tables
    /// are not compared).
    public static func == (a: WorkspaceIndex, b: WorkspaceIndex) -> Bool {
        a.types == b.types && a.extensions == b.extensions && a.typealiases == b.typealiases
            && a.functions.elementsEqual(b.functions, by: { $0.module == $1.module && $0.info == $1.info })
            && a.mutatedNames == b.mutatedNames && a.constructedNames == b.constructedNames
            && a.cancelledNames == b.cancelledNames
            && a.methodReceivers.mapValues { Set($0) } == b.methodReceivers.mapValues { Set($0) }
            && a.globalActors == b.globalActors && a.viewReferencedTypes == b.viewReferencedTypes
            && a.forwarding == b.forwarding && a.offMainTypeUses == b.offMainTypeUses
            && a.apiMarkers == b.apiMarkers && a.manifestToolsVersions == b.manifestToolsVersions
            && a.imports == b.imports
    }
}

/// The derived tables, shared by every copy of a finalized index.
final class SymbolTablesBox: Sendable {
    let value: SymbolTables
    /// Conformances asked of this index so far (see `WorkspaceIndex.conforms(_:to:)`).
    let conformances = MemoTable<ConformanceKey, Bool>()
    init(_ value: SymbolTables) { self.value = value }
}

/// A symbol and a protocol name: the key of the remembered conformances.
struct ConformanceKey: Hashable, Sendable {
    var symbol: SymbolID
    var name: String
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
    /// A Bloom filter over `simpleNames`: most names resolved are the SDK's (`String`, `Int`),
    /// and a hash of their few bytes rules them out before the set hashes them again.
    var simpleNameFilter = NameFilter([String](), count: 0)
    /// The same, of the types and typealiases declared inside another type: a name outside it
    /// is never found in a type's scope (no `Scope.Name` to look up).
    var nestedNames: Set<String> = []
    var externalExtensions: [String: [Int32]] = [:]
    var modules: Set<String> = []
    /// Per module with files: the other workspace modules whose types its files can name.
    var visibleModules: [String: Set<String>] = [:]
    /// Per symbol: the lookup context of its members, and the facts `finalize()` computes.
    var contexts: [LookupContext] = []
    var facts: [TypeFacts] = []
    /// Per module with files: the names main-actor code it can reach goes by (a cheap filter).
    var mainActorNamesByModule: [String: MainActorNames] = [:]
    /// The same over the whole workspace, for code of no known module.
    var allMainActorNames = MainActorNames([])
    /// Functions, methods and inheritance-clause names by name (built beside the rest).
    var names = NameTables()

    /// Indexes with fewer declarations than this are finalized on one core (the index part of
    /// one file, a keystroke's): a second core costs more to start than it saves.
    static let parallelThreshold = 2_000

    init(_ index: WorkspaceIndex) {
        // The function tables need nothing the type tables compute: on a large index, one core
        // builds them while another resolves the types.
        if index.types.count + index.extensions.count >= Self.parallelThreshold {
            let (types, functions) = concurrently({ SymbolTables(typesOf: index) }, { NameTables(index) })
            self = types
            names = functions
        } else {
            self = SymbolTables(typesOf: index)
            names = NameTables(index)
        }
    }

    /// Everything but the function tables: symbols, typealiases, modules, extensions, contexts,
    /// facts and main-actor names.
    private init(typesOf index: WorkspaceIndex) {
        // By field, not `for d in types`: a loop variable copies the whole declaration (a retain
        // and a release for each of its twenty-odd fields).
        let types = index.types
        var declared: [TypeSymbol] = []
        var named: [String: [SymbolID]] = [:]
        declared.reserveCapacity(types.count)
        named.reserveCapacity(types.count)
        // Declarations come file by file: most follow one of the same module.
        var lastModule: String?
        for i in types.indices {
            let module = types[i].module
            let qualified = types[i].qualifiedName
            // A second declaration of a name in the same module (rare) joins the first's symbol:
            // found among the symbols of that qualified name, no table of (module, name) needed.
            if let list = named[qualified], let earlier = list.first(where: { declared[Int($0)].module == module }) {
                declared[Int(earlier)].decls.append(Int32(i))
                continue
            }
            if module != lastModule {
                modules.insert(module)
                lastModule = module
            }
            named[qualified, default: []].append(SymbolID(declared.count))
            declared.append(
                TypeSymbol(
                    name: types[i].name, qualifiedName: qualified, module: module, kind: types[i].kind,
                    decls: [Int32(i)], extensions: []))
        }
        // Deterministic preference whatever the merge order: by module name.
        for (k, list) in named where list.count > 1 {
            named[k] = list.sorted { declared[Int($0)].module < declared[Int($1)].module }
        }
        symbols = declared
        byQualified = named
        let aliases = index.typealiases
        for i in aliases.indices {
            aliasesByQualified[aliases[i].qualifiedName, default: []].append(Int32(i))
            aliasNames.insert(aliases[i].name)
        }
        // Inserted one by one: a union with a mapped array made the array first.
        simpleNames = aliasNames
        simpleNames.reserveCapacity(aliasNames.count + symbols.count)
        for k in symbols.indices { simpleNames.insert(symbols[k].name) }
        simpleNameFilter = NameFilter(simpleNames, count: simpleNames.count)
        for i in symbols.indices where symbols[i].qualifiedName != symbols[i].name {
            nestedNames.insert(symbols[i].name)
        }
        for i in aliases.indices where aliases[i].qualifiedName != aliases[i].name {
            nestedNames.insert(aliases[i].name)
        }
        let extensions = index.extensions
        modules.formUnion(extensions.map(\.module))
        modules.formUnion(aliases.map(\.module))
        visibleModules = ModuleImports.visibility(index.imports, modules: modules)
        // Resolved against the tables so far (symbols, typealiases, modules, visibility), then
        // recorded once that copy is gone (while it lives, a change to `symbols` copies it).
        let extended = {
            let sofar = SymbolTablesBox(self)
            return extensions.indices.map {
                sofar.resolveTopLevel(extensions[$0].extendedPath, module: extensions[$0].module, index)
            }
        }()
        for i in extensions.indices {
            if let s = extended[i] {
                symbols[Int(s)].extensions.append(Int32(i))
            } else {
                externalExtensions[extensions[i].extendedPath.joined(separator: "."), default: []].append(Int32(i))
            }
        }
        let resolver = Resolver(index: index, box: SymbolTablesBox(self))
        contexts = (0..<symbols.count).map { resolver.context(of: SymbolID($0)) }
        // The main-actor names need only the declared facts (global actors): on a large index
        // they are gathered on one core while the Sendability fixpoints run on the other.
        let (symbolList, visible) = (symbols, visibleModules)
        let computed = TypeFacts.compute(
            self, index, inParallel: index.types.count + index.extensions.count >= Self.parallelThreshold
        ) { declaredFacts in
            Self.mainActorNames(symbols: symbolList, facts: declaredFacts, index: index, visible: visible)
        }
        facts = computed.facts
        (mainActorNamesByModule, allMainActorNames) = computed.other
    }

    /// The names main-actor code goes by, by the module declaring them: a main-actor type's
    /// members (its extensions' too, wherever they are) count for the type's module.
    private static func mainActorNames(
        symbols: [TypeSymbol], facts: [TypeFacts], index: WorkspaceIndex, visible: [String: Set<String>]
    ) -> (byModule: [String: MainActorNames], all: MainActorNames) {
        // Updated in place: a copy taken out of the dictionary and stored back copied its sets
        // whole on every insert (the dictionary still held them).
        let types = index.types
        let extensions = index.extensions
        var declared: [String: MainActorNames.Declared] = [:]
        for i in symbols.indices where i < facts.count && facts[i].globalActor?.actor == KnowledgeBase.mainActor {
            declared[symbols[i].module, default: MainActorNames.Declared()].note(
                type: symbols[i].name, decls: symbols[i].decls.map { types[Int($0)] },
                extensions: symbols[i].extensions.map { extensions[Int($0)] })
        }
        let aliases = index.typealiases
        for i in aliases.indices {
            declared[aliases[i].module, default: MainActorNames.Declared()].note(aliasOrFunction: aliases[i].name)
        }
        let functions = index.functions
        for i in functions.indices {
            declared[functions[i].module, default: MainActorNames.Declared()].note(
                aliasOrFunction: functions[i].info.name)
        }
        return MainActorNames.byModule(declared: declared, visible: visible)
    }

}

/// The queries on the tables, asked of the box: a method called on `box.value` copied the whole
/// struct first (a retain and a release per table, on every name a rule resolves).
extension SymbolTablesBox {
    /// Whether any workspace type or typealias has this simple name (the filter first).
    func declaresType(named name: String) -> Bool {
        value.simpleNameFilter.mayContain(NameHash.of(name)) && value.simpleNames.contains(name)
    }

    /// The main-actor names code of `module` can reach (nil, or a module with no files: all).
    func mainActorNames(seenFrom module: String?) -> MainActorNames {
        module.flatMap { value.mainActorNamesByModule[$0] } ?? value.allMainActorNames
    }

    /// The symbol of a qualified name as `module` sees it: its own first, then one of a module it
    /// imports (nil when only modules it cannot see declare the name: then it is an SDK name).
    /// Without a module, the first by module name.
    func symbol(qualified name: String, seenFrom module: String?) -> SymbolID? {
        guard let list = value.byQualified[name] else { return nil }
        guard let module else { return list.first }
        if let s = list.first(where: { value.symbols[Int($0)].module == module }) { return s }
        let view = view(from: module)
        return list.first { view.sees(value.symbols[Int($0)].module) }
    }

    func alias(qualified name: String, seenFrom module: String?, _ index: WorkspaceIndex) -> Int32? {
        guard let list = value.aliasesByQualified[name] else { return nil }
        guard let module else { return list.first }
        let aliases = index.typealiases
        if let a = list.first(where: { aliases[Int($0)].module == module }) { return a }
        let view = view(from: module)
        return list.first { view.sees(aliases[Int($0)].module) }
    }

    /// Whether files of `module` can name declarations of `other`: its own, and those of the
    /// modules it imports. Files outside any target (module "") are a module of their own for
    /// this: they see what they import, and no target sees them (none can import them). A module
    /// no file of the index is in (a context made up by a caller) sees everything.
    func sees(_ module: String, _ other: String) -> Bool { view(from: module).sees(other) }

    /// What files of `module` can name, its imports looked up once (for a loop over declarations).
    func view(from module: String) -> ModuleView { ModuleView(module: module, visible: value.visibleModules[module]) }

    struct ModuleView {
        let module: String
        /// nil: a module no file of the index is in, which sees everything.
        let visible: Set<String>?

        func sees(_ other: String) -> Bool {
            if module == other { return true }
            guard let visible else { return true }
            return !other.isEmpty && visible.contains(other)
        }
    }

    /// A path written at file scope (an extension's extended type): module qualifiers dropped,
    /// one typealias followed.
    func resolveTopLevel(_ path: [String], module: String, _ index: WorkspaceIndex) -> SymbolID? {
        var p = path
        if p.count > 1, value.modules.contains(p[0]) || KnowledgeBase.moduleNames.contains(p[0]) { p.removeFirst() }
        guard !p.isEmpty else { return nil }
        if let s = symbol(qualified: p.joined(separator: "."), seenFrom: module) { return s }
        if let a = alias(qualified: p[0], seenFrom: module, index),
            let target = index.typealiases[Int(a)].target.path,
            let s = symbol(qualified: (target + p.dropFirst()).joined(separator: "."), seenFrom: module)
        {
            return s
        }
        return nil
    }
}
