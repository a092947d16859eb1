import Foundation
import IsolintRules

/// `isolint plan [DIR] [--format text|json|markdown|dot|mermaid]`: the module graph of every
/// Package.swift and Xcode project under DIR, each target linted, in the order of work.
enum PlanCommand {
    static let help = """
        USAGE: isolint plan [DIR] [--format text|json|markdown|dot|mermaid] [--config FILE]

        Reads every Package.swift and *.xcodeproj under DIR (default .), lints each target, and
        prints the order of work — leaves first, the app last — with each target's language
        mode, checking level, default isolation, findings by severity, next step ("turn on
        complete checking", "fix to zero", "flip to Swift 6", "done") and what it blocks.
        Without a manifest, DIR is one target.
          --format text       a table (default)
          --format json       the documented contract (README: "The migration plan as JSON")
          --format markdown   a table and a Mermaid graph, for a pull request
          --format dot        the graph for Graphviz, coloured by readiness
          --format mermaid    the same graph for Mermaid
        Exit 0: planned; 2: usage error, DIR missing, or a manifest or project that could not be
        read (named with its line on stderr; the rest is planned).
        """

    static func run(_ args: [String]) async -> Int32 {
        var directory: String?
        var format = PlanReport.Format.text
        var config: String?
        var k = 0
        while k < args.count {
            let a = args[k]
            switch a {
            case "-h", "--help":
                print(help)
                return 0
            case "--format", "--config":
                guard k + 1 < args.count else {
                    printErr("isolint plan: \(a) needs a value")
                    return 2
                }
                k += 1
                if a == "--config" {
                    config = args[k]
                } else if let f = PlanReport.Format(rawValue: args[k]) {
                    format = f
                } else {
                    printErr("isolint plan: --format takes text, json, markdown, dot or mermaid (got '\(args[k])')")
                    return 2
                }
            default:
                if a.hasPrefix("-") {
                    printErr("isolint plan: unknown option '\(a)'\n\n\(help)")
                    return 2
                }
                guard directory == nil else {
                    printErr("isolint plan: expected one DIR (got '\(directory ?? "")' and '\(a)')")
                    return 2
                }
                directory = a
            }
            k += 1
        }
        let fm = FileManager.default
        let cwd = fm.currentDirectoryPath
        let dir = absolute(directory ?? ".", cwd: cwd)
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            printErr("isolint plan: no such directory: \(directory ?? ".")")
            return 2
        }
        var configuration = Configuration()
        if let path = config ?? WorkspaceSettings.findConfiguration(from: dir) {
            guard fm.fileExists(atPath: path) else {
                printErr("isolint plan: config file not found: \(path)")
                return 2
            }
            let (c, problems) = WorkspaceSettings.loadConfiguration(path, knownRules: RuleCatalog.knownIDs)
            configuration = c
            for p in problems { printErr("isolint: config: \(p) (ignored)") }
        }
        let plan = await MigrationPlanner.plan(directory: dir, configuration: configuration)
        for p in plan.problems { printErr("isolint plan: \(p)") }
        FileHandle.standardOutput.write(Data(PlanReport.render(plan, format: format).utf8))
        return plan.problems.isEmpty ? 0 : 2
    }
}
