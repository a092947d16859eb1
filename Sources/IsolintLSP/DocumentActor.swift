import IsolintRules
import IsolintSyntax

/// One analysed version of a document.
public struct Analysis: Sendable {
    public let version: Int
    /// The workspace generation (index, settings, configuration) it was computed for.
    public let generation: Int
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

/// Owns one open document: its text, version, latest analysis and what was last published for
/// it. Edits apply in arrival order and return at once: the actor never analyses. An analysis
/// runs outside it (`analyze`, a `@concurrent` function) on an immutable snapshot of the text;
/// analyses of one document run one after the other, and a newer version cancels an older one —
/// if it has not started it never does, if it has its result is never published.
public actor DocumentActor {
    public let uri: String
    public let path: String
    private(set) var source: SourceFile
    public private(set) var version: Int
    private var latest: Analysis?
    /// The workspace generation (index, settings, configuration) `latest` was computed for.
    private var analyzedGeneration = -1
    /// Findings per unchanged top-level declaration, valid for `cacheGeneration`. Lent to the
    /// running analysis and given back when it ends.
    private var lintCache = LintCache()
    private var cacheGeneration = -1
    /// The last analysis started: the version and generation it is for.
    private var running: (version: Int, generation: Int, task: Task<Analysis?, Never>)?
    /// Closed (or replaced by a second didOpen): nothing more is published.
    public private(set) var closed = false
    /// What was last published (version, then workspace generation), so that nothing older
    /// follows it and nothing is said twice.
    private var lastPublished: (version: Int, generation: Int)?
    private var lastPublishedBody: [UInt8]?
    /// The index part recomputed once typing pauses.
    private var indexTask: Task<Void, Never>?

    public init(uri: String, path: String, text: String, version: Int) {
        self.uri = uri
        self.path = path
        self.source = SourceFile(path: path, text: text)
        self.version = version
    }

    public var text: String { source.text(0..<source.bytes.count) }
    public var currentSource: SourceFile { source }

    /// Applies `contentChanges` of a didChange: full replacements or range edits, in order.
    /// The running analysis, now for an old version, is cancelled.
    public func apply(
        _ changes: [TextDocumentContentChangeEvent], version newVersion: Int, encoding: PositionEncoding
    ) throws(LSPError) {
        var current = source
        for change in changes {
            let text = change.text
            if let range = change.range {
                let positions = Positions(source: current, encoding: encoding)
                let r = positions.byteRange(range)
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
        running?.task.cancel()
    }

    /// The document is closed: its analyses stop and nothing more is published.
    public func close() {
        closed = true
        running?.task.cancel()
        indexTask?.cancel()
    }

    /// The analysis of the current version, computed once per version and workspace
    /// generation (or a later one). Waits only for this document's own analysis; nil when the
    /// document is closed or the caller is cancelled.
    public func currentAnalysis(generation: Int, analyze: @escaping AnalyzeFunction) async -> Analysis? {
        while !closed {
            if let latest, latest.version == version, analyzedGeneration >= generation { return latest }
            let task = analysisTask(generation: generation, analyze: analyze)
            let a = await task.value
            if let a, a.version == version { return a }
            if Task.isCancelled { return nil }
        }
        return nil
    }

    /// The task analysing the current version: the running one when it is for this version and
    /// generation, else a new one that starts once the previous (cancelled) one has ended.
    private func analysisTask(generation: Int, analyze: @escaping AnalyzeFunction) -> Task<Analysis?, Never> {
        if let r = running, r.version == version, r.generation >= generation, !r.task.isCancelled { return r.task }
        let previous = running?.task
        previous?.cancel()
        let v = version
        let task = Task<Analysis?, Never> {
            _ = await previous?.value
            guard !Task.isCancelled, self.version == v, !self.closed else { return nil }
            let inputs = self.lend(generation: generation)
            let (tree, index, findings, cache) = await Self.run(
                analyze, source: inputs.source, previous: inputs.tree, cache: inputs.cache)
            return self.finish(
                Analysis(version: v, generation: generation, tree: tree, findings: findings, index: index),
                cache: cache,
                generation: generation)
        }
        running = (v, generation, task)
        return task
    }

    /// The snapshot an analysis starts from; the lint cache goes with it.
    private func lend(generation: Int) -> (source: SourceFile, tree: SyntaxTree?, cache: LintCache) {
        if cacheGeneration != generation {
            lintCache = LintCache()
            cacheGeneration = generation
        }
        let cache = lintCache
        lintCache = LintCache()
        return (source, latest?.tree, cache)
    }

    private func finish(_ a: Analysis, cache: LintCache, generation: Int) -> Analysis {
        if cacheGeneration == generation { lintCache = cache }
        // Kept even when superseded: its tree is the next version's starting point.
        if latest.map({ $0.version != a.version || analyzedGeneration <= generation }) ?? true {
            latest = a
            analyzedGeneration = generation
        }
        return a
    }

    /// Parse and lint, on the global executor: never on this actor or the server's.
    @concurrent nonisolated static func run(
        _ analyze: AnalyzeFunction, source: SourceFile, previous: SyntaxTree?, cache: LintCache
    ) async -> (SyntaxTree, WorkspaceIndex?, [Finding], LintCache) {
        var cache = cache
        let (tree, index, findings) = analyze(source, previous, &cache)
        return (tree, index, findings, cache)
    }

    /// The last analysis, whatever its version (for code actions on a slightly stale state).
    public var lastAnalysis: Analysis? { latest }

    /// Sends `publishDiagnostics` for `a` unless the document moved on (a newer version is
    /// pending or was published), was closed, or the same report was already sent.
    public func publish(_ a: Analysis, writer: DiagnosticWriter, encoding: PositionEncoding, to out: MessageWriter) {
        guard !closed, a.version == version else { return }
        // Two analyses of one version (before and after a workspace change) may reach here in
        // either order: the one for the older generation must not follow, let alone replace,
        // the newer one's report still queued for the client.
        if let last = lastPublished, (last.version, last.generation) > (a.version, a.generation) { return }
        let positions = Positions(source: a.tree.source, encoding: encoding)
        let body = writer.publishParams(uri: uri, version: a.version, findings: a.findings, positions)
        let sameReport = lastPublished?.version == a.version && lastPublishedBody == body
        lastPublished = (a.version, a.generation)
        // The same version re-analysed (a workspace change) with the same result: nothing to say.
        if sameReport { return }
        lastPublishedBody = body
        // Serialised once: the bytes compared above are the bytes sent.
        var message = Array(#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":"#.utf8)
        message += body
        message.append(UInt8(ascii: "}"))
        out.send(serialized: message, replacing: uri)
    }

    /// Recomputes the index part of the latest analysis once typing pauses (100 ms), off the actors.
    public func scheduleIndexPart(
        settings: TargetSettings, then note: @escaping @Sendable (WorkspaceIndex) async -> Void
    ) {
        indexTask?.cancel()
        // Closed while its last analysis was publishing: nothing to index.
        guard !closed else { return }
        indexTask = Task {
            try? await Task.sleep(for: .milliseconds(100))
            guard !Task.isCancelled, let tree = self.latest?.tree else { return }
            let part = await Self.indexPart(tree, settings: settings)
            guard !Task.isCancelled else { return }
            await note(part)
        }
    }

    /// Indexing a file is CPU work: run it off the actors.
    @concurrent nonisolated static func indexPart(_ tree: SyntaxTree, settings: TargetSettings) async -> WorkspaceIndex
    {
        Pipeline.indexPart(tree, settings: settings)
    }
}
