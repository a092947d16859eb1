import IsolintSyntax

/// The names synchronous main-actor code can go by, as the code of one module can reach it: the
/// main-actor types and their members (those of their extensions too), typealiases and free
/// functions declared in the modules it depends on, directly or through another module. A
/// module's code can only ever reach a type through those modules (a property of an imported
/// type has a type its own module can name), so a name outside these sets is no main-actor code
/// for it. They are cheap filters asked before typing an expression: a test target of a library
/// that sees no main-actor type stops at them, however many an app in the same workspace has.
struct MainActorNames: Sendable {
    /// Methods and initializers (instance or static) of main-actor types.
    private(set) var methods: Set<String> = []
    /// Properties (instance or static) of main-actor types.
    private(set) var properties: Set<String> = []
    /// Simple names of main-actor types.
    private(set) var types: Set<String> = []
    /// Every name above, and those of typealiases and free functions (a bare call may name
    /// main-actor code through them), as a Bloom filter asked with a token before it becomes a
    /// `String`.
    private(set) var filter: NameFilter

    /// What one module declares, before the names are gathered by what each module reaches.
    struct Declared {
        var methods: Set<String> = []
        var properties: Set<String> = []
        var types: Set<String> = []
        var aliasesAndFunctions: Set<String> = []

        /// A main-actor type: its name, and its members' in its declarations and extensions.
        mutating func note(type name: String, decls: [TypeDecl], extensions: [ExtensionDecl]) {
            types.insert(name)
            for d in decls {
                for p in d.properties { properties.insert(p.name) }
                for f in d.functions { methods.insert(f.name) }
            }
            for e in extensions {
                for p in e.properties { properties.insert(p.name) }
                for f in e.functions { methods.insert(f.name) }
            }
        }

        /// Every name's `NameHash` (a name in two sets counts twice: harmless in a filter).
        var hashes: [UInt64] {
            [methods, properties, types, aliasesAndFunctions].joined().map { NameHash.of($0) }
        }
    }

    /// The names of `parts` (declared by modules, with their names' hashes).
    init(_ parts: [(names: Declared, hashes: [UInt64])]) {
        methods = Self.union(parts.map(\.names.methods))
        properties = Self.union(parts.map(\.names.properties))
        types = Self.union(parts.map(\.names.types))
        filter = NameFilter(hashes: parts.map(\.hashes))
    }

    /// Whether a main-actor type has a method or property of this name.
    func isMember(_ name: String) -> Bool { methods.contains(name) || properties.contains(name) }

    /// A copy of the largest set with the others added to it (most are empty: nothing is hashed).
    static func union(_ sets: [Set<String>]) -> Set<String> {
        guard let largest = sets.indices.max(by: { sets[$0].count < sets[$1].count }) else { return [] }
        var out = sets[largest]
        for (i, s) in sets.enumerated() where i != largest { out.formUnion(s) }
        return out
    }

    /// Per module with files, the names its code can reach (`declared`: the names each module
    /// declares; `visible`: the modules each one can name, as `SymbolTables.visibleModules`),
    /// and the names of the whole workspace for code of no known module. Modules that reach the
    /// same declaring modules share one value; each name is hashed once.
    static func byModule(declared: [String: Declared], visible: [String: Set<String>])
        -> (byModule: [String: MainActorNames], all: MainActorNames)
    {
        var parts: [String: (names: Declared, hashes: [UInt64])] = [:]
        for (module, d) in declared { parts[module] = (d, d.hashes) }
        let all = MainActorNames(Array(parts.values))
        var shared: [[String]: MainActorNames] = [:]
        var out: [String: MainActorNames] = [:]
        for module in visible.keys {
            // Every module reachable through the import graph, each expanded once.
            var reached: Set<String> = [module]
            var queue = [module]
            while let m = queue.popLast() {
                for next in visible[m] ?? [] where reached.insert(next).inserted { queue.append(next) }
            }
            let key = reached.filter { parts[$0] != nil }.sorted()
            let names = shared[key] ?? MainActorNames(key.compactMap { parts[$0] })
            shared[key] = names
            out[module] = names
        }
        return (out, all)
    }
}
