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
/// Keyed by module, so that merging a file's part (one module) is one set union per table.
struct NameUses: Sendable, Equatable {
    var byModule: [String: Set<String>] = [:]

    mutating func insert(_ name: String, module: String) { byModule[module, default: []].insert(name) }

    mutating func merge(_ other: NameUses) {
        for (module, names) in other.byModule { add(names, module: module) }
    }

    /// Names used in `module`: the set itself when the module has none yet (no name hashed again).
    mutating func add(_ names: Set<String>, module: String) {
        guard !names.isEmpty else { return }
        if byModule[module] == nil {
            byModule[module] = names
        } else {
            byModule[module, default: []].formUnion(names)
        }
    }
}
