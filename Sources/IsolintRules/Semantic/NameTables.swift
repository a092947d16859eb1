import IsolintSyntax

/// The finalized index's tables by name: functions and methods, and the names written in
/// inheritance clauses. They need nothing the type tables compute (symbols, contexts, facts),
/// so `SymbolTables` builds them on another core meanwhile: finalizing is the one step of a run
/// that no other work overlaps.
struct NameTables: Sendable {
    /// The free functions and methods of one name, and the modules declaring them.
    struct Functions: Sendable {
        /// Positions in the index's free functions.
        var free: [Int32] = []
        /// Methods: the type declaration or extension, the member's position in it.
        var methods: [(decl: Int32, member: Int32, inExtension: Bool)] = []
        var modules: Set<String> = []
        /// The module last added: a type's methods come together, and the set is asked once.
        private var lastModule: String?

        mutating func addModule(_ module: String) {
            guard module != lastModule else { return }
            modules.insert(module)
            lastModule = module
        }
    }

    /// Functions and methods by name: one entry (one lookup) per name.
    var functionsByName: [String: Functions] = [:]
    var forwardingByName: [String: [Int32]] = [:]
    /// Names of workspace enums with a closure among their payloads (`case waiting(() -> Void)`).
    var closurePayloadEnums: Set<String> = []
    /// The index's name uses, sorted for lookup; and the receivers of calls of methods some
    /// workspace type declares `mutating`.
    var mutated = NameUses()
    var constructed = NameUses()
    var cancelled = NameUses()
    var viewReferenced = NameUses()
    var mutatedThroughMethods = NameUses()
    /// Names of workspace functions and methods with a `sending` parameter, and a test over
    /// them that a token is asked without making a `String` (nil when there are none).
    var sendingFunctionNames: Set<String> = []
    var sendingFunctionTest: NameTest?
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
            modifyFunctions(named: name) { entry in
                entry.free.append(Int32(i))
                entry.addModule(functions[i].module)
            }
            if functions[i].info.sendingParameters.contains(true) { sendingFunctionNames.insert(name) }
        }
        let forwarding = index.forwarding
        for i in forwarding.indices { forwardingByName[forwarding[i].function.name, default: []].append(Int32(i)) }
        var mutatingMethods: [UInt64] = []
        /// A type's or an extension's methods (`declaration`: its position among its kind).
        func noteMethods(_ methods: [FunctionInfo], module: String, declaration: Int, inExtension: Bool) {
            for k in methods.indices {
                let name = methods[k].name
                // One lookup of the name: the entry is changed in place.
                modifyFunctions(named: name) { entry in
                    entry.addModule(module)
                    entry.methods.append((Int32(declaration), Int32(k), inExtension))
                }
                if methods[k].isMutating { mutatingMethods.append(NameHash.of(name)) }
                if methods[k].sendingParameters.contains(true) { sendingFunctionNames.insert(name) }
            }
        }
        let types = index.types
        for i in types.indices {
            if types[i].kind == .enumDecl, types[i].associatedValues.contains(where: \.containsFunction) {
                closurePayloadEnums.insert(types[i].name)
            }
            noteMethods(types[i].functions, module: types[i].module, declaration: i, inExtension: false)
        }
        let extensions = index.extensions
        for i in extensions.indices {
            noteMethods(extensions[i].functions, module: extensions[i].module, declaration: i, inExtension: true)
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
        sendingFunctionTest = sendingFunctionNames.isEmpty ? nil : NameTest(sendingFunctionNames)
        mutated = index.mutatedNames.sorted()
        constructed = index.constructedNames.sorted()
        cancelled = index.cancelledNames.sorted()
        viewReferenced = index.viewReferencedTypes.sorted()
        mutatingMethods.sortAndRemoveDuplicates()
        for (module, calls) in index.methodReceivers {
            let receivers = calls.filter { mutatingMethods.sortedContains($0.method) }.map(\.receiver)
            mutatedThroughMethods.merge(NameUses(receivers, module: module))
        }
        mutatedThroughMethods = mutatedThroughMethods.sorted()
    }

    /// Changes the entry of a name in place (a `default:` subscript, the name hashed once).
    private mutating func modifyFunctions(named name: String, _ change: (inout Functions) -> Void) {
        change(&functionsByName[name, default: Functions()])
    }
}
