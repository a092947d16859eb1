import Foundation
import IsolintSyntax

/// The modules under a directory: every Package.swift's targets and every Xcode project's native
/// targets, with their Swift files, settings and dependencies (package products resolved to the
/// local packages that declare them). Without either, the directory is one target.
public enum ModuleGraph {
    /// What a walk of the directory finds.
    struct Found {
        var manifests: [String] = []
        var projects: [String] = []
        var swiftFiles: [String] = []
    }

    /// Package.swift files, `.xcodeproj` folders and Swift files under `directory`, skipping build
    /// output and vendored code (`SwiftFiles.skippedDirectories`) and symbolic links.
    static func walk(_ directory: String, exclude: (String) -> Bool) -> Found {
        var found = Found()
        let fm = FileManager.default
        var stack = [directory]
        while let dir = stack.popLast() {
            guard let names = try? fm.contentsOfDirectory(atPath: dir) else { continue }
            for name in names.sorted() {
                let full = dir == "/" ? "/" + name : dir + "/" + name
                var info = stat()
                guard lstat(full, &info) == 0 else { continue }
                let type = info.st_mode & S_IFMT
                if type == S_IFDIR {
                    if name.hasSuffix(".xcodeproj") {
                        found.projects.append(full)
                    } else if !SwiftFiles.skippedDirectories.contains(name), !name.hasSuffix(".xcworkspace"),
                        !exclude(full)
                    {
                        stack.append(full)
                    }
                } else if type == S_IFREG, name.hasSuffix(".swift"), !exclude(full) {
                    if name == "Package.swift" { found.manifests.append(full) }
                    found.swiftFiles.append(full)
                }
            }
        }
        found.manifests.sort()
        found.projects.sort()
        found.swiftFiles.sort()
        return found
    }

    /// One package read from its manifest.
    struct Package {
        var root: String
        var manifest: PackageManifest
        /// `Package(name:)`, else the folder's name.
        var name: String
    }

    /// The targets (findings not yet counted) and the problems met reading manifests and projects.
    public static func discover(directory: String, configuration: Configuration) -> (
        targets: [PlanTarget], problems: [PlanProblem]
    ) {
        let root = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let excludes = !configuration.exclude.isEmpty
        let found = walk(root) { path in
            excludes
                && configuration.isExcluded(path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path)
        }
        var problems: [PlanProblem] = []
        var packages: [Package] = []
        var seenRoots = Set<String>()
        var swiftFiles = found.swiftFiles
        var pending = found.manifests
        var projects: [XcodeProject] = []
        for p in found.projects {
            let project = XcodeProject(path: p)
            problems += project.problems
            projects.append(project)
            // Local packages outside the directory are planned too.
            pending += project.localPackages.map { $0 + "/Package.swift" }
        }
        while let manifestPath = pending.popLast() {
            let packageRoot = XCConfig.directory(of: manifestPath)
            guard seenRoots.insert(packageRoot).inserted else { continue }
            guard let data = FileManager.default.contents(atPath: manifestPath) else {
                if found.manifests.contains(manifestPath) {
                    problems.append(PlanProblem(file: manifestPath, line: nil, message: "cannot be read"))
                }
                continue
            }
            let source = SourceFile(path: manifestPath, bytes: [UInt8](data))
            let manifest = PackageManifest(tree: SyntaxTree.parse(source))
            let health = SyntaxHealth(manifest.tree)
            if let offset = health.firstProblem {
                problems.append(
                    PlanProblem(
                        file: manifestPath, line: source.line(of: offset) + 1,
                        message: "malformed Package.swift (unbalanced brackets or a broken literal here); "
                            + "what could be read is planned"))
            } else if !manifest.hasPackageCall {
                problems.append(PlanProblem(file: manifestPath, line: 1, message: "no `Package(…)` call"))
            }
            let name = manifest.name ?? String(packageRoot.split(separator: "/").last ?? "package")
            packages.append(Package(root: packageRoot, manifest: manifest, name: name))
            for dependency in manifest.localPackagePaths {
                pending.append(XcodeProject.joined(packageRoot, dependency) + "/Package.swift")
            }
            if !packageRoot.hasPrefix(root + "/") && packageRoot != root {
                swiftFiles += (try? SwiftFiles.collect([packageRoot])) ?? []
            }
        }
        packages.sort { $0.root < $1.root }

        // Targets, keyed by (origin, target name) until names are made unique.
        struct Node {
            var target: PlanTarget
            var group: String
            var references: [PackageManifest.Reference] = []
            var projectDependencies: [String] = []
            var products: [String] = []
            var packageIndex: Int?
        }
        var nodes: [Node] = []
        var packageTargets: [Int: [String: Int]] = [:]
        for (p, package) in packages.enumerated() {
            for t in package.manifest.targets {
                let concurrency = package.manifest.concurrency(of: t)
                let dir = package.manifest.directory(of: t)
                let path = relative(package.root + "/" + dir, to: root)
                var target = PlanTarget(
                    name: t.name, kind: PlanTarget.Kind(t.kind), path: path, concurrency: concurrency,
                    settings: package.manifest.settings(of: t), origin: package.root + "/Package.swift")
                target.files = []
                packageTargets[p, default: [:]][t.name] = nodes.count
                nodes.append(Node(target: target, group: package.name, references: t.references, packageIndex: p))
            }
        }
        // Each Swift file goes to the target of the deepest package holding it.
        let roots = packages.enumerated().sorted { $0.element.root.count > $1.element.root.count }
        for file in swiftFiles {
            guard
                let (p, package) = roots.first(where: {
                    file.hasPrefix($0.element.root + "/")
                }),
                !PackageManifest.isManifest(path: file)
            else { continue }
            let relativePath = String(file.dropFirst(package.root.count + 1))
            if let t = package.manifest.target(containing: relativePath), let k = packageTargets[p]?[t.name] {
                nodes[k].target.files.append(file)
            }
        }
        for project in projects {
            let projectName = String((project.path.split(separator: "/").last ?? "").dropLast(".xcodeproj".count))
            for t in project.targets {
                let concurrency = XcodeBuildSettings.concurrency(t.settings)
                let kind = XcodeBuildSettings.kind(productType: t.productType)
                let settingsKind: TargetSettings.Kind =
                    kind == .test ? .test : (kind == .app || kind == .executable ? .executable : .library)
                let files = t.sourceFiles.filter { FileManager.default.fileExists(atPath: $0) }
                var target = PlanTarget(
                    name: t.name, kind: kind, path: relative(commonDirectory(files) ?? project.root, to: root),
                    concurrency: concurrency, settings: concurrency.settings(targetName: t.name, kind: settingsKind),
                    origin: project.path)
                target.files = files
                nodes.append(
                    Node(
                        target: target, group: projectName, projectDependencies: t.dependencies,
                        products: t.packageProducts))
            }
        }
        if nodes.isEmpty && packages.isEmpty && projects.isEmpty {
            // No manifest: the directory is one target, with the configuration's settings.
            let name = String(root.split(separator: "/").last ?? "root")
            var settings = WorkspaceSettings(configuration: configuration).settings(for: root + "/x.swift")
            settings.targetName = name
            let concurrency = TargetConcurrency(
                languageMode: settings.languageMode, checking: settings.completeChecking ? .complete : .minimal,
                defaultIsolationMainActor: settings.defaultIsolationMainActor,
                upcomingFeatures: settings.upcomingFeatures)
            var target = PlanTarget(
                name: name, kind: .library, path: ".", concurrency: concurrency, settings: settings, origin: root)
            target.files = swiftFiles
            nodes.append(Node(target: target, group: name))
        }

        // Unique names: a name two targets share is qualified by package or project.
        var counts: [String: Int] = [:]
        for n in nodes { counts[n.target.name, default: 0] += 1 }
        let display = nodes.map {
            counts[$0.target.name, default: 0] > 1 ? "\($0.group)/\($0.target.name)" : $0.target.name
        }

        // Products: name → the nodes of the targets it is made of, in every package declaring it.
        var products: [String: [(package: Int, targets: [Int])]] = [:]
        for (p, package) in packages.enumerated() {
            for product in package.manifest.products {
                let ks = product.targets.compactMap { packageTargets[p]?[$0] }
                products[product.name, default: []].append((p, ks))
            }
        }
        func product(_ name: String, package: String?) -> [Int] {
            if let candidates = products[name] {
                let wanted = package?.lowercased()
                let match = candidates.first { c in
                    guard let wanted else { return false }
                    let pk = packages[c.package]
                    return pk.name.lowercased() == wanted
                        || pk.root.split(separator: "/").last.map { $0.lowercased() == wanted } == true
                }
                return (match ?? candidates[0]).targets
            }
            // A package without an explicit product of that name: a target named so.
            for (p, _) in packages.enumerated() { if let k = packageTargets[p]?[name] { return [k] } }
            return []
        }
        var targets: [PlanTarget] = []
        for (k, node) in nodes.enumerated() {
            var t = node.target
            t.name = display[k]
            var deps: [Int] = []
            if let p = node.packageIndex {
                for r in node.references {
                    if r.kind != .product, let d = packageTargets[p]?[r.name] {
                        deps.append(d)
                    } else if r.kind != .target {
                        deps += product(r.name, package: r.package)
                    }
                }
            } else {
                for name in node.projectDependencies {
                    if let d = nodes.indices.first(where: {
                        nodes[$0].packageIndex == nil && nodes[$0].group == node.group && nodes[$0].target.name == name
                    }) {
                        deps.append(d)
                    }
                }
                for name in node.products { deps += product(name, package: nil) }
            }
            t.dependencies = deps.filter { $0 != k }.map { display[$0] }
            targets.append(t)
        }
        return (withoutEmptyTargets(targets), problems)
    }

    /// Targets without Swift sources (C and Objective-C targets, resource bundles) have nothing
    /// to migrate: they leave the plan, and what depended on them depends on their dependencies.
    static func withoutEmptyTargets(_ targets: [PlanTarget]) -> [PlanTarget] {
        let empty = Set(targets.filter { $0.files.isEmpty }.map(\.name))
        guard !empty.isEmpty, empty.count < targets.count else { return targets }
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        return targets.filter { !empty.contains($0.name) }.map { t in
            var t = t
            var out: [String] = []
            var seen = Set<String>()
            var stack = Array(t.dependencies.reversed())
            while let d = stack.popLast() {
                guard seen.insert(d).inserted else { continue }
                if empty.contains(d) {
                    stack += (byName[d]?.dependencies ?? []).reversed()
                } else {
                    out.append(d)
                }
            }
            t.dependencies = out
            return t
        }
    }

    static func relative(_ path: String, to root: String) -> String {
        if path == root { return "." }
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    /// The deepest folder holding every file (nil for none).
    static func commonDirectory(_ files: [String]) -> String? {
        guard let first = files.first else { return nil }
        var common = XCConfig.directory(of: first).split(separator: "/").map(String.init)
        for f in files.dropFirst() {
            let parts = XCConfig.directory(of: f).split(separator: "/").map(String.init)
            var n = 0
            while n < common.count, n < parts.count, common[n] == parts[n] { n += 1 }
            common = Array(common.prefix(n))
        }
        return "/" + common.joined(separator: "/")
    }
}
