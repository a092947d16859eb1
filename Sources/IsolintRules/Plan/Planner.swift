/// `isolint plan` and the language server's `isolint.migrationPlan`: discover the module graph,
/// lint every target's files through the one pipeline, and order the work.
public enum MigrationPlanner {
    /// The plan for `directory` (absolute). `overrides` holds the text of files that differ from
    /// disk (the language server's open documents).
    public static func plan(
        directory: String, configuration: Configuration, overrides: [String: [UInt8]] = [:], workers: Int? = nil
    ) async -> MigrationPlan {
        let (targets, problems) = ModuleGraph.discover(directory: directory, configuration: configuration)
        // Each file is linted once, with the settings of the first target holding it; its
        // findings count for every target that holds it.
        var inputs: [Pipeline.Input] = []
        var seen = Set<String>()
        for t in targets {
            for f in t.files where seen.insert(f).inserted {
                inputs.append(Pipeline.Input(path: f, settings: t.settings, bytes: overrides[f]))
            }
        }
        let run = await Pipeline.run(inputs, linter: Linter(configuration: configuration), workers: workers)
        var counts: [String: [Severity: Int]] = [:]
        for report in run.reports {
            var c: [Severity: Int] = [:]
            for f in report.findings { c[f.severity, default: 0] += 1 }
            counts[report.path] = c
        }
        let counted = targets.map { t -> PlanTarget in
            var t = t
            for f in t.files {
                for (severity, n) in counts[f] ?? [:] { t.findings[severity, default: 0] += n }
            }
            return t
        }
        var all = problems
        for (path, problem) in run.problems {
            all.append(PlanProblem(file: path, line: nil, message: "\(problem); not linted"))
        }
        return MigrationPlan(root: directory, targets: counted, problems: all)
    }
}
