import IsolintRules

/// A JSON-RPC 2.0 message as the server sorts it, before any method is looked at.
enum Incoming: Equatable {
    case request(id: JSON, method: String, params: JSON?)
    case notification(method: String, params: JSON?)
    /// The client's answer to one of the server's requests (`result` nil when it is an error).
    case response(id: JSON, result: JSON?)
    /// Not a JSON-RPC message: answered with InvalidRequest (-32600) and `id` (null when unknown).
    case invalid(id: JSON, reason: String)

    static func classify(_ message: JSON) -> Incoming {
        guard case .object = message else {
            if case .array = message {
                return .invalid(id: .null, reason: "batch messages are not supported: LSP sends one message per frame")
            }
            return .invalid(id: .null, reason: "a message must be a JSON object")
        }
        let id = message["id"]
        if let id {
            switch id {
            case .string, .int, .double, .null: break
            default: return .invalid(id: .null, reason: "an id must be a string or a number")
            }
        }
        guard message["jsonrpc"]?.string == "2.0" else {
            return .invalid(id: id ?? .null, reason: #"a message must carry "jsonrpc": "2.0""#)
        }
        guard let methodValue = message["method"] else {
            if let id, message["result"] != nil || message["error"] != nil {
                return .response(id: id, result: message["error"] == nil ? message["result"] : nil)
            }
            return .invalid(id: id ?? .null, reason: "missing method")
        }
        guard let method = methodValue.string else {
            return .invalid(id: id ?? .null, reason: "method must be a string")
        }
        var params = message["params"]
        if let given = params {
            switch given {
            case .object, .array: break
            // `"params": null` is what some clients send for a method without parameters
            // (`shutdown`, `exit`): taken as none, not refused.
            case .null: params = nil
            default: return .invalid(id: id ?? .null, reason: "params must be an object or an array")
            }
        }
        if let id { return .request(id: id, method: method, params: params) }
        return .notification(method: method, params: params)
    }
}
