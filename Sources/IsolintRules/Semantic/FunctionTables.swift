import IsolintSyntax

/// The finalized index's tables of functions and methods by name. They need nothing the type
/// tables compute (symbols, contexts, facts), so `SymbolTables` builds them on another core
/// meanwhile: finalizing is the one step of a run that no other work overlaps.
struct FunctionTables: Sendable {
    var functionsByName: [String: [Int32]] = [:]
    var forwardingByName: [String: [Int32]] = [:]
    var closurePayloadEnums: Set<String> = []
    var functionModules: [String: Set<String>] = [:]
    var methodsByName: [String: [(decl: Int32, member: Int32, inExtension: Bool)]] = [:]
    var mutatedThroughMethods = NameUses()
    var sendingFunctionNames: Set<String> = []
    var sendingFunctionFilter = NameFilter([], count: 0)

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
        sendingFunctionFilter = NameFilter(sendingFunctionNames, count: sendingFunctionNames.count)
        for (module, calls) in index.receiversByMethod {
            for (method, receivers) in calls where mutatingMethods.contains(method) {
                mutatedThroughMethods.byModule[module, default: []].formUnion(receivers)
            }
        }
    }
}
