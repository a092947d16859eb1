import IsolintRules
import IsolintSyntax

/// Findings as LSP `Diagnostic`s: JSON values for pull reports and code actions, and the bytes
/// of a `publishDiagnostics` written directly on every keystroke's path.
public struct DiagnosticWriter: Sendable {
    /// `codeDescription.href` is this plus the rule id, when set and the client supports it.
    public let docsBaseURL: String?
    /// Rules that are noise by nature (default severity hint): their diagnostics are faded
    /// (`Unnecessary`), whatever severity a user gives them — for clients that support the tag.
    let fadedRules: Set<String>
    let relatedInformation: Bool

    public init(linter: Linter, docsBaseURL: String?, capabilities: ClientCapabilities = ClientCapabilities()) {
        self.docsBaseURL = capabilities.codeDescription ? docsBaseURL : nil
        self.fadedRules =
            capabilities.unnecessaryTag
            ? Set(linter.descriptors.values.filter { $0.defaultSeverity == .hint }.map(\.id)) : []
        self.relatedInformation = capabilities.relatedInformation
    }

    public func diagnostic(_ f: Finding, index: Int, uri: String, version: Int, _ positions: Positions) -> Diagnostic {
        Diagnostic(
            range: positions.lspRange(f.range), severity: f.severity.lspSeverity, code: f.ruleID,
            codeDescription: docsBaseURL.map { .init(href: $0.hasSuffix("/") ? $0 + f.ruleID : $0 + "/" + f.ruleID) },
            source: "isolint", message: f.message, tags: fadedRules.contains(f.ruleID) ? [1] : nil,
            relatedInformation: relatedInformation && !f.notes.isEmpty
                ? f.notes.map {
                    .init(location: Location(uri: uri, range: positions.lspRange($0.range)), message: $0.message)
                }
                : nil,
            // Which finding of which version: the document is the request's own.
            data: .init(version: version, index: index))
    }

    /// The `publishDiagnostics` notification through the protocol types: what `publishParams`
    /// writes by hand, byte for byte (a test holds them to it).
    public func publishNotification(uri: String, version: Int, findings: [Finding], _ positions: Positions)
        -> PublishDiagnosticsNotification
    {
        PublishDiagnosticsNotification(
            uri: uri, version: version,
            diagnostics: findings.enumerated().map { diagnostic($1, index: $0, uri: uri, version: version, positions) })
    }

    /// The `publishDiagnostics` params, exactly as serialising `publishNotification(…)` would
    /// write them, without building a value per diagnostic first: this is on every keystroke's path.
    public func publishParams(uri: String, version: Int, findings: [Finding], _ positions: Positions) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(findings.count * 360 + 128)
        func append(_ s: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
        }
        // The line of the last position written: the next is searched from there.
        var line = 0
        func position(_ offset: Int) {
            let p = positions.lines.position(of: offset, encoding: positions.encoding, after: line)
            line = p.line
            append(#"{"line":"#)
            JSON.appendDecimal(p.line, to: &out)
            append(#","character":"#)
            JSON.appendDecimal(p.character, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        append(#"{"uri":"#)
        JSON.escape(uri, into: &out)
        append(#","version":"#)
        JSON.appendDecimal(version, to: &out)
        append(#","diagnostics":["#)
        // Fields read in place: a copy of each finding (its strings, notes and fixes) costs more
        // than writing most of it.
        // The documentation links, escaped once.
        var href: [UInt8] = []
        if let base = docsBaseURL {
            JSON.escape(base.hasSuffix("/") ? base : base + "/", into: &href)
            href.removeLast()  // the closing quote: the rule id follows
        }
        var uriJSON: [UInt8] = []
        JSON.escape(uri, into: &uriJSON)
        for i in findings.indices {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            append(#"{"range":{"start":"#)
            position(findings[i].range.lowerBound)
            append(#","end":"#)
            position(findings[i].range.upperBound)
            append(#"},"severity":"#)
            out.append(UInt8(ascii: "0") + UInt8(findings[i].severity.lspSeverity))
            append(#","code":"#)
            JSON.escape(findings[i].ruleID, into: &out)
            if docsBaseURL != nil {
                // A rule id needs no escaping (letters and dashes).
                append(#","codeDescription":{"href":"#)
                out += href
                out += findings[i].ruleID.utf8
                append(#""}"#)
            }
            append(#","source":"isolint","message":"#)
            JSON.escape(findings[i].message, into: &out)
            if !fadedRules.isEmpty, fadedRules.contains(findings[i].ruleID) { append(#","tags":[1]"#) }
            if relatedInformation, !findings[i].notes.isEmpty {
                append(#","relatedInformation":["#)
                for (k, note) in findings[i].notes.enumerated() {
                    if k > 0 { out.append(UInt8(ascii: ",")) }
                    append(#"{"location":{"uri":"#)
                    out += uriJSON
                    append(#","range":{"start":"#)
                    position(note.range.lowerBound)
                    append(#","end":"#)
                    position(note.range.upperBound)
                    append(#"}},"message":"#)
                    JSON.escape(note.message, into: &out)
                    out.append(UInt8(ascii: "}"))
                }
                out.append(UInt8(ascii: "]"))
            }
            append(#","data":{"version":"#)
            JSON.appendDecimal(version, to: &out)
            append(#","index":"#)
            JSON.appendDecimal(i, to: &out)
            append("}}")
        }
        append("]}")
        return out
    }
}
