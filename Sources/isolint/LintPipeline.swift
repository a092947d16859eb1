import Foundation
import IsolintRules
import IsolintSyntax

/// The command line's use of the one pipeline (`Pipeline.run`): target settings from each
/// file's Package.swift (or `.isolint.json`), shared with `isolint bench --lint`.
enum LintPipeline {
    /// Reports for the files that could be read, and (path, problem) for those that could not.
    static func run(
        files: [String], cwd: String, configuration: Configuration, workers: Int? = nil, progress: Progress? = nil
    ) async -> ([FileReport], [(String, String)]) {
        var settings = WorkspaceSettings(configuration: configuration)
        settings.load(for: files.map { absolute($0, cwd: cwd) })
        // Settings depend on the file's directory only: look them up once per directory.
        var byDirectory: [Substring: TargetSettings] = [:]
        let inputs = files.map { path -> Pipeline.Input in
            let full = absolute(path, cwd: cwd)
            let directory = full[..<(full.lastIndex(of: "/") ?? full.endIndex)]
            if let s = byDirectory[directory] { return Pipeline.Input(path: path, settings: s) }
            let s = settings.settings(for: full)
            byDirectory[directory] = s
            return Pipeline.Input(path: path, settings: s)
        }
        var tick: (@Sendable () -> Void)?
        if let progress { tick = { progress.tick() } }
        let result = await Pipeline.run(
            inputs, linter: Linter(configuration: configuration), workers: workers, progress: tick)
        let reports = result.reports
        let problems = result.problems
        return (reports, problems.map { ($0.path, $0.problem.description) })
    }
}
