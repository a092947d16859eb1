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
                answer(
                    id: id,
                    .success(JSONCoding.encode(try initialize(JSONCoding.decode(InitializeRequest.self, from: params))))
                )
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
    func cancelRequest(_ params: CancelRequestNotification) {
        let id = params.id
        guard let task = inFlight.removeValue(forKey: id.serialized()) else { return }
        task.cancel()
        send(errorResponse(id: id, code: ErrorCode.requestCancelled, message: "cancelled"))
    }

    func result(of method: String, _ params: JSON?) async throws(LSPError) -> JSON {
        switch method {
        case DocumentDiagnosticRequest.method: return try await run(params, documentDiagnostic)
        case WorkspaceDiagnosticRequest.method: return try await run(params, workspaceDiagnostic)
        case CodeActionRequest.method: return try await run(params, codeActions)
        case CodeActionResolveRequest.method: return try await run(params, resolveCodeAction)
        case HoverRequest.method: return try await run(params, hover)
        case InlayHintRequest.method: return try await run(params, inlayHints)
        case ExecuteCommandRequest.method: return try await run(params, executeCommand)
        default:
            throw LSPError(ErrorCode.methodNotFound, "method not found: \(method)")
        }
    }

    /// Decodes a request's params (InvalidParams naming the field when they do not fit),
    /// answers it, encodes the answer.
    func run<R: ClientRequest>(_ params: JSON?, _ handler: (R) async throws(LSPError) -> R.Response)
        async throws(LSPError) -> JSON
    {
        let request = try JSONCoding.decode(R.self, from: params)
        return JSONCoding.encode(try await handler(request))
    }

    /// Decodes a notification's params and handles it; one that does not fit is logged and dropped.
    func run<N: ClientNotification>(_ params: JSON?, _ handler: (N) async throws(LSPError) -> Void)
        async
        throws(LSPError)
    {
        try await handler(try JSONCoding.decode(N.self, from: params))
    }

    func handleNotification(method: String, params: JSON?) async {
        if method == ExitNotification.method {
            exitCode = state == .shutDown ? 0 : 1
            return
        }
        if state == .uninitialized { return }
        do throws(LSPError) {
            if method == CancelRequestNotification.method {
                try await run(params, cancelRequest)
                return
            }
            if state == .shutDown { return }
            switch method {
            case InitializedNotification.method: initialized()
            case DidOpenTextDocumentNotification.method: try await run(params, didOpen)
            case DidChangeTextDocumentNotification.method: try await run(params, didChange)
            case DidSaveTextDocumentNotification.method: try await run(params, didSave)
            case DidCloseTextDocumentNotification.method: try await run(params, didClose)
            case DidChangeWatchedFilesNotification.method: try await run(params, didChangeWatchedFiles)
            case DidChangeConfigurationNotification.method: try await run(params, didChangeConfiguration)
            case WorkDoneProgressCancelNotification.method: indexingTask?.cancel()
            case SetTraceNotification.method:
                try await run(params) { (n: SetTraceNotification) throws(LSPError) in self.trace = n.value }
            case DidChangeWorkspaceFoldersNotification.method: try await run(params, didChangeWorkspaceFolders)
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

    func notify<N: ServerNotification>(_ notification: N) {
        send(
            .object([
                ("jsonrpc", .string("2.0")), ("method", .string(N.method)), ("params", JSONCoding.encode(notification)),
            ]))
    }

    /// Sends a request to the client; `then` says what its answer is for. After
    /// `requestTimeout` without an answer the request is given up (as if answered with an error).
    func request<R: ServerRequest>(_ request: R, then: PendingRequest) {
        let method = R.method
        let params = R.hasParams ? JSONCoding.encode(request) : .null
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
    func request<R: ServerRequest>(_ request: R) async -> JSON? {
        await withCheckedContinuation { (c: CheckedContinuation<JSON?, Never>) in
            self.request(request, then: .waiting(c))
        }
    }

    func logMessage(_ text: String, type: Int = 3) {
        log(text)
        notify(LogMessageNotification(type: type, message: text))
    }

    /// `$/logTrace` when the client turned tracing on; `verbose` only at the verbose level.
    func logTrace(_ message: String, verbose: @autoclosure () -> String? = nil) {
        guard trace != "off" else { return }
        notify(LogTraceNotification(message: message, verbose: trace == "verbose" ? verbose() : nil))
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

    func initialize(_ params: InitializeRequest) throws(LSPError) -> InitializeRequest.Result {
        guard state == .uninitialized else { throw LSPError(ErrorCode.invalidRequest, "initialize sent twice") }
        capabilities = ClientCapabilities(params.capabilities)
        initializationOptions = params.initializationOptions
        encoding = capabilities.encoding(
            clientName: params.clientInfo?.name, requested: initializationOptions?["positionEncoding"]?.string)
        trace = params.trace ?? "off"
        var roots = (params.workspaceFolders ?? []).compactMap { URIPath.path($0.uri) }
        if roots.isEmpty, let uri = params.rootUri, let p = URIPath.path(uri) { roots.append(p) }
        if roots.isEmpty, let p = params.rootPath { roots.append(p) }
        workspace.roots = roots.map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }
        applySettings()
        state = .running
        return .init(
            capabilities: Self.serverCapabilities(encoding: encoding),
            serverInfo: .init(name: "isolint", version: isolintVersionString))
    }

    static func serverCapabilities(encoding: PositionEncoding) -> ServerCapabilities {
        ServerCapabilities(
            positionEncoding: encoding.rawValue,
            textDocumentSync: .init(openClose: true, change: 2, save: .init(includeText: false)),
            diagnosticProvider: .init(identifier: "isolint", interFileDependencies: true, workspaceDiagnostics: true),
            codeActionProvider: .init(codeActionKinds: ["quickfix", "source.fixAll.isolint"], resolveProvider: true),
            hoverProvider: true, inlayHintProvider: true,
            executeCommandProvider: .init(commands: Commands.all),
            workspace: .init(workspaceFolders: .init(supported: true, changeNotifications: true)))
    }

    static let configurationRequest = ConfigurationRequest(items: [.init(section: "isolint")])

    func initialized() {
        if capabilities.configuration {
            request(Self.configurationRequest, then: .configuration(initial: true))
        } else {
            finishInitialization()
        }
    }

    /// File watching, then (once the client has answered, or given up on) configuration
    /// problems and indexing.
    func finishInitialization() {
        if capabilities.watchedFilesDynamicRegistration {
            let watchers = ["**/*.swift", "**/Package.swift", "**/.isolint.json"].map {
                RegisterCapabilityRequest.Registration.Options.Watcher(globPattern: $0)
            }
            request(
                RegisterCapabilityRequest(registrations: [
                    .init(
                        id: "isolint-watched-files", method: DidChangeWatchedFilesNotification.method,
                        registerOptions: .init(watchers: watchers))
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
