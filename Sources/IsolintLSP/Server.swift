import Foundation
import IsolintRules
import IsolintSyntax

/// The language server: lifecycle, routing, documents, workspace. Messages are handled one at a
/// time in arrival order (so edits apply in order); analyses run in their own tasks and publish
/// only if still current; responses to the server's own requests and `$/cancelRequest` bypass
/// the queue.
public actor LanguageServer {
    enum State { case uninitialized, running, shutDown }

    let writer: MessageWriter
    var state = State.uninitialized
    var capabilities = ClientCapabilities()
    var encoding = PositionEncoding.utf16
    var documents: [String: DocumentActor] = [:]
    var workspace = WorkspaceState()
    /// The first root's (or the only) configuration's linter and diagnostic writer; `tools(for:)`
    /// picks a file's own root's.
    var linter = Linter()
    var diagnostics = DiagnosticWriter(linter: Linter(), docsBaseURL: nil)
    var rootTools: [(root: String, linter: Linter, writer: DiagnosticWriter)] = []
    var lastPublished: [String: Int] = [:]
    var cancelled: Set<String> = []
    var pending: [String: CheckedContinuation<JSON?, Never>] = [:]
    var nextRequestID = 1
    var initializationOptions: JSON?
    var clientSettings: JSON?
    var indexingTask: Task<Void, Never>?
    var remergeTask: Task<Void, Never>?
    var lastPublishedDigest: [String: [UInt8]] = [:]
    var indexPartTasks: [String: Task<Void, Never>] = [:]
    var analysisTasks: [String: Task<Void, Never>] = [:]
    /// `$/setTrace` (or initialize's `trace`): off, messages or verbose.
    var trace = "off"
    /// The configuration problems last reported, so each distinct set is reported once.
    var reportedProblems: [String] = []
    /// `workspace/diagnostic` reports of files that are not open, by path.
    var diskReports: [String: DiskReport] = [:]
    /// Set by `exit`; the process exits with it.
    public private(set) var exitCode: Int32?
    let log: @Sendable (String) -> Void

    public init(writer: MessageWriter, log: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(("isolint-lsp: " + $0 + "\n").utf8)) }) {
        self.writer = writer
        self.log = log
    }

    // MARK: Dispatch

    /// Handles one incoming message. Returns true when the server should exit.
    public func handle(_ incoming: IncomingMessage) async -> Bool {
        switch incoming {
        case .parseError(let reason):
            log("parse error: \(reason)")
            await send(errorResponse(id: .null, code: ErrorCode.parseError, message: reason))
            return false
        case .message(let message):
            guard case .object = message else {
                await send(errorResponse(id: .null, code: ErrorCode.invalidRequest, message: "a message must be a JSON object"))
                return false
            }
            let id = message["id"]
            guard let method = message["method"]?.string else {
                if id != nil, message["result"] != nil || message["error"] != nil { return false }
                await send(errorResponse(id: id ?? .null, code: ErrorCode.invalidRequest, message: "missing method"))
                return false
            }
            let params = message["params"]
            if let id {
                await handleRequest(id: id, method: method, params: params)
            } else {
                await handleNotification(method: method, params: params)
            }
            return exitCode != nil
        }
    }

    /// Out-of-band entry for responses to our requests and cancellations (called by the reader).
    public func handleOutOfBand(_ message: JSON) -> Bool {
        if message["method"] == nil, let id = message["id"], message["result"] != nil || message["error"] != nil {
            if let c = pending.removeValue(forKey: id.serialized()) { c.resume(returning: message["result"]) }
            return true
        }
        if message["method"]?.string == "$/cancelRequest", let id = message.at("params", "id") {
            cancelled.insert(id.serialized())
            return true
        }
        return false
    }

    func handleRequest(id: JSON, method: String, params: JSON?) async {
        let key = id.serialized()
        if state == .uninitialized, method != "initialize" {
            await send(errorResponse(id: id, code: ErrorCode.serverNotInitialized, message: "the server is not initialized"))
            return
        }
        if state == .shutDown {
            await send(errorResponse(id: id, code: ErrorCode.invalidRequest, message: "the server is shut down"))
            return
        }
        if cancelled.remove(key) != nil {
            await send(errorResponse(id: id, code: ErrorCode.requestCancelled, message: "cancelled"))
            return
        }
        if method == "workspace/diagnostic" {
            // Linting the workspace's files can take seconds: the queue (edits!) goes on meanwhile.
            Task { await self.respond(id: id, key: key) { () async throws(LSPError) -> JSON in try await self.workspaceDiagnostic(params) } }
            return
        }
        await respond(id: id, key: key) { () async throws(LSPError) -> JSON in try await self.result(of: method, params) }
    }

    /// Answers request `id` with `compute`'s result or error, or `RequestCancelled` when the
    /// client cancelled it meanwhile.
    func respond(id: JSON, key: String, _ compute: () async throws(LSPError) -> JSON) async {
        do throws(LSPError) {
            let result = try await compute()
            if cancelled.remove(key) != nil {
                await send(errorResponse(id: id, code: ErrorCode.requestCancelled, message: "cancelled"))
                return
            }
            await send(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
        } catch {
            await send(errorResponse(id: id, code: error.code, message: error.message))
        }
    }

    func result(of method: String, _ params: JSON?) async throws(LSPError) -> JSON {
        switch method {
        case "initialize": return try await initialize(params)
        case "shutdown":
            state = .shutDown
            indexingTask?.cancel()
            return .null
        case "textDocument/diagnostic": return try await documentDiagnostic(params)
        case "textDocument/codeAction": return try await codeActions(params)
        case "codeAction/resolve": return try await resolveCodeAction(params)
        case "textDocument/hover": return try await hover(params)
        case "textDocument/inlayHint": return try await inlayHints(params)
        case "workspace/executeCommand": return try await executeCommand(params)
        default:
            throw LSPError(ErrorCode.methodNotFound, "method not found: \(method)")
            }
    }

    func handleNotification(method: String, params: JSON?) async {
        if method == "exit" {
            exitCode = state == .shutDown ? 0 : 1
            return
        }
        if state == .uninitialized { return }
        if state == .shutDown { return }
        do throws(LSPError) {
            switch method {
            case "initialized": await initialized()
            case "textDocument/didOpen": try await didOpen(params)
            case "textDocument/didChange": try await didChange(params)
            case "textDocument/didSave": try await didSave(params)
            case "textDocument/didClose": try await didClose(params)
            case "workspace/didChangeWatchedFiles": await didChangeWatchedFiles(params)
            case "workspace/didChangeConfiguration": await didChangeConfiguration(params)
            case "window/workDoneProgress/cancel": indexingTask?.cancel()
            case "$/setTrace": trace = params?["value"]?.string ?? "off"
            case "$/cancelRequest": break
            case "workspace/didChangeWorkspaceFolders": await didChangeWorkspaceFolders(params)
            default:
                // Unknown notifications are ignored, as the specification asks.
                break
            }
        } catch {
            log("\(method): \(error.message)")
        }
    }

    // MARK: Output

    func send(_ message: JSON) async { await writer.send(message) }

    func errorResponse(id: JSON, code: Int, message: String) -> JSON {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("error", .object([("code", .int(code)), ("message", .string(message))]))])
    }

    func notify(_ method: String, _ params: JSON) async {
        await send(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }

    /// Sends a request to the client and waits for its result (nil on error).
    func request(_ method: String, _ params: JSON) async -> JSON? {
        let id = JSON.string("isolint-\(nextRequestID)")
        nextRequestID += 1
        return await withCheckedContinuation { (c: CheckedContinuation<JSON?, Never>) in
            pending[id.serialized()] = c
            // A request without parameters omits `params` (JSON-RPC allows only an object or array).
            var pairs: [(String, JSON)] = [("jsonrpc", .string("2.0")), ("id", id), ("method", .string(method))]
            if !params.isNull { pairs.append(("params", params)) }
            Task { await self.send(.object(pairs)) }
        }
    }

    func logMessage(_ text: String, type: Int = 3) async {
        log(text)
        await notify("window/logMessage", .object([("type", .int(type)), ("message", .string(text))]))
    }

    /// `$/logTrace` when the client turned tracing on; `verbose` only at the verbose level.
    func logTrace(_ message: String, verbose: @autoclosure () -> String? = nil) async {
        guard trace != "off" else { return }
        var pairs: [(String, JSON)] = [("message", .string(message))]
        if trace == "verbose", let v = verbose() { pairs.append(("verbose", .string(v))) }
        await notify("$/logTrace", .object(pairs))
    }

    /// Logs the configuration's problems (a warning each) when they differ from those last
    /// reported: after `initialized` and after every re-configuration.
    func reportConfigurationProblems() async {
        let now = workspace.configurationProblems.map { "configuration: \($0) (ignored)" }
        guard now != reportedProblems else { return }
        reportedProblems = now
        for message in now { await logMessage(message, type: 2) }
    }

    // MARK: Lifecycle

    func initialize(_ params: JSON?) async throws(LSPError) -> JSON {
        guard state == .uninitialized else { throw LSPError(ErrorCode.invalidRequest, "initialize sent twice") }
        capabilities = ClientCapabilities(params?["capabilities"])
        encoding = capabilities.negotiatedEncoding
        initializationOptions = params?["initializationOptions"]
        trace = params?["trace"]?.string ?? "off"
        var roots: [String] = []
        for folder in params?["workspaceFolders"]?.array ?? [] {
            if let uri = folder["uri"]?.string, let p = URIPath.path(uri) { roots.append(p) }
        }
        if roots.isEmpty, let uri = params?["rootUri"]?.string, let p = URIPath.path(uri) { roots.append(p) }
        if roots.isEmpty, let p = params?["rootPath"]?.string { roots.append(p) }
        workspace.roots = roots.map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }
        applySettings()
        state = .running
        return .object([
            ("capabilities", Self.serverCapabilities(encoding: encoding)),
            ("serverInfo", .object([("name", .string("isolint")), ("version", .string(isolintVersionString))])),
        ])
    }

    public static func serverCapabilities(encoding: PositionEncoding) -> JSON {
        .object([
            ("positionEncoding", .string(encoding.rawValue)),
            ("textDocumentSync", .object([
                ("openClose", .bool(true)), ("change", .int(2)), ("save", .object([("includeText", .bool(false))])),
            ])),
            ("diagnosticProvider", .object([
                ("identifier", .string("isolint")), ("interFileDependencies", .bool(true)), ("workspaceDiagnostics", .bool(true)),
            ])),
            ("codeActionProvider", .object([
                ("codeActionKinds", .array([.string("quickfix"), .string("source.fixAll.isolint")])), ("resolveProvider", .bool(true)),
            ])),
            ("hoverProvider", .bool(true)),
            ("inlayHintProvider", .bool(true)),
            ("executeCommandProvider", .object([("commands", .array(Commands.all.map { .string($0) }))])),
            ("workspace", .object([("workspaceFolders", .object([("supported", .bool(true)), ("changeNotifications", .bool(true))]))])),
        ])
    }

    func initialized() async {
        if capabilities.configuration {
            let result = await request("workspace/configuration", .object([("items", .array([.object([("section", .string("isolint"))])]))]))
            if let first = result?[0], case .object = first { clientSettings = first; applySettings() }
        }
        if capabilities.watchedFilesDynamicRegistration {
            let watchers: JSON = .array(["**/*.swift", "**/Package.swift", "**/.isolint.json"].map { .object([("globPattern", .string($0))]) })
            _ = await request("client/registerCapability", .object([("registrations", .array([.object([
                ("id", .string("isolint-watched-files")), ("method", .string("workspace/didChangeWatchedFiles")),
                ("registerOptions", .object([("watchers", watchers)])),
            ])]))]))
        }
        await reportConfigurationProblems()
        startIndexing()
    }

    /// Configuration: `.isolint.json`, then initializationOptions, then workspace/configuration.
    func applySettings() {
        var merged = initializationOptions?.objectPairs ?? []
        for (k, v) in clientSettings?.objectPairs ?? [] {
            merged.removeAll { $0.0 == k }
            merged.append((k, v))
        }
        workspace.loadConfiguration(clientSettings: .object(merged))
        linter = Linter(configuration: workspace.configuration)
        diagnostics = DiagnosticWriter(linter: linter, docsBaseURL: workspace.configuration.docsBaseURL, capabilities: capabilities)
        rootTools = workspace.rootConfigurations.map { root, configuration in
            let l = Linter(configuration: configuration)
            return (root, l, DiagnosticWriter(linter: l, docsBaseURL: configuration.docsBaseURL, capabilities: capabilities))
        }
    }

    /// The linter and diagnostic writer for a file: its root's configuration.
    func tools(for path: String) -> (linter: Linter, writer: DiagnosticWriter) {
        if let t = rootTools.first(where: { path.hasPrefix($0.root + "/") }) { return (t.linter, t.writer) }
        return (linter, diagnostics)
    }

    // MARK: Workspace indexing

    func startIndexing() {
        indexingTask?.cancel()
        let roots = workspace.roots
        let state = workspace
        indexingTask = Task { await self.indexWorkspace(roots: roots) { state.configuration(for: $0).isExcluded($0) } }
    }

    func indexWorkspace(roots: [String], excluded: (String) -> Bool) async {
        guard !roots.isEmpty else { return }
        let files = (try? SwiftFiles.collect(roots, exclude: excluded)) ?? []
        var token: JSON?
        if capabilities.workDoneProgress {
            let t = JSON.string("isolint-indexing-\(nextRequestID)")
            // An error answer (no result) refuses the token: then no progress is reported.
            if await request("window/workDoneProgress/create", .object([("token", t)])) != nil { token = t }
        }
        if let t = token {
            await notify("$/progress", .object([("token", t), ("value", .object([
                ("kind", .string("begin")), ("title", .string("isolint: indexing")), ("cancellable", .bool(true)),
                ("message", .string("0/\(files.count) files")), ("percentage", .int(0)),
            ]))]))
        }
        var parts: [String: WorkspaceIndex] = [:]
        let batch = 64
        var done = 0
        while done < files.count {
            if Task.isCancelled { break }
            let slice = Array(files[done..<min(done + batch, files.count)])
            let results = await withTaskGroup(of: (String, WorkspaceIndex?).self) { group in
                for path in slice {
                    group.addTask {
                        guard let data = FileManager.default.contents(atPath: path) else { return (path, nil) }
                        let tree = SyntaxTree.parse(SourceFile(path: path, bytes: [UInt8](data)))
                        return (path, IndexBuilder.index(tree))
                    }
                }
                var out: [(String, WorkspaceIndex?)] = []
                for await r in group { out.append(r) }
                return out
            }
            for (path, part) in results { if let part { parts[path] = part } }
            done += slice.count
            if let token {
                await notify("$/progress", .object([("token", token), ("value", .object([
                    ("kind", .string("report")), ("message", .string("\(done)/\(files.count) files")),
                    ("percentage", .int(files.isEmpty ? 100 : done * 100 / files.count)),
                ]))]))
            }
        }
        let cancelledEarly = Task.isCancelled
        // Open documents keep the parts of their current text.
        for (path, part) in parts where workspace.parts[path] == nil { workspace.parts[path] = part }
        workspace.settings.load(for: Array(parts.keys))
        workspace.remerge()
        if let token {
            await notify("$/progress", .object([("token", token), ("value", .object([
                ("kind", .string("end")), ("message", .string(cancelledEarly ? "cancelled after \(done) files" : "\(files.count) files indexed")),
            ]))]))
        }
        await reanalyzeOpenDocuments()
    }

    func reanalyzeOpenDocuments() async {
        // Hints show isolation the index and settings decide; the client re-asks when told.
        // Not awaited: the queue must not wait on the client's answer.
        if capabilities.inlayHintRefresh, !documents.isEmpty { Task { _ = await self.request("workspace/inlayHint/refresh", .null) } }
        if capabilities.pullDiagnostics {
            // Pull clients ask again when told to.
            if capabilities.diagnosticRefresh { _ = await request("workspace/diagnostic/refresh", .null) }
            return
        }
        for (_, doc) in documents { scheduleAnalysis(doc, version: await doc.version) }
    }

    // MARK: Documents

    func document(_ params: JSON?) throws(LSPError) -> DocumentActor {
        guard let uri = params?.at("textDocument", "uri")?.string else { throw .invalidParams("missing textDocument.uri") }
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
        guard let changes = params?["contentChanges"]?.array else { throw .invalidParams("didChange needs contentChanges") }
        let current = await doc.version
        let version = params?.at("textDocument", "version")?.int ?? current + 1
        try await doc.apply(changes, version: version, encoding: encoding)
        scheduleAnalysis(doc, version: version)
    }

    func didSave(_ params: JSON?) async throws(LSPError) {
        let doc = try document(params)
        // The saved text is already the workspace's view of this file (noteIndexPart).
        if let a = await doc.lastAnalysis { noteIndexPart(doc.path, a.index ?? IndexBuilder.index(a.tree)) }
        let path = doc.path
        if path.hasSuffix("/Package.swift") || path.hasSuffix("/.isolint.json") {
            applySettings()
            await reportConfigurationProblems()
            await reanalyzeOpenDocuments()
        }
    }

    func didClose(_ params: JSON?) async throws(LSPError) {
        guard let uri = params?.at("textDocument", "uri")?.string else { throw .invalidParams("missing textDocument.uri") }
        let path = documents[uri]?.path
        documents[uri] = nil
        indexPartTasks.removeValue(forKey: uri)?.cancel()
        analysisTasks.removeValue(forKey: uri)?.cancel()
        lastPublished[uri] = nil
        lastPublishedDigest[uri] = nil
        // Unsaved edits die with the buffer: the workspace goes back to the file on disk.
        if let path {
            if let data = FileManager.default.contents(atPath: path) {
                noteIndexPart(path, IndexBuilder.index(SyntaxTree.parse(SourceFile(path: path, bytes: [UInt8](data)))))
            } else if workspace.parts.removeValue(forKey: path) != nil {
                scheduleRemerge()
            }
        }
        if !capabilities.pullDiagnostics {
            await notify("textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
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
            } else if let data = FileManager.default.contents(atPath: path) {
                workspace.parts[path] = IndexBuilder.index(SyntaxTree.parse(SourceFile(path: path, bytes: [UInt8](data))))
            }
        }
        if reconfigure {
            applySettings()
            await reportConfigurationProblems()
        }
        workspace.remerge()
        await reanalyzeOpenDocuments()
    }

    func didChangeConfiguration(_ params: JSON?) async {
        if let settings = params?.at("settings", "isolint"), case .object = settings {
            clientSettings = settings
        } else if capabilities.configuration {
            let result = await request("workspace/configuration", .object([("items", .array([.object([("section", .string("isolint"))])]))]))
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
        for path in Array(workspace.parts.keys) where !open.contains(path) && removed.contains(where: { path.hasPrefix($0 + "/") }) {
            workspace.parts[path] = nil
        }
        applySettings()
        await reportConfigurationProblems()
        workspace.remerge()
        startIndexing()
    }

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
            let tree = previous?.reparsed(source) ?? SyntaxTree.parse(source)
            if excluded { return (tree, known ? nil : IndexBuilder.index(tree), []) }
            guard !known else {
                // The index part is computed after publishing, off the keystroke's path.
                return (tree, nil, linter.lint(tree, index: index, settings: settings, cache: &cache))
            }
            let part = IndexBuilder.index(tree)
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
        indexPartTasks[uri]?.cancel()
        indexPartTasks[uri] = Task {
            try? await Task.sleep(for: .milliseconds(100))
            guard !Task.isCancelled, let a = await doc.lastAnalysis else { return }
            let tree = a.tree
            let part = await Task.detached { IndexBuilder.index(tree) }.value
            guard !Task.isCancelled else { return }
            self.noteIndexPart(doc.path, part)
        }
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
            guard let a = await doc.analysis(expectedVersion: version, generation: generation, analyze: analyze), !Task.isCancelled else { return }
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            await self.publish(doc, a)
            await self.logTrace("analysed \(doc.uri) version \(a.version): \(a.findings.count) findings",
                                verbose: "parse and lint took \((ms * 100).rounded() / 100) ms")
            if let part = a.index { self.noteIndexPart(doc.path, part) } else { self.scheduleIndexPart(doc) }
        }
    }

    func publish(_ doc: DocumentActor, _ a: Analysis) async {
        let uri = doc.uri
        guard documents[uri] === doc, !capabilities.pullDiagnostics else { return }
        if let last = lastPublished[uri], last > a.version { return }
        let positions = Positions(source: a.tree.source, encoding: encoding)
        let body = tools(for: doc.path).writer.publishParams(uri: uri, version: a.version, findings: a.findings, positions)
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
