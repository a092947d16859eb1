import IsolintRules
import IsolintSyntax

/// The command table (`workspace/executeCommand`).
public enum Commands {
    public static let fixAll = "isolint.fixAll"
    public static let explain = "isolint.explain"
    /// The migration plan of a workspace folder (JSON and Markdown), shown to the user.
    public static let migrationPlan = "isolint.migrationPlan"
    /// What a code action does for clients without code action literals: the action's `data`
    /// as arguments; the edit goes through `workspace/applyEdit`.
    public static let applyFix = "isolint.applyFix"
    public static let all = [fixAll, explain, applyFix, migrationPlan]
}

extension LanguageServer {
    // MARK: Pull diagnostics

    func documentDiagnostic(_ params: DocumentDiagnosticRequest) async throws(LSPError)
        -> DocumentDiagnosticRequest.Report
    {
        let doc = try document(params.textDocument)
        guard let a = await currentAnalysis(doc) else { throw LSPError(ErrorCode.contentModified, "document changed") }
        let items = diagnostics(a, uri: doc.uri, path: doc.path)
        let resultID = Self.resultID(a.version, items)
        if params.previousResultId == resultID { return .init(kind: "unchanged", resultId: resultID, items: nil) }
        return .init(kind: "full", resultId: resultID, items: items)
    }

    /// An analysis's findings as diagnostics.
    func diagnostics(_ a: Analysis, uri: String, path: String) -> [Diagnostic] {
        let positions = Positions(source: a.tree.source, encoding: encoding)
        let writer = tools(for: path).writer
        return a.findings.enumerated().map {
            writer.diagnostic($1, index: $0, uri: uri, version: a.version, positions)
        }
    }

    /// A result id that changes exactly when the report does: the version and a digest of the
    /// items (FNV-1a), so a re-analysis with the same outcome stays `unchanged`.
    static func resultID(_ version: Int, _ items: [Diagnostic]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in JSONCoding.encode(items).serializedBytes() {
            hash ^= UInt64(b)
            hash = hash &* 0x100_0000_01b3
        }
        return "\(version)-\(String(hash, radix: 36))"
    }

    // MARK: Code actions

    func workspaceEdit(uri: String, version: Int, edits: [ByteEdit], _ positions: Positions) -> WorkspaceEdit {
        let textEdits = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }.map(positions.lspTextEdit)
        if capabilities.documentChanges {
            return WorkspaceEdit(
                changes: nil,
                documentChanges: [
                    .init(textDocument: VersionedTextDocumentIdentifier(uri: uri, version: version), edits: textEdits)
                ])
        }
        return WorkspaceEdit(changes: [uri: textEdits], documentChanges: nil)
    }

    /// Whether fix-all has anything to do: the shared engine chooses at least one fix.
    func fixAllAvailable(_ a: Analysis) -> Bool {
        !FixEngine.select(a.findings, options: FixOptions(), fileSize: a.tree.source.bytes.count).chosen.isEmpty
    }

    /// Fix-all through the engine `isolint fix` uses: every preferred fix that needs no review,
    /// overlapping ones in later passes, each pass linted against the workspace index as it
    /// stands. Edits on the analysed version of the document.
    func fixAllEdits(_ a: Analysis, path: String) async -> [ByteEdit] {
        guard fixAllAvailable(a) else { return [] }
        let settings = workspace.settings.settings(for: path)
        let linter = tools(for: path).linter
        let index = workspace.merged
        let first = a.tree.source.bytes
        return await Self.fixAll(
            path: path, bytes: first, findings: a.findings, linter: linter, index: index,
            settings: settings)
    }

    /// The fix passes, off the server's actors: re-linting a large file must not hold up other messages.
    @concurrent nonisolated static func fixAll(
        path: String, bytes first: [UInt8], findings: [Finding], linter: Linter, index: WorkspaceIndex,
        settings: TargetSettings
    ) async -> [ByteEdit] {
        FixEngine.fix(path: path, settings: settings, bytes: first, options: FixOptions()) { source in
            if source.bytes == first { return findings }
            return linter.lint(Pipeline.parse(source), index: index, settings: settings)
        }.edits
    }

    /// A `// isolint:disable-next-line RULE` line above the finding's line.
    /// When the line above already holds a `disable-next-line` directive, the rule joins its list
    /// (a new comment between them would steal that directive's line).
    func disableEdit(_ f: Finding, _ tree: SyntaxTree) -> ByteEdit {
        let line = tree.source.line(of: f.range.lowerBound)
        if line > 0 {
            let above = tree.source.lineRange(line - 1)
            let text = tree.source.text(above)
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("//"),
                trimmed.dropFirst(2).drop(while: { $0 == " " }).hasPrefix("isolint:disable-next-line")
            {
                var end = above.upperBound
                if let dashes = text.range(of: " --") {
                    end = above.lowerBound + text.utf8.distance(from: text.startIndex, to: dashes.lowerBound)
                }
                return Edits.insert(", \(f.ruleID)", at: end)
            }
        }
        return Edits.lineAbove(tree, f.range.lowerBound, "// isolint:disable-next-line \(f.ruleID)")
    }

    func codeActions(_ params: CodeActionRequest) async throws(LSPError) -> [CodeActionOrCommand] {
        let doc = try document(params.textDocument)
        guard let a = await currentAnalysis(doc) else { return [] }
        let positions = Positions(source: a.tree.source, encoding: encoding)
        let range = positions.byteRange(params.range)
        let only = params.context?.only
        func wanted(_ kind: String) -> Bool {
            guard let only else { return true }
            return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        }
        let uri = doc.uri
        var actions: [CodeActionOrCommand] = []
        if wanted("quickfix") {
            for (i, f) in a.findings.enumerated()
            where f.range.lowerBound <= range.upperBound && range.lowerBound <= f.range.upperBound {
                let diag = tools(for: doc.path).writer.diagnostic(f, index: i, uri: uri, version: a.version, positions)
                for (j, fix) in f.fixes.enumerated() {
                    actions.append(
                        action(
                            title: fix.title, kind: "quickfix", diagnostic: diag, preferred: fix.isPreferred,
                            data: [.s("fix"), .s(uri), .i(a.version), .i(i), .i(j)], edits: fix.edits, uri: uri,
                            version: a.version, positions))
                }
                actions.append(
                    action(
                        title: "Disable \(f.ruleID) for this line", kind: "quickfix", diagnostic: diag,
                        preferred: false,
                        data: [.s("disable"), .s(uri), .i(a.version), .i(i), .i(0)], edits: [disableEdit(f, a.tree)],
                        uri: uri, version: a.version, positions))
            }
        }
        if wanted("source.fixAll.isolint"), fixAllAvailable(a) {
            // With lazy resolution the passes run when the client resolves the action.
            let inline = capabilities.codeActionLiteralSupport && !capabilities.codeActionResolve
            let edits = inline ? await fixAllEdits(a, path: doc.path) : []
            actions.append(
                action(
                    title: "Fix all isolint findings", kind: "source.fixAll.isolint", diagnostic: nil, preferred: false,
                    data: [.s("fixAll"), .s(uri), .i(a.version), .i(0), .i(0)], edits: edits, uri: uri,
                    version: a.version, positions))
        }
        return actions
    }

    func action(
        title: String, kind: String, diagnostic: Diagnostic?, preferred: Bool, data: [ActionDataPart],
        edits: [ByteEdit], uri: String, version: Int, _ positions: Positions
    ) -> CodeActionOrCommand {
        // A client without code action literals takes `Command`s (LSP 3.17 §codeAction).
        guard capabilities.codeActionLiteralSupport else {
            return .command(Command(title: title, command: Commands.applyFix, arguments: data.map(\.json)))
        }
        let resolve = capabilities.codeActionResolve
        return .action(
            CodeAction(
                title: title, kind: kind, diagnostics: diagnostic.map { [$0] }, isPreferred: preferred ? true : nil,
                data: resolve ? data.map(\.json) : nil,
                edit: resolve ? nil : workspaceEdit(uri: uri, version: version, edits: edits, positions)))
    }

    func resolveCodeAction(_ params: CodeActionResolveRequest) async throws(LSPError) -> JSON {
        guard let data = params.action["data"]?.array else {
            throw .invalidParams("codeAction/resolve needs the data this server attached")
        }
        let edit = try await actionEdit(data)
        guard case .object(var pairs) = params.action else { throw .invalidParams("code action must be an object") }
        pairs.removeAll { $0.0 == "edit" }
        pairs.append(("edit", JSONCoding.encode(edit)))
        return .object(pairs)
    }

    /// The workspace edit of a code action from the `data` it was offered with:
    /// `[what, uri, version, finding, fix]`.
    func actionEdit(_ data: [JSON]) async throws(LSPError) -> WorkspaceEdit {
        guard data.count == 5, let what = data[0].string, let uri = data[1].string,
            let version = data[2].int, let i = data[3].int, let j = data[4].int
        else {
            throw .invalidParams("expected the data this server attached to the code action")
        }
        guard let doc = documents[uri] else { throw .invalidParams("document not open: \(uri)") }
        guard let a = await currentAnalysis(doc), a.version == version else {
            throw LSPError(ErrorCode.contentModified, "the document changed since the code action was offered")
        }
        let positions = Positions(source: a.tree.source, encoding: encoding)
        let edits: [ByteEdit]
        switch what {
        case "fix":
            guard i >= 0, i < a.findings.count, j >= 0, j < a.findings[i].fixes.count else {
                throw .invalidParams("no such fix")
            }
            edits = a.findings[i].fixes[j].edits
        case "disable":
            guard i >= 0, i < a.findings.count else { throw .invalidParams("no such finding") }
            edits = [disableEdit(a.findings[i], a.tree)]
        default:
            edits = await fixAllEdits(a, path: doc.path)
        }
        return workspaceEdit(uri: uri, version: version, edits: edits, positions)
    }

    // MARK: Hover

    func hover(_ params: HoverRequest) async throws(LSPError) -> HoverRequest.Hover? {
        let doc = try document(params.textDocument)
        guard let a = await currentAnalysis(doc) else { return nil }
        let positions = Positions(source: a.tree.source, encoding: encoding)
        let offset = positions.offset(params.position)
        let hits = a.findings.filter { $0.range.lowerBound <= offset && offset <= $0.range.upperBound }
        guard let first = hits.first else { return nil }
        var md = ""
        for f in hits {
            md += "**isolint · \(f.ruleID)** (\(f.severity.rawValue))\n\n\(f.message)\n\n"
            if !f.fixes.isEmpty {
                md += "**Fixes**\n"
                for (k, fix) in f.fixes.enumerated() {
                    md += "\(k + 1). \(fix.title)\(fix.isPreferred ? " — preferred" : "")\n"
                }
                md += "\n"
            }
            if let d = linter.descriptors[f.ruleID] { md += d.explanation + "\n\n" }
            md += "---\n\n"
        }
        let kind = capabilities.markdownHover ? "markdown" : "plaintext"
        return .init(contents: MarkupContent(kind: kind, value: md), range: positions.lspRange(first.range))
    }

    // MARK: Inlay hints

    func inlayHints(_ params: InlayHintRequest) async throws(LSPError) -> [InlayHintRequest.InlayHint] {
        let doc = try document(params.textDocument)
        guard workspace.configuration(for: doc.path).inlayHints == true, let a = await currentAnalysis(doc) else {
            return []
        }
        let positions = Positions(source: a.tree.source, encoding: encoding)
        let range = positions.byteRange(params.range)
        let tree = a.tree
        let model = IsolationModel(
            tree: tree, index: workspace.merged, settings: workspace.settings.settings(for: doc.path))
        var hints: [InlayHintRequest.InlayHint] = []
        for (i, node) in tree.nodes.enumerated() {
            let n = Int32(i)
            let at: Int
            switch node.kind {
            case .closure:
                guard let call = tree.callReceiving(closure: n), let callee = tree.callee(of: call),
                    let path = tree.plainPath(of: callee)
                else { continue }
                guard path == "Task" || model.closureIsolation(n) != nil else { continue }
                at = tree.tokenRange(node.firstToken).upperBound
            case .funcDecl where node.flags.contains(.isAsync):
                guard node.name >= 0 else { continue }
                at = tree.tokenRange(node.name).lowerBound
            default:
                continue
            }
            guard range.contains(at) || at == range.upperBound else { continue }
            let isolation = model.isolation(at: n)
            hints.append(
                .init(
                    position: positions.lspPosition(at), label: isolation.label, tooltip: isolation.reason,
                    paddingLeft: node.kind == .closure, paddingRight: node.kind != .closure))
        }
        return hints
    }

    // MARK: Commands

    func executeCommand(_ params: ExecuteCommandRequest) async throws(LSPError) -> JSON {
        let args = params.arguments ?? []
        switch params.command {
        case Commands.fixAll:
            guard let uri = args.first?.string ?? args.first?["uri"]?.string, let doc = documents[uri] else {
                throw .invalidParams("isolint.fixAll takes the URI of an open document")
            }
            guard let a = await currentAnalysis(doc) else { return .null }
            let edits = await fixAllEdits(a, path: doc.path)
            guard !edits.isEmpty else { return .null }
            let positions = Positions(source: a.tree.source, encoding: encoding)
            let edit = workspaceEdit(uri: uri, version: a.version, edits: edits, positions)
            guard capabilities.applyEdit else { return JSONCoding.encode(edit) }
            _ = await request(ApplyWorkspaceEditRequest(label: "isolint: fix all", edit: edit))
            return .null
        case Commands.applyFix:
            let edit = try await actionEdit(args)
            guard capabilities.applyEdit else { return JSONCoding.encode(edit) }
            _ = await request(ApplyWorkspaceEditRequest(label: "isolint: apply fix", edit: edit))
            return .null
        case Commands.migrationPlan:
            return try await migrationPlan(args)
        case Commands.explain:
            guard let id = args.first?.string ?? args.first?["rule"]?.string else {
                throw .invalidParams("isolint.explain takes a rule id")
            }
            guard let d = RuleCatalog.descriptor(id) else { throw .invalidParams("unknown rule '\(id)'") }
            return .string("# \(d.id) (\(d.defaultSeverity.rawValue))\n\n\(d.summary)\n\n\(d.explanation)")
        default:
            throw .invalidParams("unknown command '\(params.command)'")
        }
    }
}

/// Parts of the `data` a code action carries for lazy resolution.
enum ActionDataPart {
    case s(String)
    case i(Int)
    var json: JSON {
        switch self {
        case .s(let v): .string(v)
        case .i(let v): .int(v)
        }
    }
}
