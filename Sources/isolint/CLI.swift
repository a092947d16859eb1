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
                                     --format text|json|sarif|github|xcode   (default text)
                                     --fail-on error|warning|info|never      (default error)
                                     --config FILE   (default: nearest .isolint.json)
                                     Exit 0: nothing at or above --fail-on; 1: findings;
                                     2: usage error or a path that cannot be read.
      lsp                            The language server on stdin/stdout (LSP 3.17 subset).
      rules                          List the rules with their default severity.
      explain RULE                   Explain a rule: why it matters, which fix when.
      dump decls|tokens|tree FILE…   Print what the parser sees (one line per declaration
                                     and closure: KIND<TAB>LINE:COL<TAB>NAME).
      bench PATH… [--lint]           Lex and parse (with --lint: lint) every .swift file under
                                     PATH; compare with the compiler's parser
                                     (swift-frontend -frontend -parse) on the same files.
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
