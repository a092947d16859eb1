import IsolintRules
import IsolintSyntax

/// What the server does with the client's declared capabilities.
public struct ClientCapabilities: Sendable {
    public var positionEncodings: [String] = []
    public var pullDiagnostics = false
    public var codeActionResolve = false
    public var codeActionLiteralSupport = false
    public var documentChanges = false
    public var workDoneProgress = false
    public var configuration = false
    public var watchedFilesDynamicRegistration = false
    public var applyEdit = false
    /// `window/showDocument` may be sent (`window.showDocument.support`).
    public var showDocument = false
    public var markdownHover = true
    /// `workspace/diagnostic/refresh` may be sent (pull clients re-pull after a settings change).
    public var diagnosticRefresh = false
    /// `workspace/inlayHint/refresh` may be sent (after settings or the index change).
    public var inlayHintRefresh = false
    /// Diagnostic fields the client declares it understands (`publishDiagnostics` capabilities):
    /// the `Unnecessary` tag, `codeDescription`, `relatedInformation`.
    public var unnecessaryTag = false
    public var codeDescription = false
    public var relatedInformation = false
    /// `workspace/didChangeWorkspaceFolders` is sent when folders are added or removed.
    public var workspaceFolders = false

    public init() {}

    public init(_ c: JSON?) {
        guard let c else { return }
        positionEncodings = c.at("general", "positionEncodings")?.array?.compactMap(\.string) ?? []
        pullDiagnostics = c.at("textDocument", "diagnostic") != nil
        let resolve =
            c.at("textDocument", "codeAction", "resolveSupport", "properties")?.array?.compactMap(\.string) ?? []
        codeActionResolve = resolve.contains("edit") && c.at("textDocument", "codeAction", "dataSupport")?.bool == true
        diagnosticRefresh = c.at("workspace", "diagnostics", "refreshSupport")?.bool ?? false
        codeActionLiteralSupport = c.at("textDocument", "codeAction", "codeActionLiteralSupport") != nil
        inlayHintRefresh = c.at("workspace", "inlayHint", "refreshSupport")?.bool ?? false
        let publish = c.at("textDocument", "publishDiagnostics")
        unnecessaryTag = publish?.at("tagSupport", "valueSet")?.array?.contains { $0.int == 1 } ?? false
        codeDescription = publish?["codeDescriptionSupport"]?.bool ?? false
        relatedInformation = publish?["relatedInformation"]?.bool ?? false
        workspaceFolders = c.at("workspace", "workspaceFolders")?.bool ?? false
        documentChanges = c.at("workspace", "workspaceEdit", "documentChanges")?.bool ?? false
        workDoneProgress = c.at("window", "workDoneProgress")?.bool ?? false
        configuration = c.at("workspace", "configuration")?.bool ?? false
        watchedFilesDynamicRegistration =
            c.at("workspace", "didChangeWatchedFiles", "dynamicRegistration")?.bool ?? false
        applyEdit = c.at("workspace", "applyEdit")?.bool ?? false
        showDocument = c.at("window", "showDocument", "support")?.bool ?? false
        if let formats = c.at("textDocument", "hover", "contentFormat")?.array?.compactMap(\.string), !formats.isEmpty {
            markdownHover = formats.contains("markdown")
        }
    }

    /// utf-8 when offered (cheapest for a byte-based engine), else utf-32, else the mandatory utf-16.
    public var negotiatedEncoding: PositionEncoding {
        if positionEncodings.contains("utf-8") { return .utf8 }
        if positionEncodings.contains("utf-32") { return .utf32 }
        return .utf16
    }

    /// The encoding columns are counted in: `requested` (`initializationOptions.positionEncoding`,
    /// for a client that counts otherwise than it says) when it names one; else the negotiated one
    /// when the client offers any; else what a client known to count without declaring it counts:
    /// lsp-mode 8 (`clientInfo.name` "emacs") sends and reads columns in characters, UTF-32 code
    /// points (`lsp--cur-position` subtracts points, `lsp--line-character-to-point` moves by
    /// `forward-char`); else utf-16, the protocol's default.
    public func encoding(clientName: String?, requested: String?) -> PositionEncoding {
        if let requested, let e = PositionEncoding(rawValue: requested) { return e }
        if !positionEncodings.isEmpty { return negotiatedEncoding }
        if clientName == "emacs" { return .utf32 }
        return .utf16
    }
}

/// `file://` URIs ⇄ paths.
public enum URIPath {
    public static func path(_ uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst(7))
        if !rest.hasPrefix("/"), let slash = rest.firstIndex(of: "/") { rest = rest[slash...] }
        var bytes: [UInt8] = []
        var it = Array(rest.utf8)[...]
        while let c = it.popFirst() {
            if c == UInt8(ascii: "%"), it.count >= 2,
                let v = UInt8(String(decoding: it.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(v)
                it = it.dropFirst(2)
            } else {
                bytes.append(c)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public static func uri(_ path: String) -> String {
        var out = "file://"
        for b in path.utf8 {
            let c = Character(Unicode.Scalar(b))
            if b < 0x80, c.isLetter || c.isNumber || "/-._~".contains(c) {
                out.append(c)
            } else {
                out += "%" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true)
            }
        }
        return out
    }
}

/// Conversions from engine values to LSP JSON, done once at the edge.
public struct Positions: Sendable {
    public let source: SourceFile
    public let encoding: PositionEncoding
    /// The file's lines, taken once: a publish converts a thousand offsets.
    public let lines: SourceLines

    public init(source: SourceFile, encoding: PositionEncoding) {
        self.source = source
        self.encoding = encoding
        self.lines = source.lines
    }

    public func lspPosition(_ offset: Int) -> Position {
        let p = lines.position(of: offset, encoding: encoding)
        return Position(line: p.line, character: p.character)
    }

    public func lspRange(_ r: Range<Int>) -> LSPRange {
        LSPRange(start: lspPosition(r.lowerBound), end: lspPosition(r.upperBound))
    }

    /// The byte offset of a position; past the end of a line or of the text, the end of it.
    public func offset(_ p: Position) -> Int {
        // Clamped first: a hostile Int.max column must not overflow the arithmetic below.
        let limit = 1 << 40
        return lines.offset(
            of: LinePosition(line: min(p.line, limit), character: min(p.character, limit)), encoding: encoding)
    }

    public func byteRange(_ r: LSPRange) -> Range<Int> {
        let a = offset(r.start), b = offset(r.end)
        return min(a, b)..<max(a, b)
    }

    public func lspTextEdit(_ e: ByteEdit) -> TextEdit {
        TextEdit(range: lspRange(e.range), newText: e.newText)
    }
}

extension Severity {
    var lspSeverity: Int {
        switch self {
        case .error: 1
        case .warning: 2
        case .info: 3
        case .hint: 4
        }
    }
}
