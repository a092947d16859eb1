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

    public init(
        writer: MessageWriter,
        log: @escaping @Sendable (String) -> Void = {
            FileHandle.standardError.write(Data(("isolint-lsp: " + $0 + "\n").utf8))
        }
    ) {
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
                await send(
                    errorResponse(id: .null, code: ErrorCode.invalidRequest, message: "a message must be a JSON object")
                )
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
            await send(
                errorResponse(id: id, code: ErrorCode.serverNotInitialized, message: "the server is not initialized"))
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
            Task {
                await self.respond(id: id, key: key) { () async throws(LSPError) -> JSON in
                    try await self.workspaceDiagnostic(params)
                }
            }
            return
        }
        await respond(id: id, key: key) { () async throws(LSPError) -> JSON in try await self.result(of: method, params)
        }
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
        .object([
            ("jsonrpc", .string("2.0")), ("id", id),
            ("error", .object([("code", .int(code)), ("message", .string(message))])),
        ])
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
        initializationOptions = params?["initializationOptions"]
        encoding = capabilities.encoding(
            clientName: params?["clientInfo"]?["name"]?.string,
            requested: initializationOptions?["positionEncoding"]?.string)
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
            (
                "textDocumentSync",
                .object([
                    ("openClose", .bool(true)), ("change", .int(2)), ("save", .object([("includeText", .bool(false))])),
                ])
            ),
            (
                "diagnosticProvider",
                .object([
                    ("identifier", .string("isolint")), ("interFileDependencies", .bool(true)),
                    ("workspaceDiagnostics", .bool(true)),
                ])
            ),
            (
                "codeActionProvider",
                .object([
                    ("codeActionKinds", .array([.string("quickfix"), .string("source.fixAll.isolint")])),
                    ("resolveProvider", .bool(true)),
                ])
            ),
            ("hoverProvider", .bool(true)),
            ("inlayHintProvider", .bool(true)),
            ("executeCommandProvider", .object([("commands", .array(Commands.all.map { .string($0) }))])),
            (
                "workspace",
                .object([
                    ("workspaceFolders", .object([("supported", .bool(true)), ("changeNotifications", .bool(true))]))
                ])
            ),
        ])
    }

    func initialized() async {
        if capabilities.configuration {
            let result = await request(
                "workspace/configuration", .object([("items", .array([.object([("section", .string("isolint"))])]))]))
            if let first = result?[0], case .object = first { clientSettings = first; applySettings() }
        }
        if capabilities.watchedFilesDynamicRegistration {
            let watchers: JSON = .array(
                ["**/*.swift", "**/Package.swift", "**/.isolint.json"].map { .object([("globPattern", .string($0))]) })
            _ = await request(
                "client/registerCapability",
                .object([
                    (
                        "registrations",
                        .array([
                            .object([
                                ("id", .string("isolint-watched-files")),
                                ("method", .string("workspace/didChangeWatchedFiles")),
                                ("registerOptions", .object([("watchers", watchers)])),
                            ])
                        ])
                    )
                ]))
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
        diagnostics = DiagnosticWriter(
            linter: linter, docsBaseURL: workspace.configuration.docsBaseURL, capabilities: capabilities)
        rootTools = workspace.rootConfigurations.map { root, configuration in
            let l = Linter(configuration: configuration)
            return (
                root, l, DiagnosticWriter(linter: l, docsBaseURL: configuration.docsBaseURL, capabilities: capabilities)
            )
        }
    }

    /// The linter and diagnostic writer for a file: its root's configuration.
    func tools(for path: String) -> (linter: Linter, writer: DiagnosticWriter) {
        if let t = rootTools.first(where: { WorkspaceState.path(path, isUnder: $0.root) }) {
            return (t.linter, t.writer)
        }
        return (linter, diagnostics)
    }
}
