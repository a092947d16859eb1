import Foundation
import IsolintRules
import IsolintSyntax

/// The command line's use of the one pipeline (`Pipeline.run`): target settings from each
/// file's Package.swift (or `.isolint.json`), shared with `isolint bench --lint`.
enum LintPipeline {
    /// Reports for the files that could be read, and (path, problem) for those that could not. A
    /// report without findings carries no source text (nothing prints it; memory).
    static func run(
        files: [String], cwd: String, configuration: Configuration, workers: Int? = nil, progress: Progress? = nil,
        keepIndexUntilExit: Bool = false
    ) async -> ([FileReport], [(String, String)]) {
        var clock = PhaseClock()
        // With a spare core, the first files are parsed while the settings are read (one core,
        // tens of milliseconds): those the run keeps anyway, so nothing is done twice.
        let cores = workers ?? ProcessInfo.processInfo.activeProcessorCount
        let prefetch = cores > 1 ? TreePrefetch(paths: files) : nil
        async let prefetching: Void? = prefetch?.run()
        let inputs = self.inputs(files: files, cwd: cwd, configuration: configuration)
        prefetch?.stop()
        _ = await prefetching
        clock.lap("target settings (manifests, Xcode projects), the first files parsed meanwhile")
        var tick: (@Sendable () -> Void)?
        if let progress { tick = { progress.tick() } }
        let result = await Pipeline.run(
            inputs, linter: Linter(configuration: configuration), workers: workers, progress: tick, keepSources: false,
            prefetched: prefetch?.shelf)
        let reports = result.reports
        let problems = result.problems
        if keepIndexUntilExit { _ = Unmanaged.passRetained(KeptUntilExit(result.index)) }
        return (reports, problems.map { ($0.path, $0.problem.description) })
    }

    /// An index never freed (`keepIndexUntilExit`: a process that ends after this run). Freeing a
    /// large workspace's index takes tens of milliseconds on one core, one small allocation at a
    /// time, which the exit does at no cost (what the compiler's `-disable-free` does).
    private final class KeptUntilExit: Sendable {
        let index: WorkspaceIndex
        init(_ index: WorkspaceIndex) { self.index = index }
    }

    /// Each file with its target's settings (read from the Package.swift above it, else from
    /// the configuration).
    static func inputs(files: [String], cwd: String, configuration: Configuration) -> [Pipeline.Input] {
        var settings = WorkspaceSettings(configuration: configuration)
        let absolutes = files.map { absolute($0, cwd: cwd) }
        settings.load(for: absolutes)
        // Settings usually depend on the file's directory only: look them up once per directory.
        // Files come sorted, a folder's together: most have the previous file's folder.
        var byDirectory: [Substring: TargetSettings] = [:]
        var last: (directory: Substring, settings: TargetSettings)?
        return zip(files, absolutes).map { path, full -> Pipeline.Input in
            guard settings.settingsDependOnFolderOnly(full) else {
                return Pipeline.Input(path: path, settings: settings.settings(for: full))
            }
            let directory = full[..<(full.lastIndexASCII(UInt8(ascii: "/")) ?? full.endIndex)]
            if let last, last.directory == directory { return Pipeline.Input(path: path, settings: last.settings) }
            let s = byDirectory[directory] ?? settings.settings(for: full)
            byDirectory[directory] = s
            last = (directory, s)
            return Pipeline.Input(path: path, settings: s)
        }
    }
}

/// What `lint` and `fix` start from: the configuration (`--config`, else the nearest
/// `.isolint.json` above the first path) and the Swift files under the paths, less `exclude`.
enum CommandInputs {
    /// Nil (after saying why on stderr) on a path or configuration file that does not exist.
    static func load(_ paths: [String], config: String?, command: String) -> (Configuration, [String])? {
        let fm = FileManager.default
        let cwd = fm.currentDirectoryPath
        var configuration = Configuration()
        let firstDir = absolute(paths.first ?? ".", cwd: cwd)
        var isDir: ObjCBool = false
        _ = fm.fileExists(atPath: firstDir, isDirectory: &isDir)
        let root = isDir.boolValue ? firstDir : parentDirectory(firstDir)
        let configPath = config ?? WorkspaceSettings.findConfiguration(from: root)
        if let configPath {
            if config != nil, !fm.fileExists(atPath: configPath) {
                printErr("isolint \(command): config file not found: \(configPath)")
                return nil
            }
            let (c, problems) = WorkspaceSettings.loadConfiguration(configPath, knownRules: RuleCatalog.knownIDs)
            configuration = c
            for p in problems { printErr("isolint: config: \(p) (ignored)") }
        }
        do {
            let excludes = !configuration.exclude.isEmpty
            let files = try SwiftFiles.collect(paths) { path in
                excludes && configuration.isExcluded(relative(absolute(path, cwd: cwd), to: root))
            }
            return (configuration, files)
        } catch {
            printErr("isolint \(command): no such file or directory: \(error.path)")
            return nil
        }
    }
}
