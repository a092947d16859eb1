import Foundation
import IsolintRules
import IsolintSyntax

/// `isolint lint [PATH…]`: index every file, then run the rules, both passes over all cores.
enum LintCommand {
    struct Options {
        var paths: [String] = []
        /// nil: `full` when stdout is a terminal, else `text`.
        var format: OutputFormat?
        var failOn: Severity? = .error
        var config: String?
        var baseline: String?
        var writeBaseline: String?
        /// Written after a run that could read every file, for build systems that track outputs: the
        /// summary line as a `//` comment, so a build that compiles its plugins' outputs compiles it
        /// to nothing (a file of another kind would become a resource).
        var stamp: String?
        var progress = true
        /// Cores to lint on; nil: all.
        var jobs: Int?
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
                    printErr("isolint lint: --format takes text, full, json, sarif, github or xcode (got '\(v)')")
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
            case "--baseline":
                guard let v = value(a) else { return nil }
                o.baseline = v
            case "--write-baseline":
                guard let v = value(a) else { return nil }
                o.writeBaseline = v
            case "--stamp":
                guard let v = value(a) else { return nil }
                o.stamp = v
            case "--no-progress":
                o.progress = false
            case "--jobs", "-j":
                guard let v = value(a) else { return nil }
                guard let n = Int(v), n > 0 else {
                    printErr("isolint lint: \(a) takes a positive whole number (got '\(v)')")
                    return nil
                }
                o.jobs = n
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
        var clock = PhaseClock()
        let fm = FileManager.default
        let cwd = fm.currentDirectoryPath
        guard let (configuration, files) = CommandInputs.load(options.paths, config: options.config, command: "lint")
        else { return 2 }
        clock.lap("configuration and the files to lint")
        let progress = Progress(total: files.count, enabled: options.progress && isatty(2) != 0)
        let (reports, problems) = await LintPipeline.run(
            files: files, cwd: cwd, configuration: configuration, workers: options.jobs, progress: progress,
            keepIndexUntilExit: true)
        progress.finish()
        clock.lap("the run (as above)")
        for (path, problem) in problems { printErr("isolint: \(path) \(problem); skipped") }
        let ioError = !problems.isEmpty

        var shown = reports
        if let path = options.writeBaseline {
            let baseline = Baseline(reports) { baselineKey($0, baseline: path, cwd: cwd) }
            guard fm.createFile(atPath: path, contents: Data(baseline.json().utf8)) else {
                printErr("isolint lint: cannot write the baseline to \(path)")
                return 2
            }
            printErr(
                "isolint: wrote \(baseline.total) finding\(baseline.total == 1 ? "" : "s") to the baseline \(path)")
        }
        if let path = options.baseline {
            guard let bytes = readFileBytes(path) else { return 2 }
            let baseline: Baseline
            do {
                baseline = try Baseline.parse(bytes)
            } catch {
                printErr("isolint lint: baseline \(path): \(error)")
                return 2
            }
            let (fresh, stale) = baseline.newFindings(reports) { baselineKey($0, baseline: path, cwd: cwd) }
            shown = fresh
            let known = reports.reduce(0) { $0 + $1.findings.count } - fresh.reduce(0) { $0 + $1.findings.count }
            var note = "isolint: \(known) finding\(known == 1 ? "" : "s") in the baseline \(path) not shown"
            if stale > 0 {
                note += "; \(stale) baseline entr\(stale == 1 ? "y is" : "ies are") fixed (--write-baseline to drop)"
            }
            printErr(note)
        }
        let terminal = isatty(1) != 0
        let format = options.format ?? (terminal ? .full : .text)
        let color = terminal && format == .full && !noColor()
        let output = Reporter.render(
            shown.filter { !$0.findings.isEmpty || format == .text || format == .full }, format: format,
            filesScanned: reports.count, color: color, absolutePath: { absolute($0, cwd: cwd) })
        FileHandle.standardOutput.write(Data(output.utf8))
        clock.lap("report (\(format.rawValue))")
        if ioError { return 2 }
        if let stamp = options.stamp,
            !fm.createFile(
                atPath: stamp,
                contents: Data(("// isolint: " + Reporter.summaryLine(shown, filesScanned: reports.count)).utf8))
        {
            printErr("isolint lint: cannot write \(stamp)")
            return 2
        }
        // Writing a baseline records today's findings: the run that writes one passes.
        if options.writeBaseline != nil { return 0 }
        if let threshold = options.failOn,
            shown.contains(where: { $0.findings.contains { $0.severity >= threshold } })
        {
            return 1
        }
        return 0
    }
}

/// `NO_COLOR` set to anything but the empty string turns colour off (no-color.org).
func noColor() -> Bool {
    guard let v = ProcessInfo.processInfo.environment["NO_COLOR"] else { return false }
    return !v.isEmpty
}

/// A report's path as a baseline records it: relative to the directory holding the baseline.
func baselineKey(_ path: String, baseline: String, cwd: String) -> String {
    let dir = (absolute(baseline, cwd: cwd) as NSString).deletingLastPathComponent
    return relative(absolute(path, cwd: cwd), to: dir == "/" ? "" : dir)
}

/// An absolute, lexically normalised path (`.` and `..` folded). Symlinks are left alone: resolving
/// them costs a readlink per component and per file.
func absolute(_ path: String, cwd: String) -> String {
    let p = path.hasPrefix("/") ? path : cwd + "/" + path
    // Most paths need no folding (splitting and joining each cost a run of 3,600 files 1%).
    if SwiftFiles.isNormalized(p) { return p }
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
