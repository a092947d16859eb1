import Foundation
import IsolintRules
import IsolintSyntax

/// `isolint lint [PATH…]`: index every file, then run the rules, both passes over all cores.
enum LintCommand {
    struct Options {
        var paths: [String] = []
        var format: OutputFormat = .text
        var failOn: Severity? = .error
        var config: String?
        var progress = true
    }

    static func parse(_ args: [String]) -> Options? {
        var o = Options()
        var k = 0
        func value(_ flag: String) -> String? {
            guard k + 1 < args.count else {
                printErr("isolint lint: \(flag) needs a value")
                return nil
            }
            k += 1
            return args[k]
        }
        while k < args.count {
            let a = args[k]
            switch a {
            case "--format":
                guard let v = value(a) else { return nil }
                guard let f = OutputFormat(rawValue: v) else {
                    printErr("isolint lint: --format takes text, json, sarif, github or xcode (got '\(v)')")
                    return nil
                }
                o.format = f
            case "--fail-on":
                guard let v = value(a) else { return nil }
                if v == "never" {
                    o.failOn = nil
                } else if let s = Severity(rawValue: v), s != .hint {
                    o.failOn = s
                } else {
                    printErr("isolint lint: --fail-on takes error, warning, info or never (got '\(v)')")
                    return nil
                }
            case "--config":
                guard let v = value(a) else { return nil }
                o.config = v
            case "--no-progress":
                o.progress = false
            case "-h", "--help":
                print(usage)
                return nil
            default:
                if a.hasPrefix("-"), a != "-" {
                    printErr("isolint lint: unknown option '\(a)'\n\n\(usage)")
                    return nil
                }
                o.paths.append(a)
            }
            k += 1
        }
        if o.paths.isEmpty { o.paths = ["."] }
        return o
    }

    static func run(_ args: [String]) async -> Int32 {
        if args.contains("-h") || args.contains("--help") {
            print(usage)
            return 0
        }
        guard let options = parse(args) else { return 2 }
        let cwd = FileManager.default.currentDirectoryPath
        guard let (configuration, files) = CommandInputs.load(options.paths, config: options.config, command: "lint")
        else { return 2 }
        let progress = Progress(total: files.count, enabled: options.progress && isatty(2) != 0)
        let (reports, problems) = await LintPipeline.run(
            files: files, cwd: cwd, configuration: configuration, progress: progress)
        progress.finish()
        for (path, problem) in problems { printErr("isolint: \(path) \(problem); skipped") }
        let ioError = !problems.isEmpty

        let output = Reporter.render(
            reports.filter { !$0.findings.isEmpty || options.format == .text }, format: options.format,
            filesScanned: reports.count, absolutePath: { absolute($0, cwd: cwd) })
        FileHandle.standardOutput.write(Data(output.utf8))
        if ioError { return 2 }
        if let threshold = options.failOn,
            reports.contains(where: { $0.findings.contains { $0.severity >= threshold } })
        {
            return 1
        }
        return 0
    }
}

/// An absolute, lexically normalised path (`.` and `..` folded). Symlinks are left alone: resolving
/// them costs a readlink per component and per file.
func absolute(_ path: String, cwd: String) -> String {
    let p = path.hasPrefix("/") ? path : cwd + "/" + path
    var parts: [Substring] = []
    for component in p.split(separator: "/", omittingEmptySubsequences: true) {
        if component == "." { continue }
        if component == ".." { _ = parts.popLast(); continue }
        parts.append(component)
    }
    return "/" + parts.joined(separator: "/")
}

func relative(_ path: String, to root: String) -> String {
    path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
}
