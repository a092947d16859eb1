import Foundation
import IsolintRules
import IsolintSyntax

/// Document and workspace notifications: open, change, save, close, watched files,
/// configuration, workspace folders.
extension LanguageServer {
    // MARK: Documents

    func document(_ params: JSON?) throws(LSPError) -> DocumentActor {
        guard let uri = params?.at("textDocument", "uri")?.string else {
            throw .invalidParams("missing textDocument.uri")
        }
        guard let doc = documents[uri] else { throw .invalidParams("document not open: \(uri)") }
        return doc
    }

    /// A second didOpen of the same URI replaces the first document: its text wins.
    func didOpen(_ params: JSON?) async throws(LSPError) {
        guard let item = params?["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else {
            throw .invalidParams("didOpen needs textDocument.uri and text")
        }
        let version = item["version"]?.int ?? 0
        let path = URIPath.path(uri) ?? uri
        if let old = documents[uri] { await old.close() }
        let doc = DocumentActor(uri: uri, path: path, text: text, version: version)
        documents[uri] = doc
        scheduleAnalysis(doc)
    }

    func didChange(_ params: JSON?) async throws(LSPError) {
        let doc = try document(params)
        guard let changes = params?["contentChanges"]?.array else {
            throw .invalidParams("didChange needs contentChanges")
        }
        let current = await doc.version
        let version = params?.at("textDocument", "version")?.int ?? current + 1
        try await doc.apply(changes, version: version, encoding: encoding)
        scheduleAnalysis(doc)
    }

    func didSave(_ params: JSON?) async throws(LSPError) {
        let doc = try document(params)
        // The saved text is already the workspace's view of this file (noteIndexPart).
        if let a = await doc.lastAnalysis {
            let path = doc.path
            if let part = a.index {
                noteIndexPart(path, part)
            } else {
                let settings = workspace.settings.settings(for: path)
                Task {
                    let part = await DocumentActor.indexPart(a.tree, settings: settings)
                    if self.documents[doc.uri] === doc { self.noteIndexPart(path, part) }
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

    func didClose(_ params: JSON?) async throws(LSPError) {
        guard let uri = params?.at("textDocument", "uri")?.string else {
            throw .invalidParams("missing textDocument.uri")
        }
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
            notify("textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
        }
    }

    func didChangeWatchedFiles(_ params: JSON?) {
        var reconfigure = false
        var changed: [(path: String, uri: String, deleted: Bool)] = []
        for change in params?["changes"]?.array ?? [] {
            guard let uri = change["uri"]?.string, let path = URIPath.path(uri) else { continue }
            if path.hasSuffix("/Package.swift") || path.hasSuffix("/.isolint.json") { reconfigure = true; continue }
            guard path.hasSuffix(".swift"), documents[uri] == nil else { continue }
            changed.append((path, uri, change["type"]?.int == 3))
        }
        if reconfigure {
            applySettings()
            reportConfigurationProblems()
        }
        let settings = workspace.settings
        // Files are read and indexed off the server actor; then the index is merged again.
        Task {
            for c in changed {
                let part = c.deleted ? nil : await Self.diskIndexPart(c.path, settings: settings.settings(for: c.path))
                if self.documents[c.uri] == nil { self.workspace.parts[c.path] = part }
            }
            _ = await self.remerge()
            self.reanalyzeOpenDocuments()
        }
    }

    /// The index part of a file as it is on disk, through the pipeline's input checks; nil when
    /// it cannot be read.
    @concurrent nonisolated static func diskIndexPart(_ path: String, settings: TargetSettings) async
        -> WorkspaceIndex?
    {
        guard case .success(let source) = Pipeline.read(path: path) else { return nil }
        return Pipeline.indexPart(Pipeline.parse(source), settings: settings)
    }

    func didChangeConfiguration(_ params: JSON?) {
        if let settings = params?.at("settings", "isolint"), case .object = settings {
            clientSettings = settings
        } else if capabilities.configuration {
            // The answer (or its timeout) applies the settings; the queue goes on meanwhile.
            request(
                "workspace/configuration", .object([("items", .array([.object([("section", .string("isolint"))])]))]),
                then: .configuration(initial: false))
            return
        }
        applySettings()
        reportConfigurationProblems()
        reanalyzeOpenDocuments()
    }

    /// Folders added or removed: the roots change, the configuration is read again, files of
    /// removed folders leave the index (unless open), and the workspace is indexed again.
    func didChangeWorkspaceFolders(_ params: JSON?) {
        func paths(_ key: String) -> [String] {
            (params?.at("event", key)?.array ?? []).compactMap { $0["uri"]?.string }.compactMap(URIPath.path)
                .map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }
        }
        let removed = paths("removed"), added = paths("added")
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
