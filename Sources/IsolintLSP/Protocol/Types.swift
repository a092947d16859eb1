import IsolintRules

// The LSP subset this server speaks, one small Codable type per request and notification (the
// sourcekit-lsp habit): `method`, the params as stored properties, and for a request its
// `Response`. They know nothing of documents or rules. Fields are declared in the order they are
// written on the wire; optional fields that are nil are left out.

/// A request the client sends: its params, and the type of its result.
protocol ClientRequest: Decodable, Sendable {
    static var method: String { get }
    associatedtype Response: Encodable
}

/// A notification the client sends.
protocol ClientNotification: Decodable, Sendable {
    static var method: String { get }
}

/// A notification the server sends.
protocol ServerNotification: Encodable, Sendable {
    static var method: String { get }
}

/// A request the server sends.
protocol ServerRequest: Encodable, Sendable {
    static var method: String { get }
    /// False for a request without params: `params` is then left out (JSON-RPC allows only an
    /// object or an array there).
    static var hasParams: Bool { get }
}

extension ServerRequest {
    static var hasParams: Bool { true }
}

/// A request or notification without params.
struct NoParams: Codable, Sendable {
    init() {}
    init(from decoder: Decoder) throws {}
    func encode(to encoder: Encoder) throws {}
}

// MARK: Basic structures

public struct Position: Codable, Equatable, Sendable {
    public var line: Int
    public var character: Int
}

public struct LSPRange: Codable, Equatable, Sendable {
    public var start: Position
    public var end: Position
}

struct TextDocumentIdentifier: Codable, Equatable, Sendable {
    var uri: String
}

struct VersionedTextDocumentIdentifier: Codable, Equatable, Sendable {
    var uri: String
    var version: Int?
}

/// `textDocument/didChange`'s version is required by LSP; `version` above is optional so that a
/// client that leaves it out still gets its edit applied (the server counts on from the last).
struct TextDocumentItem: Codable, Equatable, Sendable {
    var uri: String
    var languageId: String?
    var version: Int?
    var text: String
}

public struct TextDocumentContentChangeEvent: Codable, Equatable, Sendable {
    /// Nil: the whole text is replaced.
    public var range: LSPRange?
    public var text: String
}

public struct TextEdit: Codable, Equatable, Sendable {
    public var range: LSPRange
    public var newText: String
}

struct WorkspaceFolder: Codable, Equatable, Sendable {
    var uri: String
    var name: String?
}

struct Location: Codable, Equatable, Sendable {
    var uri: String
    var range: LSPRange
}

struct MarkupContent: Codable, Equatable, Sendable {
    var kind: String
    var value: String
}

// MARK: Diagnostics

public struct Diagnostic: Codable, Equatable, Sendable {
    public struct CodeDescription: Codable, Equatable, Sendable {
        public var href: String
    }
    public struct RelatedInformation: Codable, Equatable, Sendable {
        var location: Location
        var message: String
    }
    /// Which finding of which version: what code actions and their resolution refer to.
    public struct DataValue: Codable, Equatable, Sendable {
        public var version: Int
        public var index: Int
    }
    public var range: LSPRange
    public var severity: Int
    public var code: String
    public var codeDescription: CodeDescription?
    public var source: String
    public var message: String
    public var tags: [Int]?
    public var relatedInformation: [RelatedInformation]?
    public var data: DataValue?
}

public struct PublishDiagnosticsNotification: ServerNotification, Codable, Equatable {
    static let method = "textDocument/publishDiagnostics"
    public var uri: String
    public var version: Int?
    public var diagnostics: [Diagnostic]
}

// MARK: Lifecycle

struct InitializeRequest: ClientRequest {
    static let method = "initialize"
    struct ClientInfo: Codable, Sendable {
        var name: String
        var version: String?
    }
    var processId: Int?
    var clientInfo: ClientInfo?
    var rootUri: String?
    var rootPath: String?
    var workspaceFolders: [WorkspaceFolder]?
    /// Read by `ClientCapabilities` (what the server does with each one it knows).
    var capabilities: JSON?
    var initializationOptions: JSON?
    var trace: String?

    struct Result: Encodable, Sendable {
        struct ServerInfo: Encodable, Sendable {
            var name: String
            var version: String
        }
        var capabilities: ServerCapabilities
        var serverInfo: ServerInfo
    }
    typealias Response = Result
}

struct ServerCapabilities: Encodable, Sendable {
    struct TextDocumentSync: Encodable, Sendable {
        struct Save: Encodable, Sendable { var includeText: Bool }
        var openClose: Bool
        var change: Int
        var save: Save
    }
    struct DiagnosticOptions: Encodable, Sendable {
        var identifier: String
        var interFileDependencies: Bool
        var workspaceDiagnostics: Bool
    }
    struct CodeActionOptions: Encodable, Sendable {
        var codeActionKinds: [String]
        var resolveProvider: Bool
    }
    struct ExecuteCommandOptions: Encodable, Sendable { var commands: [String] }
    struct Workspace: Encodable, Sendable {
        struct Folders: Encodable, Sendable {
            var supported: Bool
            var changeNotifications: Bool
        }
        var workspaceFolders: Folders
    }
    var positionEncoding: String
    var textDocumentSync: TextDocumentSync
    var diagnosticProvider: DiagnosticOptions
    var codeActionProvider: CodeActionOptions
    var hoverProvider: Bool
    var inlayHintProvider: Bool
    var executeCommandProvider: ExecuteCommandOptions
    var workspace: Workspace
}

struct InitializedNotification: ClientNotification {
    static let method = "initialized"
}

struct ShutdownRequest: ClientRequest {
    static let method = "shutdown"
    typealias Response = JSON
}

struct ExitNotification: ClientNotification {
    static let method = "exit"
}

struct CancelRequestNotification: ClientNotification {
    static let method = "$/cancelRequest"
    var id: JSON
}

struct SetTraceNotification: ClientNotification {
    static let method = "$/setTrace"
    var value: String
}

struct WorkDoneProgressCancelNotification: ClientNotification {
    static let method = "window/workDoneProgress/cancel"
    var token: JSON
}

// MARK: Documents

struct DidOpenTextDocumentNotification: ClientNotification {
    static let method = "textDocument/didOpen"
    var textDocument: TextDocumentItem
}

struct DidChangeTextDocumentNotification: ClientNotification {
    static let method = "textDocument/didChange"
    var textDocument: VersionedTextDocumentIdentifier
    var contentChanges: [TextDocumentContentChangeEvent]
}

struct DidSaveTextDocumentNotification: ClientNotification {
    static let method = "textDocument/didSave"
    var textDocument: TextDocumentIdentifier
}

struct DidCloseTextDocumentNotification: ClientNotification {
    static let method = "textDocument/didClose"
    var textDocument: TextDocumentIdentifier
}

// MARK: Workspace

struct DidChangeWatchedFilesNotification: ClientNotification {
    static let method = "workspace/didChangeWatchedFiles"
    struct FileEvent: Codable, Sendable {
        var uri: String
        /// 1 created, 2 changed, 3 deleted.
        var type: Int
    }
    var changes: [FileEvent]
}

struct DidChangeConfigurationNotification: ClientNotification {
    static let method = "workspace/didChangeConfiguration"
    var settings: JSON?
}

struct DidChangeWorkspaceFoldersNotification: ClientNotification {
    static let method = "workspace/didChangeWorkspaceFolders"
    struct Event: Codable, Sendable {
        var added: [WorkspaceFolder]
        var removed: [WorkspaceFolder]
    }
    var event: Event
}

// MARK: Language features

struct HoverRequest: ClientRequest {
    static let method = "textDocument/hover"
    var textDocument: TextDocumentIdentifier
    var position: Position

    struct Hover: Encodable, Sendable {
        var contents: MarkupContent
        var range: LSPRange
    }
    typealias Response = Hover?
}

struct CodeActionRequest: ClientRequest {
    static let method = "textDocument/codeAction"
    struct Context: Codable, Sendable {
        var diagnostics: [JSON]?
        var only: [String]?
    }
    var textDocument: TextDocumentIdentifier
    var range: LSPRange
    var context: Context?
    typealias Response = [CodeActionOrCommand]
}

struct Command: Codable, Equatable, Sendable {
    var title: String
    var command: String
    var arguments: [JSON]?
}

struct WorkspaceEdit: Encodable, Equatable, Sendable {
    struct TextDocumentEdit: Encodable, Equatable, Sendable {
        var textDocument: VersionedTextDocumentIdentifier
        var edits: [TextEdit]
    }
    var changes: [String: [TextEdit]]?
    var documentChanges: [TextDocumentEdit]?
}

struct CodeAction: Encodable, Sendable {
    var title: String
    var kind: String
    var diagnostics: [Diagnostic]?
    var isPreferred: Bool?
    /// Lazily resolved: what `codeAction/resolve` gets back.
    var data: [JSON]?
    var edit: WorkspaceEdit?
}

/// A client without code action literals takes `Command`s.
enum CodeActionOrCommand: Encodable, Sendable {
    case action(CodeAction)
    case command(Command)
    func encode(to encoder: Encoder) throws {
        switch self {
        case .action(let a): try a.encode(to: encoder)
        case .command(let c): try c.encode(to: encoder)
        }
    }
}

/// `codeAction/resolve`: the params are a code action this server offered, returned with its
/// `edit` filled in.
struct CodeActionResolveRequest: ClientRequest {
    static let method = "codeAction/resolve"
    var action: JSON
    init(from decoder: Decoder) throws { action = try JSON(from: decoder) }
    typealias Response = JSON
}

struct DocumentDiagnosticRequest: ClientRequest {
    static let method = "textDocument/diagnostic"
    var textDocument: TextDocumentIdentifier
    var identifier: String?
    var previousResultId: String?

    struct Report: Encodable, Sendable {
        var kind: String
        var resultId: String
        var items: [Diagnostic]?
    }
    typealias Response = Report
}

struct WorkspaceDiagnosticRequest: ClientRequest {
    static let method = "workspace/diagnostic"
    struct PreviousResultID: Codable, Sendable {
        var uri: String
        var value: String
    }
    var identifier: String?
    var previousResultIds: [PreviousResultID]?

    struct DocumentReport: Encodable, Sendable {
        var uri: String
        /// null for a file that is not open (written as null, not left out).
        var version: Int?
        var kind: String
        var resultId: String
        var items: [Diagnostic]?
        enum CodingKeys: String, CodingKey { case uri, version, kind, resultId, items }
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(uri, forKey: .uri)
            try c.encode(version, forKey: .version)
            try c.encode(kind, forKey: .kind)
            try c.encode(resultId, forKey: .resultId)
            try c.encodeIfPresent(items, forKey: .items)
        }
    }
    struct Report: Encodable, Sendable { var items: [DocumentReport] }
    typealias Response = Report
}

struct InlayHintRequest: ClientRequest {
    static let method = "textDocument/inlayHint"
    var textDocument: TextDocumentIdentifier
    var range: LSPRange

    struct InlayHint: Encodable, Sendable {
        var position: Position
        var label: String
        var tooltip: String
        var paddingLeft: Bool
        var paddingRight: Bool
    }
    typealias Response = [InlayHint]
}

struct ExecuteCommandRequest: ClientRequest {
    static let method = "workspace/executeCommand"
    var command: String
    var arguments: [JSON]?
    typealias Response = JSON
}

// MARK: Server → client

struct LogMessageNotification: ServerNotification {
    static let method = "window/logMessage"
    var type: Int
    var message: String
}

struct ShowMessageNotification: ServerNotification {
    static let method = "window/showMessage"
    var type: Int
    var message: String
}

struct LogTraceNotification: ServerNotification {
    static let method = "$/logTrace"
    var message: String
    var verbose: String?
}

struct ProgressNotification: ServerNotification {
    static let method = "$/progress"
    struct Value: Encodable, Sendable {
        var kind: String
        var title: String?
        var cancellable: Bool?
        var message: String?
        var percentage: Int?
    }
    var token: JSON
    var value: Value
}

struct ConfigurationRequest: ServerRequest {
    static let method = "workspace/configuration"
    struct Item: Encodable, Sendable { var section: String }
    var items: [Item]
}

struct RegisterCapabilityRequest: ServerRequest {
    static let method = "client/registerCapability"
    struct Registration: Encodable, Sendable {
        struct Options: Encodable, Sendable {
            struct Watcher: Encodable, Sendable { var globPattern: String }
            var watchers: [Watcher]
        }
        var id: String
        var method: String
        var registerOptions: Options
    }
    var registrations: [Registration]
}

struct WorkDoneProgressCreateRequest: ServerRequest {
    static let method = "window/workDoneProgress/create"
    var token: JSON
}

struct ApplyWorkspaceEditRequest: ServerRequest {
    static let method = "workspace/applyEdit"
    var label: String
    var edit: WorkspaceEdit
}

struct ShowDocumentRequest: ServerRequest {
    static let method = "window/showDocument"
    var uri: String
    var takeFocus: Bool
}

struct DiagnosticRefreshRequest: ServerRequest {
    static let method = "workspace/diagnostic/refresh"
    static let hasParams = false
}

struct InlayHintRefreshRequest: ServerRequest {
    static let method = "workspace/inlayHint/refresh"
    static let hasParams = false
}

/// Every message type the client may send, by method: its params decoded as that type (the
/// framing fuzzer decodes every message it finds this way). Nil for a method the server does
/// not know.
enum ClientMessages {
    static func decode(method: String, params: JSON?) -> Result<Void, LSPError>? {
        func run<T: Decodable>(_ type: T.Type) -> Result<Void, LSPError> {
            do throws(LSPError) {
                _ = try JSONCoding.decode(type, from: params)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        switch method {
        case InitializeRequest.method: return run(InitializeRequest.self)
        case HoverRequest.method: return run(HoverRequest.self)
        case CodeActionRequest.method: return run(CodeActionRequest.self)
        case CodeActionResolveRequest.method: return run(CodeActionResolveRequest.self)
        case DocumentDiagnosticRequest.method: return run(DocumentDiagnosticRequest.self)
        case WorkspaceDiagnosticRequest.method: return run(WorkspaceDiagnosticRequest.self)
        case InlayHintRequest.method: return run(InlayHintRequest.self)
        case ExecuteCommandRequest.method: return run(ExecuteCommandRequest.self)
        case CancelRequestNotification.method: return run(CancelRequestNotification.self)
        case SetTraceNotification.method: return run(SetTraceNotification.self)
        case WorkDoneProgressCancelNotification.method: return run(WorkDoneProgressCancelNotification.self)
        case DidOpenTextDocumentNotification.method: return run(DidOpenTextDocumentNotification.self)
        case DidChangeTextDocumentNotification.method: return run(DidChangeTextDocumentNotification.self)
        case DidSaveTextDocumentNotification.method: return run(DidSaveTextDocumentNotification.self)
        case DidCloseTextDocumentNotification.method: return run(DidCloseTextDocumentNotification.self)
        case DidChangeWatchedFilesNotification.method: return run(DidChangeWatchedFilesNotification.self)
        case DidChangeConfigurationNotification.method: return run(DidChangeConfigurationNotification.self)
        case DidChangeWorkspaceFoldersNotification.method: return run(DidChangeWorkspaceFoldersNotification.self)
        case ShutdownRequest.method, InitializedNotification.method, ExitNotification.method: return .success(())
        default: return nil
        }
    }
}
