/// The names synchronous main-actor code can go by, as the code of one module can reach it: the
/// main-actor types and their members (those of their extensions too), typealiases and free
/// functions declared in the modules it depends on, directly or through another module. A
/// module's code can only ever reach a type through those modules (a property of an imported
/// type has a type its own module can name), so a name outside these sets is no main-actor code
/// for it. They are cheap filters asked before typing an expression: a test target of a library
/// that sees no main-actor type stops at them, however many an app in the same workspace has.
struct MainActorNames: Sendable {
    /// Methods and initializers (instance or static) of main-actor types.
    var methods: Set<String> = []
    /// Properties (instance or static) of main-actor types.
    var properties: Set<String> = []
    /// Simple names of main-actor types.
    var types: Set<String> = []
    /// Typealiases and free functions: a bare call may name main-actor code through them.
    var aliasesAndFunctions: Set<String> = []
    /// Members: methods and properties.
    private(set) var members: Set<String> = []
    /// Every name above, as a Bloom filter asked with a token before it becomes a `String`.
    private(set) var filter = NameFilter([], count: 0)

    mutating func formUnion(_ other: MainActorNames) {
        methods.formUnion(other.methods)
        properties.formUnion(other.properties)
        types.formUnion(other.types)
        aliasesAndFunctions.formUnion(other.aliasesAndFunctions)
    }

    var isEmpty: Bool { methods.isEmpty && properties.isEmpty && types.isEmpty && aliasesAndFunctions.isEmpty }

    /// Fills `members` and `filter` once the sets are complete.
    mutating func seal() {
        members = methods.union(properties)
        let all = [members, types, aliasesAndFunctions]
        filter = NameFilter(all.joined(), count: all.reduce(0) { $0 + $1.count })
    }

    /// Per module with files, the names its code can reach (`declared`: the names each module
    /// declares; `visible`: the modules each one can name, as `SymbolTables.visibleModules`),
    /// and the names of the whole workspace for code of no known module. Modules that reach the
    /// same declaring modules share one value.
    static func byModule(declared: [String: MainActorNames], visible: [String: Set<String>])
        -> (byModule: [String: MainActorNames], all: MainActorNames)
    {
        var all = MainActorNames()
        for names in declared.values { all.formUnion(names) }
        all.seal()
        var shared: [[String]: MainActorNames] = [:]
        var out: [String: MainActorNames] = [:]
        for module in visible.keys {
            // Every module reachable through the import graph, each expanded once.
            var reached: Set<String> = [module]
            var queue = [module]
            while let m = queue.popLast() {
                for next in visible[m] ?? [] where reached.insert(next).inserted { queue.append(next) }
            }
            let key = reached.filter { declared[$0].map { !$0.isEmpty } ?? false }.sorted()
            if let names = shared[key] {
                out[module] = names
                continue
            }
            var names = MainActorNames()
            for m in key { names.formUnion(declared[m] ?? MainActorNames()) }
            names.seal()
            shared[key] = names
            out[module] = names
        }
        return (out, all)
    }
}
