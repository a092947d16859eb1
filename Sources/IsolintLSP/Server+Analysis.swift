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

    /// Recomputes a document's index part once typing pauses (not on every keystroke), off the
    /// server actor.
    func scheduleIndexPart(_ doc: DocumentActor) {
        let uri = doc.uri
        let settings = workspace.settings.settings(for: doc.path)
        indexPartTasks[uri]?.cancel()
        indexPartTasks[uri] = Task {
            try? await Task.sleep(for: .milliseconds(100))
            guard !Task.isCancelled, let a = await doc.lastAnalysis else { return }
            let tree = a.tree
            let part = await Self.indexPart(tree, settings: settings)
            guard !Task.isCancelled else { return }
            self.noteIndexPart(doc.path, part)
        }
    }

    /// Indexing a file is CPU work: run it off the server actor, cancelled with the task awaiting it.
    @concurrent nonisolated static func indexPart(_ tree: SyntaxTree, settings: TargetSettings) async -> WorkspaceIndex
    {
        Pipeline.indexPart(tree, settings: settings)
    }

    func scheduleRemerge() {
        remergeTask?.cancel()
        remergeTask = Task {
            try? await Task.sleep(for: .milliseconds(150))
            guard !Task.isCancelled else { return }
            await self.remergeAndReanalyze()
        }
    }

    func remergeAndReanalyze() async {
        if workspace.remerge() { await reanalyzeOpenDocuments() }
    }

    func currentAnalysis(_ doc: DocumentActor) async -> Analysis? {
        let analyze = analysisFunction(for: doc.path)
        return await doc.analysis(generation: workspace.generation, analyze: analyze)
    }

    /// Analyses `version` of a document in its own task; publishes unless superseded.
    /// A newer schedule for the same document cancels this one: if it has not started analysing,
    /// it never does; if it has, it does not publish.
    func scheduleAnalysis(_ doc: DocumentActor, version: Int) {
        let analyze = analysisFunction(for: doc.path)
        let generation = workspace.generation
        analysisTasks[doc.uri]?.cancel()
        analysisTasks[doc.uri] = Task {
            guard !Task.isCancelled else { return }
            let start = DispatchTime.now().uptimeNanoseconds
            guard let a = await doc.analysis(expectedVersion: version, generation: generation, analyze: analyze),
                !Task.isCancelled
            else { return }
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            await self.publish(doc, a)
            await self.logTrace(
                "analysed \(doc.uri) version \(a.version): \(a.findings.count) findings",
                verbose: "parse and lint took \((ms * 100).rounded() / 100) ms")
            if let part = a.index { self.noteIndexPart(doc.path, part) } else { self.scheduleIndexPart(doc) }
        }
    }

    func publish(_ doc: DocumentActor, _ a: Analysis) async {
        let uri = doc.uri
        guard documents[uri] === doc, !capabilities.pullDiagnostics else { return }
        if let last = lastPublished[uri], last > a.version { return }
        let positions = Positions(source: a.tree.source, encoding: encoding)
        let body = tools(for: doc.path).writer.publishParams(
            uri: uri, version: a.version, findings: a.findings, positions)
        // The same version re-analysed (a workspace change) with the same result: nothing to say.
        if lastPublished[uri] == a.version, lastPublishedDigest[uri] == body { return }
        lastPublished[uri] = a.version
        lastPublishedDigest[uri] = body
        // Serialised once: the bytes compared above are the bytes sent.
        var message = Array(#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":"#.utf8)
        message += body
        message.append(UInt8(ascii: "}"))
        await writer.send(serialized: message)
    }
}
