import IsolintSyntax

/// The names synchronous main-actor code can go by, as the code of one module can reach it: the
/// main-actor types and their members (those of their extensions too), typealiases and free
/// functions declared in the modules it depends on, directly or through another module. A
/// module's code can only ever reach a type through those modules (a property of an imported
/// type has a type its own module can name), so a name outside these sets is no main-actor code
/// for it. They are cheap filters asked before typing an expression: a test target of a library
/// that sees no main-actor type stops at them, however many an app in the same workspace has.
///
/// Names are kept as their `NameHash`es in sorted arrays: gathering a module's reach is then a
/// merge of sorted integers, not a union of string sets (which was a tenth of the index's
/// finalisation, on one core). A `true` answer may be another name of the same hash (about one
/// in 10^9 per name); every caller checks what a `true` answer names before reporting anything.
struct MainActorNames: Sendable {
    /// Methods and initializers (instance or static) of main-actor types.
    private(set) var methods = NameHashSet()
    /// Properties (instance or static) of main-actor types.
    private(set) var properties = NameHashSet()
    /// Simple names of main-actor types.
    private(set) var types = NameHashSet()
    /// Every name above, and those of typealiases and free functions (a bare call may name
    /// main-actor code through them), as a Bloom filter asked with a token before it becomes a
    /// `String`.
    private(set) var filter: NameFilter

    /// What one module declares, before the names are gathered by what each module reaches:
    /// hashes appended in any order, sorted by `sorted()`.
    struct Declared {
        var methods: [UInt64] = []
        var properties: [UInt64] = []
        var types: [UInt64] = []
        var aliasesAndFunctions: [UInt64] = []

        /// A main-actor type: its name, and its members' in its declarations and extensions.
        mutating func note(type name: String, decls: [TypeDecl], extensions: [ExtensionDecl]) {
            types.append(NameHash.of(name))
            for d in decls {
                for p in d.properties { properties.append(NameHash.of(p.name)) }
                for f in d.functions { methods.append(NameHash.of(f.name)) }
            }
            for e in extensions {
                for p in e.properties { properties.append(NameHash.of(p.name)) }
                for f in e.functions { methods.append(NameHash.of(f.name)) }
            }
        }

        /// A typealias or free function.
        mutating func note(aliasOrFunction name: String) { aliasesAndFunctions.append(NameHash.of(name)) }

        /// Each list sorted, without repeats.
        func sorted() -> Declared {
            var out = self
            out.methods.sortAndRemoveDuplicates()
            out.properties.sortAndRemoveDuplicates()
            out.types.sortAndRemoveDuplicates()
            out.aliasesAndFunctions.sortAndRemoveDuplicates()
            return out
        }

        /// Every name's hash (a name in two lists counts twice: harmless in a filter).
        var hashes: [UInt64] { methods + properties + types + aliasesAndFunctions }
    }

    /// The names of `parts` (each `sorted()`).
    init(_ parts: [Declared]) {
        methods = NameHashSet(union: parts.map(\.methods))
        properties = NameHashSet(union: parts.map(\.properties))
        types = NameHashSet(union: parts.map(\.types))
        filter = NameFilter(hashes: parts.map(\.hashes))
    }

    /// Whether a main-actor type may have a method or property of this name.
    func isMember(_ name: String) -> Bool { isMember(hash: NameHash.of(name)) }

    /// The same for a name's `NameHash` (a token's, without making its `String`).
    func isMember(hash h: UInt64) -> Bool { methods.contains(hash: h) || properties.contains(hash: h) }

    /// Per module with files, the names its code can reach (`declared`: the names each module
    /// declares; `visible`: the modules each one can name, as `SymbolTables.visibleModules`),
    /// and the names of the whole workspace for code of no known module. Modules that reach the
    /// same declaring modules share one value.
    static func byModule(declared: [String: Declared], visible: [String: Set<String>])
        -> (byModule: [String: MainActorNames], all: MainActorNames)
    {
        let parts = declared.mapValues { $0.sorted() }
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

/// A set of names as their `NameHash`es, sorted: built once, asked by binary search.
struct NameHashSet: Sendable, Equatable {
    private(set) var hashes: [UInt64] = []

    init() {}

    /// The union of sorted lists without repeats (the largest taken as it is when the others are
    /// empty, as most are).
    init(union lists: [[UInt64]]) {
        let nonEmpty = lists.filter { !$0.isEmpty }
        if nonEmpty.count == 1, let only = nonEmpty.first {
            hashes = only
        } else if !nonEmpty.isEmpty {
            hashes = Array(nonEmpty.joined())
            hashes.sortAndRemoveDuplicates()
        }
    }

    var isEmpty: Bool { hashes.isEmpty }

    func contains(hash: UInt64) -> Bool { hashes.sortedContains(hash) }

    /// Whether the name may be in the set (see `MainActorNames` on hashes).
    func contains(_ name: String) -> Bool { hashes.sortedContains(NameHash.of(name)) }
}

extension NameHashSet: ExpressibleByArrayLiteral {
    /// The set of these names.
    init(arrayLiteral names: String...) {
        hashes = names.map(NameHash.of)
        hashes.sortAndRemoveDuplicates()
    }
}
