import Foundation
import IsolintRules
import IsolintSyntax

/// `isolint fix [PATH…]`: applies every preferred fix in passes (the shared `FixEngine`), then
/// writes each changed file atomically, or prints a unified diff with `--dry-run`.
enum FixCommand {
    struct Options {
        var paths: [String] = []
        var dryRun = false
        var rules: Set<String>?
        var unsafeFixes = false
        var format = "text"
        var failOn: Severity? = .error
        var config: String?
    }

    static let help = """
        USAGE: isolint fix [PATH…] [--dry-run] [--rule ID…] [--unsafe-fixes] [--format text|json]
                           [--fail-on error|warning|info|never] [--config FILE]

        Applies every preferred fix, linting again until nothing changes (at most 10 passes).
        Fixes that insert a placeholder for a person to complete are listed, not applied,
        unless --unsafe-fixes is given. Each file is replaced atomically, keeping its
        permissions, line endings and byte order mark; a file that changed on disk since it was
        read, or is read-only, is left alone with a message.
          --dry-run        print a unified diff and write nothing
          --rule ID        fix only these rules (repeat it, or list ids: --rule a,b)
          --unsafe-fixes   also apply fixes that need review
          --format json    report what was (or would be) applied as JSON
        Exit 0: no finding remains at or above --fail-on (default error); 1: some do;
        2: usage error, or a file could not be read or written.
        """

    static func parse(_ args: [String]) -> Options? {
        var o = Options()
        var k = 0
        func value(_ flag: String) -> String? {
            guard k + 1 < args.count else {
                printErr("isolint fix: \(flag) needs a value")
                return nil
            }
            k += 1
            return args[k]
        }
        while k < args.count {
            let a = args[k]
            switch a {
            case "--dry-run", "--diff":
                o.dryRun = true
            case "--unsafe-fixes":
                o.unsafeFixes = true
            case "--rule":
                guard let v = value(a) else { return nil }
                var ids = o.rules ?? []
                for id in v.split(separator: ",") { ids.insert(String(id).trimmingSpaces()) }
                // `--rule a b`: ids that follow until the next option.
                while k + 1 < args.count, !args[k + 1].hasPrefix("-"), RuleCatalog.knownIDs.contains(args[k + 1]) {
                    k += 1
                    ids.insert(args[k])
                }
                o.rules = ids
            case "--format":
                guard let v = value(a) else { return nil }
                guard v == "text" || v == "json" else {
                    printErr("isolint fix: --format takes text or json (got '\(v)')")
                    return nil
                }
                o.format = v
            case "--fail-on":
                guard let v = value(a) else { return nil }
                if v == "never" {
                    o.failOn = nil
                } else if let s = Severity(rawValue: v), s != .hint {
                    o.failOn = s
                } else {
                    printErr("isolint fix: --fail-on takes error, warning, info or never (got '\(v)')")
                    return nil
                }
            case "--config":
                guard let v = value(a) else { return nil }
                o.config = v
            case "--no-progress":
                break
            default:
                if a.hasPrefix("-"), a != "-" {
                    printErr("isolint fix: unknown option '\(a)'\n\n\(help)")
                    return nil
                }
                o.paths.append(a)
            }
            k += 1
        }
        if o.paths.isEmpty { o.paths = ["."] }
        return o
    }

    /// What happened to one changed file.
    struct Written {
        var fix: FileFix
        var outcome: AtomicWrite.Outcome?
    }

    static func run(_ args: [String]) async -> Int32 {
        if args.contains("-h") || args.contains("--help") {
            print(help)
            return 0
        }
        guard let options = parse(args) else { return 2 }
        if let rules = options.rules {
            let known = Set(RuleCatalog.descriptors.map(\.id))
            for id in rules.sorted() where !known.contains(id) {
                let close = RulesCommand.closest(to: id, in: known.sorted())
                let hint = close.isEmpty ? "" : " — did you mean \(close.map { "'\($0)'" }.joined(separator: " or "))?"
                printErr("isolint fix: unknown rule '\(id)'\(hint) (see 'isolint rules')")
                return 2
            }
        }
        let cwd = FileManager.default.currentDirectoryPath
        guard let (configuration, files) = CommandInputs.load(options.paths, config: options.config, command: "fix")
        else { return 2 }
        let linter = Linter(configuration: configuration)
        var inputs: [Pipeline.Input] = []
        var ioError = false
        for var input in LintPipeline.inputs(files: files, cwd: cwd, configuration: configuration) {
            switch Pipeline.read(path: input.path) {
            case .success(let source):
                input.bytes = source.bytes
                inputs.append(input)
            case .failure(let problem):
                printErr("isolint: \(input.path) \(problem); skipped")
                ioError = true
            }
        }
        let fixOptions = FixOptions(rules: options.rules, includeNeedsReview: options.unsafeFixes)
        let (fixed, problems) = await FixEngine.fix(inputs, linter: linter, options: fixOptions)
        for (path, problem) in problems {
            printErr("isolint: \(path) \(problem); skipped")
            ioError = true
        }

        holdForTests()
        var results: [Written] = []
        var diff = ""
        var folders = Set<String>()
        for f in fixed where f.changed {
            if options.dryRun {
                diff += UnifiedDiff.render(path: f.path, old: f.original, new: f.fixed)
                results.append(Written(fix: f, outcome: nil))
            } else {
                let outcome = AtomicWrite.replace(f.path, expecting: f.original, with: f.fixed)
                if let reason = outcome.reason {
                    printErr("isolint: \(f.path): not fixed: \(reason)")
                    ioError = true
                } else {
                    let target = AtomicWrite.resolved(f.path)
                    folders.insert(target.lastIndex(of: "/").map { String(target[..<$0]) } ?? ".")
                }
                results.append(Written(fix: f, outcome: outcome))
            }
        }
        AtomicWrite.flush(folders: folders)
        for f in fixed {
            for left in f.leftOut {
                printErr(
                    "isolint: \(f.path):\(left.line):\(left.column): left out '\(left.title)' [\(left.ruleID)]: "
                        + "the file would not parse as well with it")
            }
        }

        // What remains: the fixed text's findings, or, where a file was left alone, what is on disk.
        var remaining: [FileReport] = fixed.map {
            FileReport(path: $0.path, source: SourceFile(path: $0.path, bytes: $0.fixed), findings: $0.remaining)
        }
        if results.contains(where: { $0.outcome != nil && $0.outcome != .written }) {
            let (reports, _) = await LintPipeline.run(files: fixed.map(\.path), cwd: cwd, configuration: configuration)
            remaining = reports
        }

        if options.format == "json" {
            let report = json(fixed, results, remaining, dryRun: options.dryRun)
            FileHandle.standardOutput.write(Data((report.render(pretty: true) + "\n").utf8))
        } else {
            if options.dryRun { FileHandle.standardOutput.write(Data(diff.utf8)) }
            let text = summary(fixed, results, remaining, dryRun: options.dryRun, unsafe: options.unsafeFixes)
            if options.dryRun {
                FileHandle.standardError.write(Data(text.utf8))
            } else {
                FileHandle.standardOutput.write(Data(text.utf8))
            }
        }
        if ioError { return 2 }
        if let threshold = options.failOn,
            remaining.contains(where: { $0.findings.contains { $0.severity >= threshold } })
        {
            return 1
        }
        return 0
    }

    /// `rule ×2, rule` for a file's applied fixes.
    static func tally(_ applied: [AppliedFix]) -> String {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for a in applied {
            if counts[a.ruleID] == nil { order.append(a.ruleID) }
            counts[a.ruleID, default: 0] += 1
        }
        return order.map { id in counts[id].map { $0 > 1 ? "\(id) ×\($0)" : id } ?? id }.joined(separator: ", ")
    }

    static func summary(
        _ fixed: [FileFix], _ results: [Written], _ remaining: [FileReport], dryRun: Bool, unsafe: Bool
    ) -> String {
        var out = ""
        var applied = 0
        var files = 0
        for r in results where r.outcome == nil || r.outcome == .written {
            applied += r.fix.applied.count
            files += 1
            let n = r.fix.applied.count
            out += "\(r.fix.path): \(dryRun ? "would apply" : "applied") \(n) fix\(n == 1 ? "" : "es") "
            out += "(\(tally(r.fix.applied)))\n"
        }
        let pending = fixed.flatMap { f in f.needsReview.map { (f.path, $0) } }
        for (path, p) in pending {
            out += "\(path):\(p.line):\(p.column): needs review: \(p.title) [\(p.ruleID)]\n"
        }
        // The findings left, one line each, as `lint` prints them (with the summary line).
        out += Reporter.text(remaining.filter { !$0.findings.isEmpty }, filesScanned: remaining.count)
        let passes = fixed.map(\.passes).max() ?? 0
        let verb = dryRun ? "Would fix" : "Fixed"
        out += "\(verb) \(applied) finding\(applied == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s")"
        out += passes > 1 ? " (\(passes) passes).\n" : ".\n"
        if !pending.isEmpty {
            let n = pending.count
            out +=
                "\(n) fix\(n == 1 ? " needs" : "es need") review: --unsafe-fixes applies \(n == 1 ? "it" : "them").\n"
        }
        return out
    }

    static func json(_ fixed: [FileFix], _ results: [Written], _ remaining: [FileReport], dryRun: Bool) -> JSON {
        let outcome = Dictionary(results.map { ($0.fix.path, $0.outcome) }, uniquingKeysWith: { a, _ in a })
        let files = JSON.array(
            fixed.filter(\.changed).map { f in
                let result = outcome[f.path] ?? nil
                var pairs: [(String, JSON)] = [
                    ("file", .string(f.path)),
                    ("written", .bool(result == .written)),
                ]
                if let reason = result?.reason { pairs.append(("skipped", .string(reason))) }
                pairs.append(
                    (
                        "fixes",
                        .array(
                            f.applied.map { a in
                                .object([
                                    ("rule", .string(a.ruleID)), ("title", .string(a.title)), ("pass", .int(a.pass)),
                                    ("line", .int(a.line)), ("column", .int(a.column)),
                                ])
                            })
                    ))
                return .object(pairs)
            })
        let review = JSON.array(
            fixed.flatMap { f in
                f.needsReview.map { p in
                    .object([
                        ("file", .string(f.path)), ("line", .int(p.line)), ("column", .int(p.column)),
                        ("rule", .string(p.ruleID)), ("title", .string(p.title)), ("message", .string(p.message)),
                    ])
                }
            })
        return .object([
            ("dryRun", .bool(dryRun)),
            ("passes", .int(fixed.map(\.passes).max() ?? 0)),
            ("files", files),
            ("needsReview", review),
            ("remaining", .array(remaining.flatMap { r in r.findings.map { Reporter.jsonObject(r, $0) } })),
        ])
    }

    /// For the tests of what happens when a file changes between reading and writing:
    /// with `ISOLINT_FIX_HOLD=PATH`, `fix` creates PATH.ready once it has fixed everything in
    /// memory and waits (at most 10 s) for PATH.go before it writes.
    static func holdForTests() {
        guard let hold = ProcessInfo.processInfo.environment["ISOLINT_FIX_HOLD"] else { return }
        let fm = FileManager.default
        _ = fm.createFile(atPath: hold + ".ready", contents: nil)
        let deadline = Date().addingTimeInterval(10)
        while !fm.fileExists(atPath: hold + ".go"), Date() < deadline { usleep(10_000) }
    }
}
