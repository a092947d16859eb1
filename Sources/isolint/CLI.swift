import Foundation
import IsolintLSP
import IsolintRules
import IsolintSyntax

extension CommandLine {
    /// Dispatches a command line; returns the process exit code.
    static func run(_ args: [String]) async -> Int32 {
        guard let command = args.first else {
            printErr(usage)
            return 2
        }
        let rest = Array(args.dropFirst())
        switch command {
        case "-h", "--help", "help":
            print(usage)
            return 0
        case "--version", "version":
            print("isolint \(isolintVersionString)")
            return 0
        case "lint":
            return await LintCommand.run(rest)
        case "fix":
            return await FixCommand.run(rest)
        case "plan":
            return await PlanCommand.run(rest)
        case "rules":
            return RulesCommand.list(rest)
        case "explain":
            return RulesCommand.explain(rest)
        case "lsp":
            if let extra = rest.first(where: { $0 != "--stdio" }) {
                printErr("isolint lsp: unexpected argument '\(extra)' (the server speaks LSP on stdin/stdout)")
                return 2
            }
            return await LanguageServerSession.run()
        case "dump":
            return DumpCommand.run(rest)
        case "bench":
            return await BenchCommand.run(rest)
        default:
            printErr("isolint: unknown command '\(command)'\n\n\(usage)")
            return 2
        }
    }
}

let usage = """
    USAGE: isolint <command> [options]

    Commands:
      lint [PATH…]                   Report Swift 6 concurrency hazards (default PATH: .).
                                     --format full|text|json|sarif|github|xcode
                                       (default: full on a terminal — the source, a caret,
                                       the fixes, colour unless NO_COLOR is set — else text,
                                       one line per finding)
                                     --fail-on error|warning|info|never      (default error)
                                     --config FILE   (default: nearest .isolint.json)
                                     --baseline FILE        report only findings not in FILE
                                     --write-baseline FILE  record today's findings in FILE
                                     --stamp FILE   write the summary as a // comment to FILE
                                                    (for build systems that track outputs)
                                     --jobs N       lint on N cores (default: all)
                                     Exit 0: nothing at or above --fail-on; 1: findings;
                                     2: usage error or a path that cannot be read.
      fix [PATH…]                    Apply every preferred fix, linting again until nothing
                                     changes; each file replaced atomically (mode, line endings
                                     and BOM kept). Placeholder fixes are listed, not applied.
                                     --dry-run (a unified diff, nothing written)
                                     --rule ID… (only these rules)  --unsafe-fixes (placeholders too)
                                     --format text|json  --fail-on …  --config FILE
                                     Exit as lint, on what remains; 2 also when a file could not
                                     be written (read-only, or changed on disk meanwhile).
      plan [DIR]                     The migration plan: every Package.swift and Xcode project
                                     under DIR, each target linted, leaves first, the app last.
                                     --format text|json|markdown|dot|mermaid   (default text)
                                     Exit 2 when a manifest or project is malformed (named with
                                     its line; the rest is planned).
      lsp                            The language server on stdin/stdout (LSP 3.17 subset).
      rules [--format text|json|markdown|schema]
                                     List the rules: id, default severity, summary, compiler
                                     diagnostic group (markdown: the rule reference; schema:
                                     the JSON Schema of .isolint.json).
      explain RULE                   Explain a rule: why it matters, which fix when, before and
                                     after. An unknown id exits 2 with the closest ids.
      dump decls|tokens|tree FILE…   Print what the parser sees (one line per declaration
                                     and closure: KIND<TAB>LINE:COL<TAB>NAME).
      bench PATH… [--lint] [--repeat N] [--no-reference]
                                     Lex and parse (with --lint: lint, as its own process) every
                                     .swift file under PATH; compare with the compiler's parser
                                     (swift-frontend -frontend -parse) on the same files.
      bench --keystrokes FILE | --scaling FILE
                                     One keystroke in the language server, phase by phase; or
                                     each rule's cost when FILE doubles (exit 1: superlinear).
      help                           Show this help.
      version                        Show the version.
    """

func printErr(_ s: String) {
    FileHandle.standardError.write(Data((s + "\n").utf8))
}

/// Reads a file's bytes, or nil with a message on stderr.
func readFileBytes(_ path: String) -> [UInt8]? {
    guard let data = FileManager.default.contents(atPath: path) else {
        printErr("isolint: cannot read '\(path)'")
        return nil
    }
    return [UInt8](data)
}
