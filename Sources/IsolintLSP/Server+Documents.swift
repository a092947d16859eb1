import Foundation
import IsolintRules
import IsolintSyntax

/// Document and workspace notifications: open, change, save, close, watched files,
/// configuration, workspace folders.
extension LanguageServer {
    // MARK: Documents

    func document(_ id: TextDocumentIdentifier) throws(LSPError) -> DocumentActor {
        guard let doc = documents[id.uri] else { throw .invalidParams("document not open: \(id.uri)") }
        return doc
    }

    /// A second didOpen of the same URI replaces the first document: its text wins.
    func didOpen(_ params: DidOpenTextDocumentNotification) async throws(LSPError) {
        let uri = params.textDocument.uri
        let version = params.textDocument.version ?? 0
        let path = URIPath.path(uri) ?? uri
        if let old = documents[uri] { await old.close() }
        let doc = DocumentActor(uri: uri, path: path, text: params.textDocument.text, version: version)
        documents[uri] = doc
        scheduleAnalysis(doc)
    }

    func didChange(_ params: DidChangeTextDocumentNotification) async throws(LSPError) {
        let doc = try document(TextDocumentIdentifier(uri: params.textDocument.uri))
        let current = await doc.version
        let version = params.textDocument.version ?? current + 1
        try await doc.apply(params.contentChanges, version: version, encoding: encoding)
        scheduleAnalysis(doc)
    }

    func didSave(_ params: DidSaveTextDocumentNotification) async throws(LSPError) {
        let doc = try document(params.textDocument)
        // The saved text is already the workspace's view of this file (noteIndexPart).
        if let a = await doc.lastAnalysis {
            let path = doc.path
            if let part = a.index {
                noteIndexPart(path, part)
            } else {
                let settings = workspace.settings.settings(for: path)
                Task {
                    let part = await DocumentActor.indexPart(a.tree, settings: settings)
                    self.noteIndexPart(path, part, of: doc)
                }
            }
        }
        let path = doc.path
        if path.hasSuffix("/Package.swift") || path.hasSuffix("/.isolint.json") {
            applySettings()
            reportConfigurationProblems()
            reanalyzeOpenDocuments()
        }
    }

    func didClose(_ params: DidCloseTextDocumentNotification) async throws(LSPError) {
        let uri = params.textDocument.uri
        if let doc = documents.removeValue(forKey: uri) {
            await doc.close()
            // Unsaved edits die with the buffer: the workspace goes back to the file on disk.
            let path = doc.path
            let settings = workspace.settings.settings(for: path)
            Task {
                let part = await Self.diskIndexPart(path, settings: settings)
                guard self.documents[uri] == nil else { return }
                if let part {
                    self.noteIndexPart(path, part)
                } else if self.workspace.parts.removeValue(forKey: path) != nil {
                    self.scheduleRemerge()
                }
            }
        }
        if !capabilities.pullDiagnostics {
            notify(PublishDiagnosticsNotification(uri: uri, version: nil, diagnostics: []))
        }
    }

    func didChangeWatchedFiles(_ params: DidChangeWatchedFilesNotification) async {
        var reconfigure = false
        var changed: [(path: String, uri: String, deleted: Bool)] = []
        for change in params.changes {
            let uri = change.uri
            guard let path = URIPath.path(uri) else { continue }
            if path.hasSuffix("/Package.swift") || path.hasSuffix("/.isolint.json") { reconfigure = true; continue }
            guard path.hasSuffix(".swift"), documents[uri] == nil else { continue }
            changed.append((path, uri, change.type == 3))
        }
        if reconfigure {
            applySettings()
            reportConfigurationProblems()
        }
        // Read and indexed off the server actor, but awaited: a request after this notification
        // sees its effect.
        let settings = workspace.settings
        for c in changed {
            let part = c.deleted ? nil : await Self.diskIndexPart(c.path, settings: settings.settings(for: c.path))
            if documents[c.uri] == nil { workspace.parts[c.path] = part }
        }
        _ = await remerge()
        reanalyzeOpenDocuments()
    }

    /// The index part of a file as it is on disk, through the pipeline's input checks; nil when
    /// it cannot be read.
    @concurrent nonisolated static func diskIndexPart(_ path: String, settings: TargetSettings) async
        -> WorkspaceIndex?
    {
        guard case .success(let source) = Pipeline.read(path: path) else { return nil }
        return Pipeline.indexPart(Pipeline.parse(source), settings: settings)
    }

    func didChangeConfiguration(_ params: DidChangeConfigurationNotification) {
        if let settings = params.settings?["isolint"], case .object = settings {
            clientSettings = settings
        } else if capabilities.configuration {
            // The answer (or its timeout) applies the settings; the queue goes on meanwhile.
            request(Self.configurationRequest, then: .configuration(initial: false))
            return
        }
        applySettings()
        reportConfigurationProblems()
        reanalyzeOpenDocuments()
    }

    /// Folders added or removed: the roots change, the configuration is read again, files of
    /// removed folders leave the index (unless open), and the workspace is indexed again.
    func didChangeWorkspaceFolders(_ params: DidChangeWorkspaceFoldersNotification) {
        func paths(_ folders: [WorkspaceFolder]) -> [String] {
            folders.compactMap { URIPath.path($0.uri) }
                .map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }
        }
        let removed = paths(params.event.removed), added = paths(params.event.added)
        workspace.roots.removeAll { removed.contains($0) }
        for root in added where !workspace.roots.contains(root) { workspace.roots.append(root) }
        let open = Set(documents.values.map(\.path))
        for path in Array(workspace.parts.keys)
        where !open.contains(path) && removed.contains(where: { WorkspaceState.path(path, isUnder: $0) }) {
            workspace.parts[path] = nil
        }
        applySettings()
        reportConfigurationProblems()
        startIndexing()
    }
}
