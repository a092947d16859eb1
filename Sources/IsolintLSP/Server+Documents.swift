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

    func didOpen(_ params: JSON?) async throws(LSPError) {
        guard let item = params?["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else {
            throw .invalidParams("didOpen needs textDocument.uri and text")
        }
        let version = item["version"]?.int ?? 0
        let path = URIPath.path(uri) ?? uri
        let doc = DocumentActor(uri: uri, path: path, text: text, version: version)
        documents[uri] = doc
        lastPublished[uri] = nil
        scheduleAnalysis(doc, version: version)
    }

    func didChange(_ params: JSON?) async throws(LSPError) {
        let doc = try document(params)
        guard let changes = params?["contentChanges"]?.array else {
            throw .invalidParams("didChange needs contentChanges")
        }
        let current = await doc.version
        let version = params?.at("textDocument", "version")?.int ?? current + 1
        try await doc.apply(changes, version: version, encoding: encoding)
        scheduleAnalysis(doc, version: version)
    }

    func didSave(_ params: JSON?) async throws(LSPError) {
        let doc = try document(params)
        // The saved text is already the workspace's view of this file (noteIndexPart).
        if let a = await doc.lastAnalysis {
            noteIndexPart(
                doc.path, a.index ?? Pipeline.indexPart(a.tree, settings: workspace.settings.settings(for: doc.path)))
        }
        let path = doc.path
        if path.hasSuffix("/Package.swift") || path.hasSuffix("/.isolint.json") {
            applySettings()
            await reportConfigurationProblems()
            await reanalyzeOpenDocuments()
        }
    }

    func didClose(_ params: JSON?) async throws(LSPError) {
        guard let uri = params?.at("textDocument", "uri")?.string else {
            throw .invalidParams("missing textDocument.uri")
        }
        let path = documents[uri]?.path
        documents[uri] = nil
        indexPartTasks.removeValue(forKey: uri)?.cancel()
        analysisTasks.removeValue(forKey: uri)?.cancel()
        lastPublished[uri] = nil
        lastPublishedDigest[uri] = nil
        // Unsaved edits die with the buffer: the workspace goes back to the file on disk.
        if let path {
            if let part = diskIndexPart(path) {
                noteIndexPart(path, part)
            } else if workspace.parts.removeValue(forKey: path) != nil {
                scheduleRemerge()
            }
        }
        if !capabilities.pullDiagnostics {
            await notify(
                "textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
        }
    }

    func didChangeWatchedFiles(_ params: JSON?) async {
        var reconfigure = false
        for change in params?["changes"]?.array ?? [] {
            guard let uri = change["uri"]?.string, let path = URIPath.path(uri) else { continue }
            if path.hasSuffix("/Package.swift") || path.hasSuffix("/.isolint.json") { reconfigure = true; continue }
            guard path.hasSuffix(".swift"), documents[uri] == nil else { continue }
            if change["type"]?.int == 3 {
                workspace.parts[path] = nil
            } else {
                workspace.parts[path] = diskIndexPart(path)
            }
        }
        if reconfigure {
            applySettings()
            await reportConfigurationProblems()
        }
        workspace.remerge()
        await reanalyzeOpenDocuments()
    }

    /// The index part of a file as it is on disk, through the pipeline's input checks; nil when
    /// it cannot be read.
    func diskIndexPart(_ path: String) -> WorkspaceIndex? {
        guard case .success(let source) = Pipeline.read(path: path) else { return nil }
        return Pipeline.indexPart(Pipeline.parse(source), settings: workspace.settings.settings(for: path))
    }

    func didChangeConfiguration(_ params: JSON?) async {
        if let settings = params?.at("settings", "isolint"), case .object = settings {
            clientSettings = settings
        } else if capabilities.configuration {
            let result = await request(
                "workspace/configuration", .object([("items", .array([.object([("section", .string("isolint"))])]))]))
            if let first = result?[0], case .object = first { clientSettings = first }
        }
        applySettings()
        await reportConfigurationProblems()
        await reanalyzeOpenDocuments()
    }

    /// Folders added or removed: the roots change, the configuration is read again, files of
    /// removed folders leave the index (unless open), and the workspace is indexed again.
    func didChangeWorkspaceFolders(_ params: JSON?) async {
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
        await reportConfigurationProblems()
        workspace.remerge()
        startIndexing()
    }
}
