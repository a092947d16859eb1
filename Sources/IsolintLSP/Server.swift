import Foundation
import IsolintRules
import IsolintSyntax

/// The language server: lifecycle, routing, documents, workspace. Messages are handled one at a
/// time in arrival order — responses to the server's own requests and `$/cancelRequest` too —
/// and handling one never waits for anything slow: a request is answered by a task of its own
/// (which waits, at most, for its own document's analysis), analyses run outside the actors,
/// and no handler waits for the client (a request to the client names what to do with its
/// answer, and gives up after a while).
public actor LanguageServer {
    enum State { case uninitialized, running, shutDown }

    /// What to do with the client's answer to one of the server's requests.
    enum PendingRequest {
        /// A task waits for the result (nil on an error, a timeout or shutdown).
        case waiting(CheckedContinuation<JSON?, Never>)
        /// `workspace/configuration`: settings, then (the first time) the rest of `initialized`.
        case configuration(initial: Bool)
        /// `client/registerCapability` of the watched files: then the rest of `initialized`.
        case registration
        /// Nothing depends on it (refreshes).
        case ignored
    }

    let writer: MessageWriter
    var state = State.uninitialized
    var capabilities = ClientCapabilities()
    var encoding = PositionEncoding.utf16
    /// The open documents; each one's state lives in its actor.
    var documents: [String: DocumentActor] = [:]
    var workspace = WorkspaceState()
    /// The first root's (or the only) configuration's linter and diagnostic writer; `tools(for:)`
    /// picks a file's own root's.
    var linter = Linter()
    var diagnostics = DiagnosticWriter(linter: Linter(), docsBaseURL: nil)
    var rootTools: [(root: String, linter: Linter, writer: DiagnosticWriter)] = []
    /// Requests being answered, by id: `$/cancelRequest` answers RequestCancelled at once.
    var inFlight: [String: Task<Void, Never>] = [:]
    var pending: [String: PendingRequest] = [:]
    var nextRequestID = 1
    var initializationOptions: JSON?
    var clientSettings: JSON?
    var indexingTask: Task<Void, Never>?
    var remergeTask: Task<Void, Never>?
    /// `$/setTrace` (or initialize's `trace`): off, messages or verbose.
    var trace = "off"
    /// The configuration problems last reported, so each distinct set is reported once.
    var reportedProblems: [String] = []
    /// `workspace/diagnostic` reports of files that are not open, by path.
    var diskReports: [String: DiskReport] = [:]
    /// How long the server waits for the client's answer to one of its requests.
    var requestTimeout: Duration = .seconds(10)
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
            send(errorResponse(id: .null, code: ErrorCode.parseError, message: reason))
            return false
        case .tooLarge(let reason):
            log(reason)
            send(errorResponse(id: .null, code: ErrorCode.invalidRequest, message: reason))
            return false
        case .message(let message):
            switch Incoming.classify(message) {
            case .invalid(let id, let reason):
                send(errorResponse(id: id, code: ErrorCode.invalidRequest, message: reason))
            case .response(let id, let result):
                handleResponse(id: id, result: result)
            case .request(let id, let method, let params):
                handleRequest(id: id, method: method, params: params)
            case .notification(let method, let params):
                await handleNotification(method: method, params: params)
            }
            return exitCode != nil
        }
    }

    func handleResponse(id: JSON, result: JSON?) {
        guard let waiting = pending.removeValue(forKey: id.serialized()) else { return }
        resolve(waiting, with: result)
    }

    func resolve(_ waiting: PendingRequest, with result: JSON?) {
        switch waiting {
        case .waiting(let c): c.resume(returning: result)
        case .configuration(let initial):
            if let first = result?[0], case .object = first { clientSettings = first }
            applySettings()
            if initial {
                finishInitialization()
            } else {
                reportConfigurationProblems()
                reanalyzeOpenDocuments()
            }
        case .registration:
            reportConfigurationProblems()
            startIndexing()
        case .ignored: break
        }
    }

    func handleRequest(id: JSON, method: String, params: JSON?) {
        let key = id.serialized()
        if state == .uninitialized, method != "initialize" {
            send(errorResponse(id: id, code: ErrorCode.serverNotInitialized, message: "the server is not initialized"))
            return
        }
        if state == .shutDown {
            send(errorResponse(id: id, code: ErrorCode.invalidRequest, message: "the server is shut down"))
            return
        }
        switch method {
        case "initialize":
            // In order: nothing may be handled before the server knows the client.
            do throws(LSPError) {
                answer(id: id, .success(try initialize(params)))
            } catch {
                answer(id: id, .failure(error))
            }
        case "shutdown":
            state = .shutDown
            indexingTask?.cancel()
            answer(id: id, .success(.null))
        default:
            // Answered by a task of its own: the queue goes on meanwhile.
            inFlight[key] = Task {
                let result: Result<JSON, LSPError>
                do throws(LSPError) {
                    result = .success(try await self.result(of: method, params))
                } catch {
                    result = .failure(error)
                }
                // Cancelled meanwhile: RequestCancelled was the answer.
                guard self.inFlight.removeValue(forKey: key) != nil else { return }
                self.answer(id: id, result)
            }
        }
    }

    func answer(id: JSON, _ result: Result<JSON, LSPError>) {
        switch result {
        case .success(let value): send(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", value)]))
        case .failure(let error): send(errorResponse(id: id, code: error.code, message: error.message))
        }
    }

    /// `$/cancelRequest`: a request still being answered is answered RequestCancelled now (and
    /// its task cancelled); one already answered, or unknown, is ignored, as LSP asks.
    func cancelRequest(_ params: JSON?) {
        guard let id = params?["id"], let task = inFlight.removeValue(forKey: id.serialized()) else { return }
        task.cancel()
        send(errorResponse(id: id, code: ErrorCode.requestCancelled, message: "cancelled"))
    }

    func result(of method: String, _ params: JSON?) async throws(LSPError) -> JSON {
        switch method {
        case "textDocument/diagnostic": return try await documentDiagnostic(params)
        case "workspace/diagnostic": return try await workspaceDiagnostic(params)
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
        if method == "$/cancelRequest" {
            cancelRequest(params)
            return
        }
        if state == .shutDown { return }
        do throws(LSPError) {
            switch method {
            case "initialized": initialized()
            case "textDocument/didOpen": try await didOpen(params)
            case "textDocument/didChange": try await didChange(params)
            case "textDocument/didSave": try await didSave(params)
            case "textDocument/didClose": try await didClose(params)
            case "workspace/didChangeWatchedFiles": didChangeWatchedFiles(params)
            case "workspace/didChangeConfiguration": didChangeConfiguration(params)
            case "window/workDoneProgress/cancel": indexingTask?.cancel()
            case "$/setTrace": trace = params?["value"]?.string ?? "off"
            case "workspace/didChangeWorkspaceFolders": didChangeWorkspaceFolders(params)
            default:
                // Unknown notifications are ignored, as the specification asks.
                break
            }
        } catch {
            log("\(method): \(error.message)")
        }
    }

    // MARK: Output

    func send(_ message: JSON) { writer.send(message) }

    func errorResponse(id: JSON, code: Int, message: String) -> JSON {
        .object([
            ("jsonrpc", .string("2.0")), ("id", id),
            ("error", .object([("code", .int(code)), ("message", .string(message))])),
        ])
    }

    func notify(_ method: String, _ params: JSON) {
        send(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }

    /// Sends a request to the client; `then` says what its answer is for. After
    /// `requestTimeout` without an answer the request is given up (as if answered with an error).
    func request(_ method: String, _ params: JSON, then: PendingRequest) {
        let id = JSON.string("isolint-\(nextRequestID)")
        nextRequestID += 1
        let key = id.serialized()
        pending[key] = then
        // A request without parameters omits `params` (JSON-RPC allows only an object or array).
        var pairs: [(String, JSON)] = [("jsonrpc", .string("2.0")), ("id", id), ("method", .string(method))]
        if !params.isNull { pairs.append(("params", params)) }
        send(.object(pairs))
        let timeout = requestTimeout
        Task {
            try? await Task.sleep(for: timeout)
            self.giveUp(key, method: method)
        }
    }

    func giveUp(_ key: String, method: String) {
        guard let waiting = pending.removeValue(forKey: key) else { return }
        log("no answer to \(method) (\(key)); going on without it")
        resolve(waiting, with: nil)
    }

    /// Sends a request to the client and waits for its result (nil on error or timeout). Only a
    /// request's own task waits like this, never the message queue.
    func request(_ method: String, _ params: JSON) async -> JSON? {
        await withCheckedContinuation { (c: CheckedContinuation<JSON?, Never>) in
            request(method, params, then: .waiting(c))
        }
    }

    func logMessage(_ text: String, type: Int = 3) {
        log(text)
        notify("window/logMessage", .object([("type", .int(type)), ("message", .string(text))]))
    }

    /// `$/logTrace` when the client turned tracing on; `verbose` only at the verbose level.
    func logTrace(_ message: String, verbose: @autoclosure () -> String? = nil) {
        guard trace != "off" else { return }
        var pairs: [(String, JSON)] = [("message", .string(message))]
        if trace == "verbose", let v = verbose() { pairs.append(("verbose", .string(v))) }
        notify("$/logTrace", .object(pairs))
    }

    /// Logs the configuration's problems (a warning each) when they differ from those last
    /// reported: after `initialized` and after every re-configuration.
    func reportConfigurationProblems() {
        let now = workspace.configurationProblems.map { "configuration: \($0) (ignored)" }
        guard now != reportedProblems else { return }
        reportedProblems = now
        for message in now { logMessage(message, type: 2) }
    }

    // MARK: Lifecycle

    func initialize(_ params: JSON?) throws(LSPError) -> JSON {
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

    /// `initialized`: the client's settings first (without waiting for them: the answer, or
    /// its timeout, goes on with `finishInitialization`).
    func initialized() {
        if capabilities.configuration {
            request(
                "workspace/configuration", .object([("items", .array([.object([("section", .string("isolint"))])]))]),
                then: .configuration(initial: true))
        } else {
            finishInitialization()
        }
    }

    /// File watching, then (once the client has answered, or given up on) configuration
    /// problems and indexing.
    func finishInitialization() {
        if capabilities.watchedFilesDynamicRegistration {
            let watchers: JSON = .array(
                ["**/*.swift", "**/Package.swift", "**/.isolint.json"].map { .object([("globPattern", .string($0))]) })
            request(
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
                ]), then: .registration)
            return
        }
        reportConfigurationProblems()
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
