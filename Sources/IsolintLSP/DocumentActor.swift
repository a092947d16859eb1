import IsolintRules
import IsolintSyntax

/// One analysed version of a document.
public struct Analysis: Sendable {
    public let version: Int
    public let tree: SyntaxTree
    public let findings: [Finding]
    /// The document's index part, when the analysis needed it; else computed after publishing.
    public let index: WorkspaceIndex?
}

/// What an analysis computes from a version's text, given the tree of an earlier version (to
/// re-parse only what changed); the cache carries unchanged declarations' findings from one
/// version to the next.
public typealias AnalyzeFunction =
    @Sendable (SourceFile, SyntaxTree?, inout LintCache) -> (SyntaxTree, WorkspaceIndex?, [Finding])

/// Owns one open document: its text, version, and latest analysis. Edits apply in arrival
/// order; an analysis for a version that has since been superseded is abandoned before it
/// publishes anything.
public actor DocumentActor {
    public let uri: String
    public let path: String
    private(set) var source: SourceFile
    public private(set) var version: Int
    private var latest: Analysis?
    /// Bumped when the workspace (index, settings, configuration) changes, so a cached
    /// analysis of the same version is redone.
    private var analyzedGeneration = -1
    /// Findings per unchanged top-level declaration, valid for `cacheGeneration`.
    private var lintCache = LintCache()
    private var cacheGeneration = -1

    public init(uri: String, path: String, text: String, version: Int) {
        self.uri = uri
        self.path = path
        self.source = SourceFile(path: path, text: text)
        self.version = version
    }

    public var text: String { source.text(0..<source.bytes.count) }
    public var currentSource: SourceFile { source }

    /// Applies `contentChanges` of a didChange: full replacements or range edits, in order.
    public func apply(_ changes: [JSON], version newVersion: Int, encoding: PositionEncoding) throws(LSPError) {
        var current = source
        for change in changes {
            guard let text = change["text"]?.string else { throw .invalidParams("contentChanges entry without text") }
            if let range = change["range"] {
                let positions = Positions(source: current, encoding: encoding)
                let r = try positions.byteRange(range)
                do {
                    current = try current.replacing(r, with: Array(text.utf8))
                } catch {
                    throw .invalidParams("edit out of bounds")
                }
            } else {
                current = SourceFile(path: path, text: text)
            }
        }
        source = current
        version = newVersion
    }

    /// The analysis of the current version, computed once per version and workspace
    /// generation. Returns nil when `expectedVersion` is no longer current (superseded).
    public func analysis(expectedVersion: Int? = nil, generation: Int, analyze: AnalyzeFunction) -> Analysis? {
        if let expectedVersion, expectedVersion != version { return nil }
        if let latest, latest.version == version, analyzedGeneration == generation { return latest }
        if cacheGeneration != generation {
            lintCache = LintCache()
            cacheGeneration = generation
        }
        let (tree, index, findings) = analyze(source, latest?.tree, &lintCache)
        let a = Analysis(version: version, tree: tree, findings: findings, index: index)
        latest = a
        analyzedGeneration = generation
        return a
    }

    /// The last analysis, whatever its version (for code actions on a slightly stale state).
    public var lastAnalysis: Analysis? { latest }
}
