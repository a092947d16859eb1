import Foundation
import IsolintSyntax

/// Maps files to target settings: finds the nearest Package.swift above each file, reads it
/// once, and falls back to `.isolint.json` overrides for files no target claims.
public struct WorkspaceSettings: Sendable {
    /// Package root → manifest (nil when its Package.swift could not be read).
    public private(set) var manifests: [String: PackageManifest] = [:]
    public let configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Reads the manifests governing these files (absolute paths).
    public mutating func load(for files: [String]) {
        var checked = Set<String>()
        for f in files {
            var dir = (f as NSString).deletingLastPathComponent
            while !dir.isEmpty, dir != "/" {
                if checked.contains(dir) { break }
                checked.insert(dir)
                let manifest = dir + "/Package.swift"
                if let data = FileManager.default.contents(atPath: manifest) {
                    let tree = SyntaxTree.parse(SourceFile(path: manifest, bytes: [UInt8](data)))
                    manifests[dir] = PackageManifest(tree: tree)
                    break
                }
                dir = (dir as NSString).deletingLastPathComponent
            }
        }
    }

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
        var s = TargetSettings.standalone
        if let v = configuration.swiftVersion { s.languageMode = v }
        if let d = configuration.defaultIsolationMainActor { s.defaultIsolationMainActor = d }
        s.upcomingFeatures.formUnion(configuration.upcomingFeatures)
        return s
    }

    /// The nearest `.isolint.json` at or above `directory`.
    public static func findConfiguration(from directory: String) -> String? {
        var dir = directory
        while true {
            let candidate = dir + "/.isolint.json"
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = (dir as NSString).deletingLastPathComponent
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
