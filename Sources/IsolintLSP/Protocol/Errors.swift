/// JSON-RPC and LSP error codes.
public enum ErrorCode {
    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    public static let serverNotInitialized = -32002
    public static let requestCancelled = -32800
    public static let contentModified = -32801
}

public struct LSPError: Error, Sendable {
    public var code: Int
    public var message: String
    public init(_ code: Int, _ message: String) {
        self.code = code
        self.message = message
    }
    static func invalidParams(_ what: String) -> LSPError { LSPError(ErrorCode.invalidParams, what) }
}
