import Foundation
import IsolintRules
import IsolintSyntax

/// The workspace as the server sees it: the root folders, target settings, configuration, and
/// an index part per Swift file (from disk, or from the open document's latest text).
public struct WorkspaceState: Sendable {
    public var roots: [String] = []
    public var configuration = Configuration()
    public var configurationProblems: [Configuration.Problem] = []
    public var settings = WorkspaceSettings(configuration: Configuration())
    /// Index contribution of each file, by path.
    public var parts: [String: WorkspaceIndex] = [:] {
        didSet { partsRevision += 1 }
    }
    /// Bumped on every change of `parts`, so that a merge computed meanwhile is not installed.
    public private(set) var partsRevision = 0
    /// All parts merged (recomputed when a file on disk changes).
    public private(set) var merged = WorkspaceIndex()
    /// Bumped whenever anything analyses depend on changes.
    public private(set) var generation = 0

    public init() {}

    /// Recomputes the merged index; bumps the generation (so analyses are redone) only when
    /// the result differs. Returns whether it did.
    @discardableResult
    public mutating func remerge() -> Bool {
        install(WorkspaceState.merge(parts), revision: partsRevision)
    }

    /// The parts merged, in path order, so that the same parts always give the same index.
    public static func merge(_ parts: [String: WorkspaceIndex]) -> WorkspaceIndex {
        Pipeline.index(parts.sorted { $0.key < $1.key }.map(\.value))
    }

    /// Installs an index merged (elsewhere) from the parts at `revision`; refused when the parts
    /// changed since. Bumps the generation when the index differs; returns whether it did.
    public mutating func install(_ index: WorkspaceIndex, revision: Int) -> Bool {
        guard revision == partsRevision, index != merged else { return false }
        merged = index
        generation += 1
        return true
    }

    public mutating func bump() { generation += 1 }

    /// Each root's configuration (its `.isolint.json`, the nearest at or above it, overridden by
    /// the client settings), deepest root first.
    public private(set) var rootConfigurations: [(root: String, configuration: Configuration)] = []

    /// The configuration of the deepest root holding `path`; else the first root's.
    public func configuration(for path: String) -> Configuration {
        rootConfigurations.first { WorkspaceState.path(path, isUnder: $0.root) }?.configuration ?? configuration
    }

    /// Whether `path` lies in the folder `root` (`/` holds every absolute path).
    public static func path(_ path: String, isUnder root: String) -> Bool {
        path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// Loads every root's `.isolint.json` and applies the client settings (JSON) over each.
    /// `configuration` is the first root's (or the client settings alone without a root).
    public mutating func loadConfiguration(clientSettings: JSON?) {
        let known = RuleCatalog.knownIDs
        var client: Configuration?
        var clientProblems: [Configuration.Problem] = []
        var fileProblems: [Configuration.Problem] = []
        if let clientSettings, case .object(let pairs) = clientSettings, !pairs.isEmpty {
            // Client settings use the same keys as .isolint.json and win over it.
            let filtered = JSON.object(pairs.filter { Configuration.knownKeys.contains($0.0) })
            let (c, p) = Configuration.parse(
                Data(filtered.serialized().utf8), file: "client settings", knownRules: known)
            client = c
            clientProblems = p
        }
        var perRoot: [(root: String, configuration: Configuration)] = []
        var seenFiles: Set<String> = []
        for root in roots {
            var config = Configuration()
            if let path = WorkspaceSettings.findConfiguration(from: root) {
                let (c, p) = WorkspaceSettings.loadConfiguration(path, knownRules: known)
                config = c
                // Two roots under one .isolint.json report its problems once.
                if seenFiles.insert(path).inserted { fileProblems += p }
            }
            perRoot.append((root, client.map { config.overridden(by: $0) } ?? config))
        }
        let config =
            perRoot.first?.configuration ?? client.map { Configuration().overridden(by: $0) } ?? Configuration()
        rootConfigurations = perRoot.sorted { $0.root.count > $1.root.count }
        configuration = config
        configurationProblems = fileProblems + clientProblems
        var s = WorkspaceSettings(configuration: config)
        s.load(for: Array(parts.keys) + roots.map { $0 + "/Package.swift" })
        settings = s
        generation += 1
    }
}

extension Configuration {
    /// This configuration with every key `other` sets replaced.
    public func overridden(by other: Configuration) -> Configuration {
        var c = self
        for (k, v) in other.ruleOverrides { c.ruleOverrides[k] = v }
        if !other.exclude.isEmpty { c.exclude = other.exclude }
        if let v = other.swiftVersion { c.swiftVersion = v }
        if let v = other.defaultIsolationMainActor { c.defaultIsolationMainActor = v }
        if !other.upcomingFeatures.isEmpty { c.upcomingFeatures = other.upcomingFeatures }
        if let v = other.docsBaseURL { c.docsBaseURL = v }
        if let v = other.inlayHints { c.inlayHints = v }
        return c
    }
}
