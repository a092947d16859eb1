import Foundation
import IsolintRules
import IsolintSyntax

/// Analysing open documents (re-parse, lint against the workspace index) and publishing.
extension LanguageServer {
    // MARK: Analysis

    /// Parse, index and lint against the merged workspace index as it stands. The document's
    /// fresh index part goes back to the workspace afterwards (`noteIndexPart`), which re-merges
    /// after a pause in typing: no keystroke pays for a whole-workspace merge.
    func analysisFunction(for path: String) -> AnalyzeFunction {
        let index = workspace.merged
        // A file the workspace has never seen (not indexed from disk, first analysis): merge its
        // own part in once, so its first result matches `isolint lint`.
        let known = workspace.parts[path] != nil
        let settings = workspace.settings.settings(for: path)
        let linter = tools(for: path).linter
        // An excluded file is still parsed (for the index) but gets no findings.
        let excluded = workspace.configuration(for: path).isExcluded(path)
        return { source, previous, cache in
            let tree = Pipeline.parse(source, previous: previous)
            if excluded { return (tree, known ? nil : Pipeline.indexPart(tree, settings: settings), []) }
            guard !known else {
                // The index part is computed after publishing, off the keystroke's path.
                return (tree, nil, linter.lint(tree, index: index, settings: settings, cache: &cache))
            }
            let part = Pipeline.indexPart(tree, settings: settings)
            var effective = index
            effective.merge(part)
            effective.finalize()
            return (tree, part, linter.lint(tree, index: effective, settings: settings, cache: &cache))
        }
    }

    /// Records a document's index part; re-merges the workspace index 150 ms after the last
    /// change and re-analyses open documents if the merged index changed.
    func noteIndexPart(_ path: String, _ part: WorkspaceIndex) {
        guard workspace.parts[path] != part else { return }
        workspace.parts[path] = part
        scheduleRemerge()
    }

    /// The same for the part of an open document's text, dropped once the document is closed:
    /// an analysis finishing after `didClose` would otherwise put the discarded buffer back in
    /// place of the file on disk (and, noted before the close's re-merge, keep it there).
    func noteIndexPart(_ path: String, _ part: WorkspaceIndex, of doc: DocumentActor) {
        guard documents[doc.uri] === doc else { return }
        noteIndexPart(path, part)
    }

    func scheduleRemerge(after delay: Duration = .milliseconds(150)) {
        remergeTask?.cancel()
        remergeTask = Task {
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled else { return }
            await self.remergeAndReanalyze()
        }
    }

    func remergeAndReanalyze() async {
        if await remerge() { reanalyzeOpenDocuments() }
    }

    /// Merges the index parts off the server actor; installs the result unless the parts
    /// changed meanwhile (whoever changed them merges again). Returns whether the index changed.
    func remerge() async -> Bool {
        let parts = workspace.parts
        let revision = workspace.partsRevision
        let merged = await Self.merge(parts)
        return workspace.install(merged, revision: revision)
    }

    @concurrent nonisolated static func merge(_ parts: [String: WorkspaceIndex]) async -> WorkspaceIndex {
        WorkspaceState.merge(parts)
    }

    func currentAnalysis(_ doc: DocumentActor) async -> Analysis? {
        await doc.currentAnalysis(generation: workspace.generation, analyze: analysisFunction(for: doc.path))
    }

    /// Analyses the current version of a document (outside the actors) and publishes it unless
    /// superseded meanwhile. Analyses of one document are ordered; a newer version cancels an
    /// older one (see DocumentActor).
    func scheduleAnalysis(_ doc: DocumentActor) {
        let analyze = analysisFunction(for: doc.path)
        let generation = workspace.generation
        let push = !capabilities.pullDiagnostics
        let writer = tools(for: doc.path).writer
        let encoding = self.encoding
        let out = self.writer
        let settings = workspace.settings.settings(for: doc.path)
        let path = doc.path
        Task {
            let start = DispatchTime.now().uptimeNanoseconds
            guard let a = await doc.currentAnalysis(generation: generation, analyze: analyze) else { return }
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            if push { await doc.publish(a, writer: writer, encoding: encoding, to: out) }
            self.logTrace(
                "analysed \(doc.uri) version \(a.version): \(a.findings.count) findings",
                verbose: "parse and lint took \((ms * 100).rounded() / 100) ms")
            if let part = a.index {
                self.noteIndexPart(path, part, of: doc)
            } else {
                let note: @Sendable (WorkspaceIndex) async -> Void = { await self.noteIndexPart(path, $0, of: doc) }
                await doc.scheduleIndexPart(settings: settings, then: note)
            }
        }
    }
}
