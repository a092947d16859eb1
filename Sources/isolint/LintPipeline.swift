import Foundation
import IsolintRules
import IsolintSyntax

/// The two passes of `isolint lint`, shared with `isolint bench --lint`: read, parse and index
/// every file; merge the index; run the rules. Both passes spread over `workers` tasks.
enum LintPipeline {
    struct ParsedFile: Sendable {
        var path: String
        var tree: SyntaxTree?
        var index: WorkspaceIndex?
        var settings: TargetSettings?
        var problem: String?
    }

    /// Reports for the files that could be read, and (path, problem) for those that could not.
    static func run(
        files: [String], cwd: String, configuration: Configuration, workers: Int? = nil,
        progress: Progress? = nil
    ) async -> ([FileReport], [(String, String)]) {
        var settings = WorkspaceSettings(configuration: configuration)
        settings.load(for: files.map { absolute($0, cwd: cwd) })
        let frozenSettings = settings
        let parsed = await parallelMap(files, workers: workers) { path -> ParsedFile in
            guard let data = FileManager.default.contents(atPath: path) else {
                return ParsedFile(path: path, problem: "cannot be read")
            }
            let bytes = [UInt8](data)
            if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
                return ParsedFile(path: path, problem: "is UTF-16; isolint reads UTF-8 source")
            }
            if String(validating: bytes, as: UTF8.self) == nil {
                return ParsedFile(path: path, problem: "is not valid UTF-8")
            }
            let tree = SyntaxTree.parse(SourceFile(path: path, bytes: bytes))
            return ParsedFile(
                path: path, tree: tree, index: IndexBuilder.index(tree),
                settings: frozenSettings.settings(for: absolute(path, cwd: cwd)))
        }
        var index = WorkspaceIndex()
        var problems: [(String, String)] = []
        for p in parsed {
            if let problem = p.problem { problems.append((p.path, problem)) }
            if let i = p.index { index.merge(i) }
        }
        index.finalize()
        let linter = Linter(configuration: configuration)
        let frozenIndex = index
        let reports = await parallelMap(parsed, workers: workers) { p -> FileReport? in
            guard let tree = p.tree, let s = p.settings else { return nil }
            let findings = linter.lint(tree, index: frozenIndex, settings: s)
            progress?.tick()
            return FileReport(path: p.path, source: tree.source, findings: findings)
        }.compactMap { $0 }
        return (reports, problems)
    }
}
