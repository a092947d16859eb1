import Foundation
import IsolintRules
import IsolintSyntax

/// `isolint bench PATH…`: lexes and parses every file on one core, then times the compiler's
/// own parser (`swift-frontend -frontend -parse`, all files in one process) over the same files
/// in the same run, and prints both with their ratio. Best of `--repeat` runs for each.
enum BenchCommand {
    static func run(_ args: [String]) async -> Int32 {
        var paths: [String] = []
        var repeats = 3
        var reference = true
        var lint = false
        var keystrokes: String?
        var scaling: String?
        var edits = 200
        var k = 0
        while k < args.count {
            let a = args[k]
            switch a {
            case "--repeat", "--edits":
                guard k + 1 < args.count, let n = Int(args[k + 1]), n > 0 else {
                    printErr("isolint bench: \(a) takes a positive whole number")
                    return 2
                }
                if a == "--repeat" { repeats = n } else { edits = n }
                k += 1
            case "--no-reference":
                reference = false
            case "--lint":
                lint = true
            case "--keystrokes", "--scaling":
                guard k + 1 < args.count else {
                    printErr("isolint bench: \(a) takes a Swift file")
                    return 2
                }
                if a == "--keystrokes" { keystrokes = args[k + 1] } else { scaling = args[k + 1] }
                k += 1
            case "-h", "--help":
                print(
                    """
                    USAGE: isolint bench PATH… [--repeat N] [--no-reference] [--lint]
                           isolint bench --keystrokes FILE [--edits N]
                           isolint bench --scaling FILE [--repeat N]
                      Lexes and parses every .swift file under PATH on one core; with --lint, runs the
                      whole 'isolint lint --format json' as its own process on one core and on all
                      cores (wall time, cores busy, peak memory). Each figure is the best of N runs
                      (default 3), compared with swift-frontend -frontend -parse over the same files
                      in the same run.
                      With --keystrokes, times what the language server does per keystroke on FILE
                      (N typing edits, default 200): re-parse (incremental, and a full parse as the
                      reference), lint with cached declarations, the publishDiagnostics bytes.
                      With --scaling, lints FILE and FILE twice over, by each rule alone: exits 1
                      when a cost more than doubles (2.6x) with its input.
                    """)
                return 0
            default:
                if a.hasPrefix("-") {
                    printErr("isolint bench: unknown option '\(a)'")
                    return 2
                }
                paths.append(a)
            }
            k += 1
        }
        if let keystrokes {
            return KeystrokeBench.run(path: keystrokes, edits: edits)
        }
        if let scaling {
            return ScalingBench.run(path: scaling, repeats: repeats)
        }
        if paths.isEmpty {
            printErr("isolint bench: no PATH given")
            return 2
        }
        let files: [String]
        do {
            files = try SwiftFiles.collect(paths)
        } catch {
            printErr("isolint bench: no such file or directory: \(error.path)")
            return 2
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let lintWorkers = lint ? Set([1, cores]).sorted() : []
        let executable = ChildRun.ownExecutable
        if lint, executable == nil {
            printErr("isolint bench: cannot find its own executable to run 'isolint lint'")
            return 2
        }
        let frontend = reference ? findExecutable("swift-frontend") : nil
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("isolint-bench-\(getpid()).txt")
        if frontend != nil {
            guard (try? files.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)) != nil else {
                printErr("isolint bench: cannot write the file list for swift-frontend")
                return 2
            }
        }
        defer { try? FileManager.default.removeItem(at: list) }
        // Rounds, each measuring everything once, so that a machine that slows down or speeds up
        // meanwhile (shared machines do) affects every figure alike; the best of each is kept.
        var parseBest = Double.infinity
        var referenceBest = Double.infinity
        var lintBest: [Int: ChildRun] = [:]
        var totalBytes = 0
        var totalLines = 0
        var maxFile = 0
        for round in 0..<repeats {
            if repeats > 1 { printErr("isolint bench: round \(round + 1) of \(repeats)") }
            let (elapsed, bytes, lines, largest) = parseOnce(files)
            parseBest = min(parseBest, elapsed)
            (totalBytes, totalLines, maxFile) = (bytes, lines, largest)
            if let frontend {
                guard let t = referenceParseOnce(frontend, list: list.path) else {
                    printErr("isolint bench: swift-frontend could not be run")
                    return 2
                }
                referenceBest = min(referenceBest, t)
            }
            for workers in lintWorkers {
                guard let executable else { break }
                // The whole command as a user runs it, in its own process: start, index, every
                // rule, the JSON written, exit.
                let args = ["lint", "--format", "json", "--fail-on", "never", "--no-progress", "--jobs", "\(workers)"]
                guard let run = ChildRun.run(executable, args + files), run.status == 0 else {
                    printErr("isolint bench: 'isolint lint' did not run to completion")
                    return 2
                }
                if lintBest[workers].map({ run.wall < $0.wall }) ?? true { lintBest[workers] = run }
            }
        }
        let mb = Double(totalBytes) / 1e6
        print("files: \(files.count)  bytes: \(totalBytes)  lines: \(totalLines)  largest file: \(maxFile) bytes")
        print(
            String(
                format: "isolint lex+parse (1 core): %.3f s  %.1f MB/s  %.0f lines/s", parseBest, mb / parseBest,
                Double(totalLines) / parseBest))
        for workers in lintWorkers {
            guard let run = lintBest[workers] else { continue }
            print(
                String(
                    format:
                        "isolint lint, JSON output (%d core%@): %.3f s  %.1f MB/s  %.0f lines/s  cores busy %.2f  peak RSS %.0f MB",
                    workers, workers == 1 ? "" : "s", run.wall, mb / run.wall, Double(totalLines) / run.wall,
                    run.coresBusy, Double(run.peakRSSKB) / 1024))
        }
        guard reference else { return 0 }
        guard frontend != nil else {
            print("reference: swift-frontend not found on PATH; no ratio")
            return 0
        }
        let ref = referenceBest
        print(
            String(
                format: "swift-frontend -parse (1 process): %.3f s  %.1f MB/s  %.0f lines/s", ref, mb / ref,
                Double(totalLines) / ref))
        print(String(format: "ratio: isolint lex+parse is %.2fx the compiler's parser", ref / parseBest))
        for workers in lintWorkers {
            guard let run = lintBest[workers] else { continue }
            print(
                String(
                    format: "ratio: isolint lint on %d core%@ is %.2fx the compiler's parser", workers,
                    workers == 1 ? "" : "s", ref / run.wall))
        }
        return 0
    }

    /// One in-process lex and parse of every file (reading excluded): seconds, bytes, lines and
    /// the largest file's size.
    static func parseOnce(_ files: [String]) -> (Double, Int, Int, Int) {
        var elapsed = 0.0
        var bytesSeen = 0
        var lines = 0
        var largest = 0
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let bytes = [UInt8](data)
            let t0 = DispatchTime.now().uptimeNanoseconds
            let tree = SyntaxTree.parse(SourceFile(path: path, bytes: bytes))
            elapsed += Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
            bytesSeen += bytes.count
            lines += tree.source.lineCount
            largest = max(largest, bytes.count)
        }
        return (elapsed, bytesSeen, lines, largest)
    }

    /// Wall time of one `swift-frontend -frontend -parse` over every file in one process.
    static func referenceParseOnce(_ frontend: String, list: String) -> Double? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: frontend)
        p.arguments = ["-frontend", "-parse", "-filelist", list]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        let t0 = DispatchTime.now().uptimeNanoseconds
        do { try p.run() } catch { return nil }
        p.waitUntilExit()
        return Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
    }
}

func findExecutable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for dir in path.split(separator: ":") {
        let candidate = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}
