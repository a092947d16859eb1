import IsolintSyntax

/// The finalized index's tables by name: functions and methods, and the names written in
/// inheritance clauses. They need nothing the type tables compute (symbols, contexts, facts),
/// so `SymbolTables` builds them on another core meanwhile: finalizing is the one step of a run
/// that no other work overlaps.
struct NameTables: Sendable {
    var functionsByName: [String: [Int32]] = [:]
    var forwardingByName: [String: [Int32]] = [:]
    var closurePayloadEnums: Set<String> = []
    var functionModules: [String: Set<String>] = [:]
    var methodsByName: [String: [(decl: Int32, member: Int32, inExtension: Bool)]] = [:]
    var mutatedThroughMethods = NameUses()
    var sendingFunctionNames: Set<String> = []
    var sendingFunctionFilter = NameFilter([], count: 0)
    /// Their lengths in bytes, a bit each (63 for any longer): most names are ruled out by it
    /// before their bytes are hashed for the filter.
    var sendingFunctionLengths: UInt64 = 0
    /// The last name of every type written in an inheritance clause or as a typealias's target
    /// (through compositions): a type can conform to nothing else, however it gets there.
    var inheritedNames: Set<String> = []

    init() {}

    /// Walks the declarations by position: a loop over the arrays themselves copied every type
    /// declaration and function (their strings and arrays retained and released each time).
    init(_ index: WorkspaceIndex) {
        let functions = index.functions
        for i in functions.indices {
            let name = functions[i].info.name
            functionsByName[name, default: []].append(Int32(i))
            functionModules[name, default: []].insert(functions[i].module)
            if functions[i].info.sendingParameters.contains(true) { sendingFunctionNames.insert(name) }
        }
        let forwarding = index.forwarding
        for i in forwarding.indices { forwardingByName[forwarding[i].function.name, default: []].append(Int32(i)) }
        var mutatingMethods: Set<String> = []
        let types = index.types
        for i in types.indices {
            if types[i].kind == .enumDecl, types[i].associatedValues.contains(where: \.containsFunction) {
                closurePayloadEnums.insert(types[i].name)
            }
            let module = types[i].module
            let methods = types[i].functions
            for k in methods.indices {
                let name = methods[k].name
                functionModules[name, default: []].insert(module)
                methodsByName[name, default: []].append((Int32(i), Int32(k), false))
                if methods[k].isMutating { mutatingMethods.insert(name) }
                if methods[k].sendingParameters.contains(true) { sendingFunctionNames.insert(name) }
            }
        }
        let extensions = index.extensions
        for i in extensions.indices {
            let module = extensions[i].module
            let methods = extensions[i].functions
            for k in methods.indices {
                let name = methods[k].name
                functionModules[name, default: []].insert(module)
                methodsByName[name, default: []].append((Int32(i), Int32(k), true))
                if methods[k].isMutating { mutatingMethods.insert(name) }
                if methods[k].sendingParameters.contains(true) { sendingFunctionNames.insert(name) }
            }
        }
        func note(_ type: TypeExpr, depth: Int = 0) {
            switch type {
            case .nominal(let components): if let last = components.last { inheritedNames.insert(last.name) }
            case .existential(let parts) where depth < 16: for p in parts { note(p, depth: depth + 1) }
            default: break
            }
        }
        for i in types.indices { for e in types[i].inherited { note(e.type) } }
        for i in extensions.indices { for e in extensions[i].inherited { note(e.type) } }
        for a in index.typealiases { note(a.target) }
        sendingFunctionFilter = NameFilter(sendingFunctionNames, count: sendingFunctionNames.count)
        sendingFunctionLengths = sendingFunctionNames.reduce(0) { $0 | 1 << UInt64(min($1.utf8.count, 63)) }
        for (module, calls) in index.receiversByMethod {
            for (method, receivers) in calls where mutatingMethods.contains(method) {
                mutatedThroughMethods.byModule[module, default: []].formUnion(receivers)
            }
        }
    }
}
