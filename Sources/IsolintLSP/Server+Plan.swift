import Foundation
import IsolintRules

/// `workspace/executeCommand` `isolint.migrationPlan`: the plan `isolint plan` prints, for a
/// workspace folder, with open documents as they are in the editor.
extension LanguageServer {
    /// Arguments: none (the first workspace folder), a folder URI or path, or `{"root": …}`.
    /// Returns `{"json": <the plan JSON contract>, "markdown": "…"}` and shows the Markdown with
    /// `window/showDocument` when the client supports it, else a summary with `window/showMessage`.
    func migrationPlan(_ args: [JSON]) async throws(LSPError) -> JSON {
        let given = args.first?.string ?? args.first?["root"]?.string
        guard let root = given.map({ URIPath.path($0) ?? $0 }) ?? workspace.roots.first else {
            throw .invalidParams("isolint.migrationPlan takes a folder (no workspace folder is open)")
        }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDir), isDir.boolValue else {
            throw .invalidParams("isolint.migrationPlan: no such folder: \(root)")
        }
        var overrides: [String: [UInt8]] = [:]
        for doc in documents.values where WorkspaceState.path(doc.path, isUnder: root) {
            overrides[doc.path] = await doc.currentSource.bytes
        }
        let configuration = workspace.configuration(for: root + "/")
        let plan = await MigrationPlanner.plan(directory: root, configuration: configuration, overrides: overrides)
        let markdown = PlanReport.markdown(plan)
        await show(plan, markdown: markdown)
        return .object([("json", PlanReport.json(plan)), ("markdown", .string(markdown))])
    }

    /// The Markdown in the editor (written to a file in the temporary folder), or a one-line
    /// summary as a message.
    func show(_ plan: MigrationPlan, markdown: String) async {
        if capabilities.showDocument {
            // One file per folder: the name carries an FNV-1a hash of its path.
            var hash: UInt32 = 2_166_136_261
            for b in plan.root.utf8 { hash = (hash ^ UInt32(b)) &* 16_777_619 }
            let name = "isolint-migration-plan-\(String(hash, radix: 16)).md"
            let path = NSTemporaryDirectory() + (NSTemporaryDirectory().hasSuffix("/") ? "" : "/") + name
            if FileManager.default.createFile(atPath: path, contents: Data(markdown.utf8)) {
                _ = await request(ShowDocumentRequest(uri: URIPath.uri(path), takeFocus: true))
                return
            }
        }
        let steps = plan.targets.prefix(8).enumerated().map { "\($0 + 1). \($1.name) (\($1.next.rawValue))" }
        let more = plan.targets.count > 8 ? " … \(plan.targets.count - 8) more" : ""
        let message = "isolint migration plan: " + steps.joined(separator: ", ") + more
        notify(ShowMessageNotification(type: 3, message: message))
    }
}
