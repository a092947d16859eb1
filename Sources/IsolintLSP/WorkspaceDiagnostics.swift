import Foundation
import IsolintRules
import IsolintSyntax

/// The last report of a workspace file that is not open, valid while the file's modification
/// time and size and the workspace generation stay the same.
struct DiskReport: Sendable {
    var stamp: FileStamp
    var generation: Int
    var resultID: String
    var items: [Diagnostic]
}

struct FileStamp: Sendable, Equatable {
    var modified: Double
    var size: Int

    init?(path: String) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let date = attributes[.modificationDate] as? Date
        else { return nil }
        modified = date.timeIntervalSince1970
        size = (attributes[.size] as? NSNumber)?.intValue ?? -1
    }
}

extension LanguageServer {
    /// `workspace/diagnostic`: open documents from their current analysis (with their version),
    /// every other indexed file linted from disk (version null). Files unchanged since the last
    /// pull are not linted again; a report whose result id the client sent back is `unchanged`.
    func workspaceDiagnostic(_ params: WorkspaceDiagnosticRequest) async throws(LSPError)
        -> WorkspaceDiagnosticRequest.Report
    {
        var previous: [String: String] = [:]
        for p in params.previousResultIds ?? [] { previous[p.uri] = p.value }
        func report(uri: String, version: Int?, resultID: String, items: [Diagnostic])
            -> WorkspaceDiagnosticRequest.DocumentReport
        {
            if previous[uri] == resultID {
                return .init(uri: uri, version: version, kind: "unchanged", resultId: resultID, items: nil)
            }
            return .init(uri: uri, version: version, kind: "full", resultId: resultID, items: items)
        }
        var reports: [WorkspaceDiagnosticRequest.DocumentReport] = []
        var openPaths: Set<String> = []
        for (uri, doc) in documents.sorted(by: { $0.key < $1.key }) {
            openPaths.insert(doc.path)
            guard let a = await currentAnalysis(doc) else { continue }
            let items = diagnostics(a, uri: uri, path: doc.path)
            reports.append(
                report(uri: uri, version: a.version, resultID: Self.resultID(a.version, items), items: items))
        }

        let generation = workspace.generation
        var stale: [(path: String, stamp: FileStamp)] = []
        var current: [String: DiskReport] = [:]
        for path in workspace.parts.keys.sorted()
        where !openPaths.contains(path) && !workspace.configuration(for: path).isExcluded(path) {
            guard let stamp = FileStamp(path: path) else { continue }
            if let cached = diskReports[path], cached.stamp == stamp, cached.generation == generation {
                current[path] = cached
            } else {
                stale.append((path, stamp))
            }
        }
        let linted = await lintFromDisk(stale.map(\.path))
        for (path, stamp) in stale {
            guard let items = linted[path] else { continue }
            current[path] = DiskReport(
                stamp: stamp, generation: generation, resultID: Self.resultID(0, items), items: items)
        }
        diskReports = current
        for (path, r) in current.sorted(by: { $0.key < $1.key }) {
            reports.append(report(uri: URIPath.uri(path), version: nil, resultID: r.resultID, items: r.items))
        }
        return .init(items: reports)
    }

    /// Lints files as they are on disk against the workspace index, on every core; returns each
    /// readable file's diagnostics.
    func lintFromDisk(_ paths: [String]) async -> [String: [Diagnostic]] {
        guard !paths.isEmpty else { return [:] }
        let index = workspace.merged
        let encoding = self.encoding
        let jobs = paths.map { (path: $0, settings: workspace.settings.settings(for: $0), tools: tools(for: $0)) }
        return await withTaskGroup(of: (String, [Diagnostic]?).self) { group in
            for (path, settings, (linter, writer)) in jobs {
                group.addTask {
                    guard case .success(let source) = Pipeline.read(path: path) else { return (path, nil) }
                    let tree = Pipeline.parse(source)
                    let findings = linter.lint(tree, index: index, settings: settings)
                    let positions = Positions(source: tree.source, encoding: encoding)
                    let uri = URIPath.uri(path)
                    return (
                        path,
                        findings.enumerated().map {
                            writer.diagnostic($1, index: $0, uri: uri, version: 0, positions)
                        }
                    )
                }
            }
            var out: [String: [Diagnostic]] = [:]
            for await (path, items) in group { if let items { out[path] = items } }
            return out
        }
    }
}
