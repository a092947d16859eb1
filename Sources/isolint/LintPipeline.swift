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
        let inputs = files.map { Pipeline.Input(path: $0, settings: settings.settings(for: absolute($0, cwd: cwd))) }
        var tick: (@Sendable () -> Void)?
        if let progress { tick = { progress.tick() } }
        let result = await Pipeline.run(
            inputs, linter: Linter(configuration: configuration), workers: workers, progress: tick)
        let reports = result.reports
        let problems = result.problems
        return (reports, problems.map { ($0.path, $0.problem.description) })
    }
}
