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

    public func diagnostic(_ f: Finding, index: Int, uri: String, version: Int, _ positions: Positions) -> JSON {
        var pairs: [(String, JSON)] = [
            ("range", positions.range(f.range)),
            ("severity", .int(f.severity.lspSeverity)),
            ("code", .string(f.ruleID)),
        ]
        if let base = docsBaseURL {
            pairs.append(
                (
                    "codeDescription",
                    .object([("href", .string(base.hasSuffix("/") ? base + f.ruleID : base + "/" + f.ruleID))])
                ))
        }
        pairs.append(("source", .string("isolint")))
        pairs.append(("message", .string(f.message)))
        if fadedRules.contains(f.ruleID) { pairs.append(("tags", .array([.int(1)]))) }
        if relatedInformation, !f.notes.isEmpty {
            pairs.append(
                (
                    "relatedInformation",
                    .array(
                        f.notes.map { n in
                            .object([
                                ("location", .object([("uri", .string(uri)), ("range", positions.range(n.range))])),
                                ("message", .string(n.message)),
                            ])
                        })
                ))
        }
        // Which finding of which version: the document is the request's own.
        pairs.append(("data", .object([("version", .int(version)), ("index", .int(index))])))
        return .object(pairs)
    }

    /// The `publishDiagnostics` params, exactly as serialising `diagnostic(…)` values would
    /// write them.
    public func publishParams(uri: String, version: Int, findings: [Finding], _ positions: Positions) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(findings.count * 360 + 128)
        func append(_ s: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
        }
        func position(_ offset: Int) {
            let p = positions.source.position(of: offset, encoding: positions.encoding)
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
        for (i, f) in findings.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            if (relatedInformation && !f.notes.isEmpty) || docsBaseURL != nil {
                diagnostic(f, index: i, uri: uri, version: version, positions).write(&out)
                continue
            }
            append(#"{"range":{"start":"#)
            position(f.range.lowerBound)
            append(#","end":"#)
            position(f.range.upperBound)
            append(#"},"severity":"#)
            out.append(UInt8(ascii: "0") + UInt8(f.severity.lspSeverity))
            append(#","code":"#)
            JSON.escape(f.ruleID, into: &out)
            append(#","source":"isolint","message":"#)
            JSON.escape(f.message, into: &out)
            if !fadedRules.isEmpty, fadedRules.contains(f.ruleID) { append(#","tags":[1]"#) }
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
