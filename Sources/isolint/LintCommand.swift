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
                if v == "never" { o.failOn = nil } else if let s = Severity(rawValue: v), s != .hint { o.failOn = s } else {
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
        let fm = FileManager.default
        let cwd = fm.currentDirectoryPath
        for p in options.paths where !fm.fileExists(atPath: p) {
            printErr("isolint lint: no such file or directory: \(p)")
            return 2
        }
        // Configuration: --config, else the nearest .isolint.json above the first path.
        let knownRules = Set(RuleCatalog.descriptors.map(\.id)).union(RuleCatalog.catalogIDs)
        var configuration = Configuration()
        let firstDir = absolute(options.paths[0], cwd: cwd)
        var isDir: ObjCBool = false
        _ = fm.fileExists(atPath: firstDir, isDirectory: &isDir)
        let configPath = options.config ?? WorkspaceSettings.findConfiguration(from: isDir.boolValue ? firstDir : (firstDir as NSString).deletingLastPathComponent)
        if let configPath {
            if options.config != nil, !fm.fileExists(atPath: configPath) {
                printErr("isolint lint: config file not found: \(configPath)")
                return 2
            }
            let (c, problems) = WorkspaceSettings.loadConfiguration(configPath, knownRules: knownRules)
            configuration = c
            for p in problems { printErr("isolint: config: \(p) (ignored)") }
        }
        let root = isDir.boolValue ? firstDir : (firstDir as NSString).deletingLastPathComponent
        let files: [String]
        do {
            files = try SwiftFiles.collect(options.paths) { path in
                configuration.isExcluded(relative(absolute(path, cwd: cwd), to: root))
            }
        } catch {
            printErr("isolint lint: no such file or directory: \(error.path)")
            return 2
        }
        var settings = WorkspaceSettings(configuration: configuration)
        settings.load(for: files.map { absolute($0, cwd: cwd) })
        let progress = Progress(total: files.count, enabled: options.progress && isatty(2) != 0)

        // Pass 1: read, parse and index every file.
        let frozenSettings = settings
        let parsed = await parallelMap(files) { path -> ParsedFile in
            guard let data = FileManager.default.contents(atPath: path) else { return ParsedFile(path: path, problem: "cannot be read") }
            let bytes = [UInt8](data)
            if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
                return ParsedFile(path: path, problem: "is UTF-16; isolint reads UTF-8 source")
            }
            if String(validating: bytes, as: UTF8.self) == nil { return ParsedFile(path: path, problem: "is not valid UTF-8") }
            let tree = SyntaxTree.parse(SourceFile(path: path, bytes: bytes))
            return ParsedFile(path: path, tree: tree, index: IndexBuilder.index(tree),
                              settings: frozenSettings.settings(for: absolute(path, cwd: cwd)))
        }
        var index = WorkspaceIndex()
        var ioError = false
        for p in parsed {
            if let problem = p.problem {
                printErr("isolint: \(p.path) \(problem); skipped")
                ioError = true
            }
            if let i = p.index { index.merge(i) }
        }
        index.finalize()

        // Pass 2: rules.
        let linter = Linter(configuration: configuration)
        let frozenIndex = index
        let counter = progress
        let reports = await parallelMap(parsed) { p -> FileReport? in
            guard let tree = p.tree, let s = p.settings else { return nil }
            let findings = linter.lint(tree, index: frozenIndex, settings: s)
            counter.tick()
            return FileReport(path: p.path, source: tree.source, findings: findings)
        }.compactMap { $0 }
        progress.finish()

        let output = Reporter.render(reports.filter { !$0.findings.isEmpty || options.format == .text }, format: options.format,
                                     filesScanned: reports.count, absolutePath: { absolute($0, cwd: cwd) })
        FileHandle.standardOutput.write(Data(output.utf8))
        if ioError { return 2 }
        if let threshold = options.failOn, reports.contains(where: { $0.findings.contains { $0.severity >= threshold } }) { return 1 }
        return 0
    }

    struct ParsedFile: Sendable {
        var path: String
        var tree: SyntaxTree?
        var index: WorkspaceIndex?
        var settings: TargetSettings?
        var problem: String?
        init(path: String, problem: String) {
            self.path = path
            self.problem = problem
        }
        init(path: String, tree: SyntaxTree, index: WorkspaceIndex, settings: TargetSettings) {
            self.path = path
            self.tree = tree
            self.index = index
            self.settings = settings
        }
    }
}

func absolute(_ path: String, cwd: String) -> String {
    let p = path.hasPrefix("/") ? path : cwd + "/" + path
    return (p as NSString).standardizingPath
}

func relative(_ path: String, to root: String) -> String {
    path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
}

/// Maps over all cores with structured concurrency, keeping input order.
func parallelMap<T: Sendable, R: Sendable>(_ items: [T], _ transform: @escaping @Sendable (T) -> R) async -> [R] {
    let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, items.count))
    return await withTaskGroup(of: [(Int, R)].self) { group in
        for w in 0..<workers {
            group.addTask {
                var out: [(Int, R)] = []
                var i = w
                while i < items.count {
                    out.append((i, transform(items[i])))
                    i += workers
                }
                return out
            }
        }
        var results = [R?](repeating: nil, count: items.count)
        for await chunk in group {
            for (i, r) in chunk { results[i] = r }
        }
        return results.compactMap { $0 }
    }
}
