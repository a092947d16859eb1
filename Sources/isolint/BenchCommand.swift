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
            case "--keystrokes":
                guard k + 1 < args.count else {
                    printErr("isolint bench: --keystrokes takes a Swift file")
                    return 2
                }
                keystrokes = args[k + 1]
                k += 1
            case "-h", "--help":
                print(
                    """
                    USAGE: isolint bench PATH… [--repeat N] [--no-reference] [--lint]
                           isolint bench --keystrokes FILE [--edits N]
                      Lexes and parses every .swift file under PATH on one core; with --lint, times the
                      whole 'isolint lint' (index, rules, JSON output) on one core and on all cores.
                      Each figure is the best of N runs, compared with swift-frontend -frontend -parse
                      over the same files in the same run.
                      With --keystrokes, times what the language server does per keystroke on FILE
                      (N typing edits, default 200): re-parse (incremental, and a full parse as the
                      reference), lint with cached declarations, the publishDiagnostics bytes.
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
        var totalBytes = 0
        var totalLines = 0
        var best = Double.infinity
        var maxFile = 0
        for _ in 0..<repeats {
            var elapsed = 0.0
            var bytesSeen = 0
            var lines = 0
            for path in files {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                let bytes = [UInt8](data)
                let t0 = DispatchTime.now().uptimeNanoseconds
                let tree = SyntaxTree.parse(SourceFile(path: path, bytes: bytes))
                let t1 = DispatchTime.now().uptimeNanoseconds
                elapsed += Double(t1 - t0) / 1e9
                bytesSeen += bytes.count
                lines += tree.source.lineCount
                maxFile = max(maxFile, bytes.count)
            }
            best = min(best, elapsed)
            totalBytes = bytesSeen
            totalLines = lines
        }
        let mb = Double(totalBytes) / 1e6
        print("files: \(files.count)  bytes: \(totalBytes)  lines: \(totalLines)  largest file: \(maxFile) bytes")
        print(
            String(
                format: "isolint lex+parse (1 core): %.3f s  %.1f MB/s  %.0f lines/s", best, mb / best,
                Double(totalLines) / best))
        var lintTimes: [(workers: Int, seconds: Double)] = []
        if lint {
            let cores = ProcessInfo.processInfo.activeProcessorCount
            for workers in Set([1, cores]).sorted() {
                var bestLint = Double.infinity
                var outputBytes = 0
                for _ in 0..<repeats {
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    let (reports, _) = await LintPipeline.run(
                        files: files, cwd: FileManager.default.currentDirectoryPath,
                        configuration: Configuration(), workers: workers)
                    let json = Reporter.json(reports.filter { !$0.findings.isEmpty })
                    let t1 = DispatchTime.now().uptimeNanoseconds
                    outputBytes = json.utf8.count
                    bestLint = min(bestLint, Double(t1 - t0) / 1e9)
                }
                lintTimes.append((workers, bestLint))
                _ = outputBytes
                print(
                    String(
                        format: "isolint lint, JSON output (%d core%@): %.3f s  %.1f MB/s  %.0f lines/s", workers,
                        workers == 1 ? "" : "s",
                        bestLint, mb / bestLint, Double(totalLines) / bestLint))
            }
        }
        guard reference else { return 0 }
        guard let ref = referenceParse(files, repeats: repeats) else {
            print("reference: swift-frontend not found on PATH; no ratio")
            return 0
        }
        print(
            String(
                format: "swift-frontend -parse (1 process): %.3f s  %.1f MB/s  %.0f lines/s", ref, mb / ref,
                Double(totalLines) / ref))
        print(String(format: "ratio: isolint lex+parse is %.2fx the compiler's parser", ref / best))
        for (workers, t) in lintTimes {
            print(
                String(
                    format: "ratio: isolint lint on %d core%@ is %.2fx the compiler's parser", workers,
                    workers == 1 ? "" : "s", ref / t))
        }
        return 0
    }

    /// Best wall time of `swift-frontend -frontend -parse` over all files in one process.
    static func referenceParse(_ files: [String], repeats: Int) -> Double? {
        guard let frontend = findExecutable("swift-frontend") else { return nil }
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("isolint-bench-\(getpid()).txt")
        guard (try? files.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)) != nil else {
            return nil
        }
        defer { try? FileManager.default.removeItem(at: list) }
        var best = Double.infinity
        for _ in 0..<repeats {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: frontend)
            p.arguments = ["-frontend", "-parse", "-filelist", list.path]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            let t0 = DispatchTime.now().uptimeNanoseconds
            do { try p.run() } catch { return nil }
            p.waitUntilExit()
            let t1 = DispatchTime.now().uptimeNanoseconds
            best = min(best, Double(t1 - t0) / 1e9)
        }
        return best
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
