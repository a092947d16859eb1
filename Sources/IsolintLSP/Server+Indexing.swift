import Foundation
import IsolintRules
import IsolintSyntax

/// Indexing the workspace folders, with work-done progress.
extension LanguageServer {
    // MARK: Workspace indexing

    func startIndexing() {
        indexingTask?.cancel()
        let roots = workspace.roots
        let state = workspace
        indexingTask = Task { await self.indexWorkspace(roots: roots) { state.configuration(for: $0).isExcluded($0) } }
    }

    func indexWorkspace(roots: [String], excluded: @Sendable (String) -> Bool) async {
        guard !roots.isEmpty else {
            await remergeAndReanalyze()
            return
        }
        let files = await Self.collect(roots, excluded: excluded)
        var token: JSON?
        if capabilities.workDoneProgress {
            let t = JSON.string("isolint-indexing-\(nextRequestID)")
            // An error answer (no result) refuses the token: then no progress is reported.
            if await request(WorkDoneProgressCreateRequest(token: t)) != nil { token = t }
        }
        if let t = token {
            notify(
                ProgressNotification(
                    token: t,
                    value: .init(
                        kind: "begin", title: "isolint: indexing", cancellable: true, message: "0/\(files.count) files",
                        percentage: 0)))
        }
        var parts: [String: WorkspaceIndex] = [:]
        // Settings come from the manifests of the files found.
        workspace.settings.load(for: files)
        let settings = workspace.settings
        let batch = 64
        var done = 0
        while done < files.count {
            if Task.isCancelled { break }
            let slice = Array(files[done..<min(done + batch, files.count)])
            let results = await withTaskGroup(of: (String, WorkspaceIndex?).self) { group in
                for path in slice {
                    group.addTask {
                        guard case .success(let source) = Pipeline.read(path: path) else { return (path, nil) }
                        return (
                            path, Pipeline.indexPart(Pipeline.parse(source), settings: settings.settings(for: path))
                        )
                    }
                }
                var out: [(String, WorkspaceIndex?)] = []
                for await r in group { out.append(r) }
                return out
            }
            for (path, part) in results { if let part { parts[path] = part } }
            done += slice.count
            if let token {
                notify(
                    ProgressNotification(
                        token: token,
                        value: .init(
                            kind: "report", message: "\(done)/\(files.count) files",
                            percentage: files.isEmpty ? 100 : done * 100 / files.count)))
            }
        }
        let cancelledEarly = Task.isCancelled
        // Open documents keep the parts of their current text.
        for (path, part) in parts where workspace.parts[path] == nil { workspace.parts[path] = part }
        _ = await remerge()
        if let token {
            let message = cancelledEarly ? "cancelled after \(done) files" : "\(files.count) files indexed"
            notify(ProgressNotification(token: token, value: .init(kind: "end", message: message)))
        }
        reanalyzeOpenDocuments()
    }

    /// Walking the folders is I/O: off the server actor.
    @concurrent nonisolated static func collect(_ roots: [String], excluded: @Sendable (String) -> Bool) async
        -> [String]
    {
        (try? SwiftFiles.collect(roots, exclude: excluded)) ?? []
    }

    func reanalyzeOpenDocuments() {
        // Hints show isolation the index and settings decide; the client re-asks when told.
        // Not awaited: the queue must not wait on the client's answer.
        if capabilities.inlayHintRefresh, !documents.isEmpty {
            request(InlayHintRefreshRequest(), then: .ignored)
        }
        if capabilities.pullDiagnostics {
            // Pull clients ask again when told to; nothing waits for their answer.
            if capabilities.diagnosticRefresh { request(DiagnosticRefreshRequest(), then: .ignored) }
            return
        }
        for (_, doc) in documents { scheduleAnalysis(doc) }
    }
}
