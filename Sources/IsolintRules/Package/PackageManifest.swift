import IsolintSyntax

/// What isolint reads from a Package.swift, with the project's own parser (no evaluation):
/// targets with their kind, path, dependencies and Swift settings.
public struct PackageManifest: Sendable {
    public struct Target: Sendable {
        public var name: String
        public var kind: TargetSettings.Kind
        public var path: String?
        public var dependencies: [String]
        /// The same dependencies with what they name: `"X"` (a target of this package or a
        /// product), `.target(name:)`, `.product(name:package:)`.
        public var references: [Reference] = []
        public var languageMode: Int?
        public var upcomingFeatures: Set<String>
        public var experimentalFeatures: Set<String>
        public var defaultIsolationMainActor: Bool
        /// Byte range of the `.target(` call (anchor of manifest findings).
        public var callRange: Range<Int>
        /// Byte range of `.defaultIsolation(MainActor.self)`, if present.
        public var defaultIsolationRange: Range<Int>?
        /// The `swiftSettings:` array node, when present.
        public var swiftSettingsNode: Int32?
        public var callNode: Int32
    }

    /// A target's dependency as written.
    public struct Reference: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case byName, target, product }
        public var name: String
        public var kind: Kind
        /// `package:` of `.product(name:package:)`.
        public var package: String?
        /// Byte range of the entry in the `dependencies:` list (`"X"`, `.product(…)`).
        public var range: Range<Int>
    }

    /// `.library(name:targets:)` and the other products.
    public struct Product: Sendable, Equatable {
        public var name: String
        public var targets: [String]
    }

    public var toolsVersion: (major: Int, minor: Int)
    public var packageLanguageModes: [Int]
    public var targets: [Target]
    /// `Package(name:)`.
    public var name: String?
    public var products: [Product] = []
    /// Paths of `.package(path:)` dependencies, as written.
    public var localPackagePaths: [String] = []
    /// Whether a `Package(…)` call was found at all.
    public var hasPackageCall = false
    public let tree: SyntaxTree
    /// Settings that statements after the package's declaration add to every target
    /// (`for target in package.targets { target.swiftSettings = … }`).
    public var manifestWideSettings = ManifestWideSettings()

    static let targetFactories: [String: TargetSettings.Kind] = [
        "target": .library, "executableTarget": .executable, "testTarget": .test, "macro": .macro, "plugin": .plugin,
    ]

    /// Whether a path names a package manifest (`Package.swift`, `Package@swift-6.0.swift`).
    public static func isManifest(path: String) -> Bool {
        // The last component, without splitting the whole path (asked for every file).
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.index(after: $0)...] } ?? path[...]
        return name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
    }

    public init(tree: SyntaxTree) {
        self.tree = tree
        toolsVersion = PackageManifest.readToolsVersion(tree.source.bytes)
        packageLanguageModes = []
        targets = []
        let variables = PackageManifest.fileScopeValues(tree)
        for (i, node) in tree.nodes.enumerated() where node.kind == .call {
            let call = Int32(i)
            guard let callee = tree.callee(of: call), let path = tree.plainPath(of: callee) else { continue }
            let method = path.splitASCII(UInt8(ascii: ".")).last.map(String.init) ?? path
            if method == "Package" || path == "Package" {
                hasPackageCall = true
                readPackageArguments(call)
                if let arg = tree.argument(of: call, labeled: "swiftLanguageModes")
                    ?? tree.argument(of: call, labeled: "swiftLanguageVersions"),
                    let v = tree.value(of: arg)
                {
                    packageLanguageModes = PackageManifest.languageModes(in: tree.text(of: v))
                }
                continue
            }
            // `.target(name:)` inside another target's `dependencies:` is a reference, not a target.
            if tree.ancestors(call).contains(where: { a in
                tree[a].kind == .call
                    && tree.calleeName(of: a).map { PackageManifest.targetFactories[$0] != nil } == true
            }) {
                continue
            }
            guard path.hasPrefix(".") || path.hasPrefix("Target."), let kind = PackageManifest.targetFactories[method],
                let nameArg = tree.argument(of: call, labeled: "name"), let nameValue = tree.value(of: nameArg),
                let name = PackageManifest.stringLiteral(tree, nameValue)
            else { continue }
            var target = Target(
                name: name, kind: kind, path: nil, dependencies: [], languageMode: nil,
                upcomingFeatures: [], experimentalFeatures: [], defaultIsolationMainActor: false,
                callRange: tree.range(of: callee), defaultIsolationRange: nil, swiftSettingsNode: nil, callNode: call)
            if let p = tree.argument(of: call, labeled: "path"), let v = tree.value(of: p) {
                target.path = PackageManifest.stringLiteral(tree, v)
            }
            if let d = tree.argument(of: call, labeled: "dependencies"), let v = tree.value(of: d) {
                for element in tree.children(v, kind: .argument) {
                    guard let e = tree.value(of: element) else { continue }
                    if let s = PackageManifest.stringLiteral(tree, e) {
                        target.dependencies.append(s)
                        target.references.append(
                            Reference(name: s, kind: .byName, package: nil, range: tree.range(of: e)))
                    } else if tree[e].kind == .call, let n = tree.argument(of: e, labeled: "name"),
                        let nv = tree.value(of: n),
                        let s = PackageManifest.stringLiteral(tree, nv)
                    {
                        target.dependencies.append(s)
                        let factory = tree.calleeName(of: e)
                        let package = tree.argument(of: e, labeled: "package").flatMap { tree.value(of: $0) }
                            .flatMap { PackageManifest.stringLiteral(tree, $0) }
                        target.references.append(
                            Reference(
                                name: s,
                                kind: factory == "product" ? .product : (factory == "target" ? .target : .byName),
                                package: package, range: tree.range(of: e)))
                    }
                }
            }
            if let s = tree.argument(of: call, labeled: "swiftSettings"), let v = tree.value(of: s) {
                target.swiftSettingsNode = v
                for e in PackageManifest.settingCalls(in: v, tree: tree, variables: variables) {
                    guard let c = tree.callee(of: e) else { continue }
                    let setting = tree.name(of: c)
                    let firstArg = tree.arguments(of: e).first.flatMap { tree.value(of: $0) }
                    let argText = firstArg.map { tree.text(of: $0) } ?? ""
                    switch setting {
                    case "swiftLanguageMode", "swiftLanguageVersion":
                        target.languageMode = PackageManifest.languageModes(in: argText).first
                    case "enableUpcomingFeature":
                        if let f = firstArg.flatMap({ PackageManifest.stringLiteral(tree, $0) }) {
                            target.upcomingFeatures.insert(f)
                        }
                    case "enableExperimentalFeature":
                        if let f = firstArg.flatMap({ PackageManifest.stringLiteral(tree, $0) }) {
                            target.experimentalFeatures.insert(f)
                        }
                    case "defaultIsolation":
                        target.defaultIsolationMainActor = argText.hasPrefix("MainActor")
                        target.defaultIsolationRange = tree.range(of: e)
                    case "unsafeFlags":
                        if argText.contains("-strict-concurrency=complete") {
                            target.experimentalFeatures.insert("StrictConcurrency")
                        } else if argText.contains("-strict-concurrency=targeted") {
                            target.experimentalFeatures.insert("StrictConcurrency=targeted")
                        }
                        if argText.contains("\"-swift-version\", \"5\"") { target.languageMode = 5 }
                    default:
                        break
                    }
                }
            }
            targets.append(target)
        }
        manifestWideSettings = PackageManifest.readManifestWideSettings(tree, variables: variables)
    }

    /// `name:`, `products:` and the `.package(path:)` dependencies of the `Package(…)` call.
    mutating func readPackageArguments(_ call: Int32) {
        if let a = tree.argument(of: call, labeled: "name"), let v = tree.value(of: a) {
            name = PackageManifest.stringLiteral(tree, v)
        }
        if let a = tree.argument(of: call, labeled: "products"), let v = tree.value(of: a),
            tree[v].kind == .arrayExpr
        {
            for element in tree.children(v, kind: .argument) {
                guard let e = tree.value(of: element), tree[e].kind == .call,
                    let n = tree.argument(of: e, labeled: "name").flatMap({ tree.value(of: $0) }),
                    let productName = PackageManifest.stringLiteral(tree, n)
                else { continue }
                var names: [String] = []
                if let t = tree.argument(of: e, labeled: "targets").flatMap({ tree.value(of: $0) }),
                    tree[t].kind == .arrayExpr
                {
                    for item in tree.children(t, kind: .argument) {
                        if let iv = tree.value(of: item), let s = PackageManifest.stringLiteral(tree, iv) {
                            names.append(s)
                        }
                    }
                }
                products.append(Product(name: productName, targets: names))
            }
        }
        if let a = tree.argument(of: call, labeled: "dependencies"), let v = tree.value(of: a),
            tree[v].kind == .arrayExpr
        {
            for element in tree.children(v, kind: .argument) {
                guard let e = tree.value(of: element), tree[e].kind == .call,
                    let p = tree.argument(of: e, labeled: "path").flatMap({ tree.value(of: $0) }),
                    let path = PackageManifest.stringLiteral(tree, p)
                else { continue }
                localPackagePaths.append(path)
            }
        }
    }

    /// `let shared: [SwiftSetting] = [...]` at file scope, used as `swiftSettings: shared`: the
    /// initial value of each file-scope variable, by name.
    static func fileScopeValues(_ tree: SyntaxTree) -> [String: Int32] {
        var variables: [String: Int32] = [:]
        for (i, node) in tree.nodes.enumerated() where node.kind == .binding && tree.isFileScope(node.parent) {
            if let initializer = tree.firstChild(Int32(i), kind: .initializer),
                let value = tree.children(initializer).first
            {
                variables[tree.name(of: Int32(i))] = value
            }
        }
        return variables
    }

    /// The `.setting(…)` calls of a `swiftSettings:` value: array elements, through variables
    /// and `+` concatenations (one level of variables deep).
    static func settingCalls(in value: Int32, tree: SyntaxTree, variables: [String: Int32]) -> [Int32] {
        var out: [Int32] = []
        var stack: [(Int32, Int)] = [(value, 0)]
        while let (n, depth) = stack.popLast() {
            switch tree[n].kind {
            case .arrayExpr:
                for element in tree.children(n, kind: .argument) {
                    if let e = tree.value(of: element), tree[e].kind == .call { out.append(e) }
                }
            case .sequenceExpr:
                for c in tree.children(n) { stack.append((c, depth)) }
            case .identifierExpr:
                if depth < 4, let v = variables[tree.name(of: n)] { stack.append((v, depth + 1)) }
            default:
                break
            }
        }
        return out
    }

    /// `// swift-tools-version:5.9` → (5, 9); (5, 0) when missing.
    static func readToolsVersion(_ bytes: [UInt8]) -> (major: Int, minor: Int) {
        let firstLine = String(decoding: bytes.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
        guard let range = firstLine.range(of: "swift-tools-version:") else { return (5, 0) }
        let version = firstLine[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber || $0 == "." }
        let parts = version.split(separator: ".").compactMap { Int($0) }
        return (parts.first ?? 5, parts.count > 1 ? parts[1] : 0)
    }

    /// `.v5`, `.v6`, `.version("6")` → [5, 6].
    static func languageModes(in text: String) -> [Int] {
        var out: [Int] = []
        var rest = Substring(text)
        while let r = rest.range(of: ".v") {
            let digits = rest[r.upperBound...].prefix { $0.isNumber }
            if let n = Int(digits) { out.append(n) }
            rest = rest[r.upperBound...]
        }
        if out.isEmpty, let r = text.range(of: "version(\"") {
            if let n = Int(text[r.upperBound...].prefix { $0.isNumber }) { out.append(n) }
        }
        return out
    }

    static func stringLiteral(_ tree: SyntaxTree, _ node: Int32) -> String? {
        guard tree[node].kind == .literalExpr else { return nil }
        let t = tree.tokens[Int(tree[node].firstToken)]
        guard t.kind == .stringLiteral, !t.flags.contains(.hasInterpolation) else { return nil }
        // By bytes: counting and dropping Characters cost thousands of instructions a literal.
        let text = tree.text(token: tree[node].firstToken).utf8
        let quote = UInt8(ascii: "\"")
        guard text.count >= 2, text.first == quote, text.last == quote, !text.starts(with: [quote, quote, quote]) else {
            return nil
        }
        return String(Substring(text.dropFirst().dropLast()))
    }

    /// The Swift language mode of a target: its own setting, else a mode set for every target
    /// after the declaration, else the newest of the package's modes (SwiftPM picks the newest
    /// listed mode the toolchain supports), else 6 from tools version 6.0 on and 5 before.
    public func languageMode(of target: Target) -> Int {
        target.languageMode ?? manifestWideSettings.languageMode ?? packageLanguageModes.max()
            ?? (toolsVersion.major >= 6 ? 6 : 5)
    }

    public func settings(of target: Target) -> TargetSettings {
        TargetSettings(
            targetName: target.name, kind: target.kind, languageMode: languageMode(of: target),
            defaultIsolationMainActor: target.defaultIsolationMainActor,
            upcomingFeatures: TargetConcurrency.expanded(
                target.upcomingFeatures.union(manifestWideSettings.upcomingFeatures)),
            completeChecking: hasCompleteChecking(target))
    }

    /// Source directory of a target relative to the package root.
    public func directory(of target: Target) -> String {
        if let p = target.path { return p.hasSuffix("/") ? String(p.dropLast()) : p }
        switch target.kind {
        case .test: return "Tests/\(target.name)"
        case .plugin: return "Plugins/\(target.name)"
        default: return "Sources/\(target.name)"
        }
    }

    /// The target whose directory holds `relativePath` (longest match).
    public func target(containing relativePath: String) -> Target? {
        let slash = UInt8(ascii: "/")
        // By position and by bytes: a target copied whole and a `dir + "/"` made for each target
        // were most of looking up settings for each folder of a workspace.
        var best: (index: Int, length: Int)?
        let path = relativePath.utf8
        for k in targets.indices {
            let dir = directory(of: targets[k]).utf8
            guard path.starts(with: dir), path.count == dir.count || path.dropFirst(dir.count).first == slash else {
                continue
            }
            if let b = best, b.length >= dir.count { continue }
            best = (k, dir.count)
        }
        return best.map { targets[$0.index] }
    }
}

/// A `swift-tools-version`, or the version in a `Package@swift-X.Y.swift` name.
public struct ToolsVersion: Sendable, Equatable, Comparable {
    public var major: Int
    public var minor: Int

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    public static func < (a: ToolsVersion, b: ToolsVersion) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
}

extension PackageManifest {
    /// `5.9` of `Package@swift-5.9.swift` (`6` of `Package@swift-6.swift`); nil for `Package.swift`.
    static func versionSuffix(path: String) -> ToolsVersion? {
        guard let name = path.splitASCII(UInt8(ascii: "/")).last, name.hasPrefix("Package@swift-"),
            name.hasSuffix(".swift")
        else { return nil }
        let parts = name.dropFirst("Package@swift-".count).dropLast(".swift".count).split(separator: ".")
        guard let major = parts.first.flatMap({ Int($0) }) else { return nil }
        return ToolsVersion(major: major, minor: parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
    }

    /// Whether SwiftPM on the toolchain isolint assumes reads this manifest, among the sibling
    /// manifests the index knows: the newest `Package@swift-X.Y.swift` with X.Y not above the
    /// toolchain, when its tools version is above `Package.swift`'s; else `Package.swift`. A
    /// manifest whose siblings the index does not know counts as read.
    public static func isRead(path: String, in index: WorkspaceIndex) -> Bool {
        // Byte-wise (`parentDirectory`): asked of every manifest against every other one.
        let directory = parentDirectory(path)
        let toolchain = KnowledgeBase.assumedToolchain
        var base: ToolsVersion?
        var newest: (path: String, suffix: ToolsVersion)?
        for (p, v) in index.manifestToolsVersions {
            guard parentDirectory(p) == directory else { continue }
            if let suffix = versionSuffix(path: p) {
                if suffix <= toolchain, newest.map({ $0.suffix < suffix }) ?? true { newest = (p, suffix) }
            } else if p.splitASCII(UInt8(ascii: "/")).last == "Package.swift" {
                base = v
            }
        }
        guard let base else { return true }
        let chosen = newest.flatMap { n in (index.manifestToolsVersions[n.path] ?? base) > base ? n.path : nil }
        return (chosen ?? directory.appending(directory.isEmpty ? "Package.swift" : "/Package.swift")) == path
    }
}
