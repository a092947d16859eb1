import Foundation
import IsolintSyntax

/// Maps files to target settings: finds the nearest Package.swift above each file, reads it
/// once, and falls back to `.isolint.json` overrides for files no target claims.
public struct WorkspaceSettings: Sendable {
    /// Package root → manifest (nil when its Package.swift could not be read).
    public private(set) var manifests: [String: PackageManifest] = [:]
    /// Swift sources of the Xcode projects above the files → the settings of the first target
    /// holding each (in the project's target order).
    public private(set) var xcodeSources: [String: TargetSettings] = [:]
    public let configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Reads the manifests governing these files (absolute paths).
    public mutating func load(for files: [String]) {
        let folders = Self.folders(of: files)
        var checked = Set<String>()
        for folder in folders {
            var dir = folder
            while !dir.isEmpty, dir != "/" {
                if checked.contains(dir) { break }
                checked.insert(dir)
                let manifest = dir + "/Package.swift"
                if let data = FileManager.default.contents(atPath: manifest) {
                    let tree = SyntaxTree.parse(SourceFile(path: manifest, bytes: [UInt8](data)))
                    manifests[dir] = PackageManifest(tree: tree)
                    break
                }
                dir = parentDirectory(dir)
            }
        }
        loadXcodeProjects(folders: folders)
    }

    /// The folders of these files, each once, in the order they first appear. Files come sorted,
    /// a folder's together: most are the previous file's folder, told by comparing text, where a
    /// folder string made and hashed for each of thousands of files was most of reading settings.
    static func folders(of files: [String]) -> [String] {
        var out: [String] = []
        var seen = Set<String>()
        // Through the last `/`: two paths with the same one (and no trailing `/`) have the same
        // parent directory.
        var previous: Substring?
        for f in files {
            let plain = f.utf8.last != UInt8(ascii: "/")
            let prefix = f[..<(f.lastIndexASCII(UInt8(ascii: "/")).map { f.utf8.index(after: $0) } ?? f.startIndex)]
            if plain, let previous, prefix == previous { continue }
            previous = plain ? prefix : nil
            let dir = parentDirectory(f)
            if seen.insert(dir).inserted { out.append(dir) }
        }
        return out
    }

    /// Reads the `.xcodeproj` folders in these folders and their ancestors, once each.
    mutating func loadXcodeProjects(folders: [String]) {
        var listed = Set<String>()
        var projects: [String] = []
        for folder in folders {
            var dir = folder
            while !dir.isEmpty, listed.insert(dir).inserted {
                for name in SwiftFiles.entries(of: dir) ?? [] where name.hasSuffix(".xcodeproj") {
                    projects.append(dir == "/" ? "/" + name : dir + "/" + name)
                }
                if dir == "/" { break }
                dir = parentDirectory(dir)
            }
        }
        // Projects are read and parsed on all cores (a monorepo has dozens, some of a megabyte),
        // then applied in path order as before.
        let sorted = projects.sorted()
        let parsed = MemoTable<Int, XcodeProject>()
        DispatchQueue.concurrentPerform(iterations: sorted.count) { i in
            _ = parsed.get(i) { XcodeProject(path: sorted[i]) }
        }
        for i in sorted.indices {
            // Every project was made above: `get` only reads here.
            let project = parsed.get(i) { XcodeProject(path: sorted[i]) }
            for target in project.targets {
                let concurrency = XcodeBuildSettings.concurrency(target.settings)
                let kind: TargetSettings.Kind
                switch XcodeBuildSettings.kind(productType: target.productType) {
                case .test: kind = .test
                case .app, .executable: kind = .executable
                default: kind = .library
                }
                let settings = concurrency.settings(targetName: target.name, kind: kind)
                for file in target.sourceFiles where xcodeSources[file] == nil { xcodeSources[file] = settings }
            }
        }
    }

    /// Whether `file` has the settings of every other such file of its folder: true unless an
    /// Xcode target lists it by itself. Callers may then look them up once per folder.
    public func settingsDependOnFolderOnly(_ file: String) -> Bool { xcodeSources[file] == nil }

    /// Root of the package containing `file`, if any: the deepest manifest directory above it.
    public func packageRoot(of file: String) -> String? {
        var best: String?
        for root in manifests.keys
        where file.hasPrefix(root) && file.utf8.dropFirst(root.utf8.count).first == UInt8(ascii: "/") {
            if best.map({ root.utf8.count > $0.utf8.count }) ?? true { best = root }
        }
        return best
    }

    public func settings(for file: String) -> TargetSettings {
        if let root = packageRoot(of: file), let manifest = manifests[root] {
            let relative = String(file.dropFirst(root.count + 1))
            if let target = manifest.target(containing: relative) { return manifest.settings(of: target) }
        }
        // An Xcode target's build settings, else Swift 6 nonisolated; `.isolint.json` overrides.
        var s = xcodeSources[file] ?? TargetSettings.standalone
        if let v = configuration.swiftVersion { s.languageMode = v }
        if let d = configuration.defaultIsolationMainActor { s.defaultIsolationMainActor = d }
        s.upcomingFeatures = TargetConcurrency.expanded(s.upcomingFeatures.union(configuration.upcomingFeatures))
        return s
    }

    /// The nearest `.isolint.json` at or above `directory`.
    public static func findConfiguration(from directory: String) -> String? {
        var dir = directory
        while true {
            let candidate = dir + "/.isolint.json"
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = parentDirectory(dir)
            if parent == dir || parent.isEmpty { return nil }
            dir = parent
        }
    }

    /// Loads a configuration file; problems are returned, never thrown.
    public static func loadConfiguration(_ path: String, knownRules: Set<String>) -> (
        Configuration, [Configuration.Problem]
    ) {
        guard let data = FileManager.default.contents(atPath: path) else {
            return (Configuration(), [Configuration.Problem(file: path, key: "(file)", message: "cannot be read")])
        }
        return Configuration.parse(data, file: path, knownRules: knownRules)
    }
}
