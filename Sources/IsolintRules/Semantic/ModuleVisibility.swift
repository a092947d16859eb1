import IsolintSyntax

/// Which workspace modules a module's files can name: its own, the ones its files import, and
/// what those re-export (`@_exported import`). A workspace of several packages shares one index,
/// and without this a type of one package (Vapor's `struct View`) answered for a name another
/// package takes from the SDK (SwiftUI's `View`), with every rule built on it wrong.
struct ModuleImports: Sendable, Equatable {
    /// Modules imported by some file of the module, by name as written.
    var imported: Set<String> = []
    /// Of those, the ones imported `@_exported` (visible to whoever imports this module).
    var exported: Set<String> = []

    mutating func merge(_ other: ModuleImports) {
        imported.formUnion(other.imported)
        exported.formUnion(other.exported)
    }

    /// One file's imports, at top level or in an `#if` branch. (Asked twice of every file: the
    /// names are gathered first and the sets made at their size, without growing one insert at
    /// a time; no attribute names are made to find `@_exported`.)
    init(_ tree: SyntaxTree) {
        var names: [String] = []
        var exportedNames: [String] = []
        var lists = [tree.children(0)]
        while let list = lists.popLast() {
            for n in list {
                switch tree[n].kind {
                case .importDecl:
                    // The parser points `name` at the module (past `struct` in `import struct M.T`).
                    let name = tree.text(token: tree[n].name)
                    names.append(name)
                    if tree.attributes(of: n).contains(where: { tree.name(of: $0, is: "_exported") }) {
                        exportedNames.append(name)
                    }
                case .ifConfig, .ifConfigClause:
                    lists.append(tree.children(n))
                default:
                    continue
                }
            }
        }
        imported = Set(names)
        exported = Set(exportedNames)
    }

    init() {}

    /// The name `import` uses for a target: SwiftPM and Xcode make a module name of a target's
    /// name by turning every character that cannot stand in an identifier into `_`.
    static func moduleName(_ target: String) -> String {
        guard target.utf8.contains(where: { !isIdentifierByte($0) }) else { return target }
        return String(decoding: target.utf8.map { isIdentifierByte($0) ? $0 : UInt8(ascii: "_") }, as: UTF8.self)
    }

    static func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
    }

    /// For every module with files, the workspace modules it can name besides itself (`modules`
    /// are the targets that declare something; an import names one by its module name).
    static func visibility(_ imports: [String: ModuleImports], modules: Set<String>) -> [String: Set<String>] {
        var byName: [String: String] = [:]
        // A module that only re-exports (an umbrella) declares nothing but is still passed through.
        for m in modules.union(imports.keys) { byName[moduleName(m)] = m }
        var out: [String: Set<String>] = [:]
        for (module, own) in imports {
            var seen: Set<String> = []
            var queue = Array(own.imported)
            // Through re-exports; each module is expanded once, so cycles end.
            while let name = queue.popLast() {
                guard let target = byName[name], seen.insert(target).inserted else { continue }
                queue += imports[target]?.exported ?? []
            }
            out[module] = seen
        }
        return out
    }
}

/// Names some code uses in a way a rule asks about (assigned, constructed, cancelled), by the
/// module using them: a use counts for a declaration only where that declaration is visible.
/// Names are kept as their `NameHash` (64 bits: two names of a workspace collide with a
/// chance of about one in 10^9), so that a file's index part records a name without making a
/// `String` of its token or hashing one: a lint run records ~250,000 of them and asks a few
/// thousand. Parts append; `sorted()` (in `NameTables`, once per index) makes each module's
/// hashes sorted and unique for `contains`.
struct NameUses: Sendable {
    private(set) var byModule: [String: [UInt64]] = [:]

    init() {}

    /// One module's names, in any order.
    init(_ hashes: [UInt64], module: String) {
        if !hashes.isEmpty { byModule[module] = hashes }
    }

    mutating func merge(_ other: NameUses) {
        for (module, hashes) in other.byModule {
            if byModule[module] == nil {
                byModule[module] = hashes
            } else {
                byModule[module, default: []] += hashes
            }
        }
    }

    /// Each module's hashes sorted, once each.
    func sorted() -> NameUses {
        var out = self
        for module in out.byModule.keys { out.byModule[module]?.sortAndRemoveDuplicates() }
        return out
    }

    /// Whether some module whose code `sees` accepts uses the name (on `sorted()` uses).
    func isUsed(_ name: String, by sees: (String) -> Bool) -> Bool {
        let h = NameHash.of(name)
        return byModule.contains { user, hashes in hashes.sortedContains(h) && sees(user) }
    }
}

extension NameUses: Equatable {
    /// The same names by module, whatever order the parts merged in.
    static func == (a: NameUses, b: NameUses) -> Bool { a.sorted().byModule == b.sorted().byModule }
}

/// A call `receiver.method(…)` (or `a.receiver.method(…)`: one for each name along the path), by
/// the names' hashes.
struct MethodReceiver: Sendable, Hashable, Comparable {
    var method: UInt64
    var receiver: UInt64

    static func < (a: MethodReceiver, b: MethodReceiver) -> Bool {
        (a.method, a.receiver) < (b.method, b.receiver)
    }
}
