import Foundation
import Testing

@testable import IsolintRules

/// Where `swift build` put the executable: `.build/<triple>/debug/isolint`, next to the test
/// resources bundle; else `.build/debug/isolint` under the package root found from this file.
enum IsolintExecutable {
    static let url: URL? = {
        let fm = FileManager.default
        var candidates: [URL] = []
        candidates.append(Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("isolint"))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/isolint"))
        return candidates.first { fm.isExecutableFile(atPath: $0.path) }
    }()
}

/// End to end through the built `isolint` executable (`swift build` puts it beside the test
/// bundle in `.build/debug`). Each test works in its own temporary directory.
@Suite(
    "isolint command line",
    .enabled(
        if: IsolintExecutable.url != nil,
        "the isolint executable is not built (run `swift build` first)"))
struct LintCommandTests {

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// A fresh directory (its real path: the tool prints paths under its working directory).
    final class Sandbox {
        let path: String
        init() throws {
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("isolint-cli-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
            path = base.resolvingSymlinksInPath().path
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ relative: String, _ text: String) throws {
            try write(relative, Data(text.utf8))
        }

        func write(_ relative: String, _ data: Data) throws {
            let url = URL(fileURLWithPath: path + "/" + relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }

        /// Runs isolint here; kills it after `timeout` seconds (a hang is a failure, not a stuck run).
        func run(_ args: [String], timeout: TimeInterval = 20) throws -> Run {
            let exe = try #require(IsolintExecutable.url)
            let out = path + "/.stdout-\(UUID().uuidString)", err = path + "/.stderr-\(UUID().uuidString)"
            _ = FileManager.default.createFile(atPath: out, contents: nil)
            _ = FileManager.default.createFile(atPath: err, contents: nil)
            defer {
                try? FileManager.default.removeItem(atPath: out)
                try? FileManager.default.removeItem(atPath: err)
            }
            let p = Process()
            p.executableURL = exe
            p.arguments = args
            p.currentDirectoryURL = URL(fileURLWithPath: path)
            p.standardInput = FileHandle.nullDevice
            let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
            let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
            p.standardOutput = outHandle
            p.standardError = errHandle
            try p.run()
            let deadline = Date().addingTimeInterval(timeout)
            while p.isRunning, Date() < deadline { usleep(5_000) }
            if p.isRunning {
                p.terminate()
                p.waitUntilExit()
                Issue.record("isolint \(args) did not finish within \(timeout) s")
            }
            p.waitUntilExit()
            try outHandle.close()
            try errHandle.close()
            return Run(
                status: p.terminationStatus,
                stdout: String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self),
                stderr: String(decoding: FileManager.default.contents(atPath: err) ?? Data(), as: UTF8.self))
        }
    }

    static let gmsMessage =
        "Static property 'x' is nonisolated shared mutable state: any task can read and write it at once, and Swift 6 rejects it. Isolate it to a global actor, make it a constant, or protect it and opt out explicitly."
    static let errorSource = "enum E { static var x = 0 }\n"
    /// Only a warning: observable-object-missing-main-actor at the `class` keyword.
    static let warningSource =
        "import Combine\nfinal class Model: ObservableObject {\n    @Published var count = 0\n}\n"
    static let warningMessage =
        "'Model' is an ObservableObject but is not @MainActor: SwiftUI reads it on the main thread, so every mutation from a Task or callback is a data race."

    // MARK: Exit codes and text output

    @Test func cleanFile() throws {
        let box = try Sandbox()
        try box.write("Clean.swift", "struct Point { var x = 0 }\n")
        let r = try box.run(["lint", "Clean.swift"])
        #expect(r.status == 0)
        #expect(r.stdout == "No findings in 1 file.\n")
        #expect(r.stderr == "")
    }

    @Test func errorFindingExitsOne() throws {
        let box = try Sandbox()
        try box.write("G.swift", Self.errorSource)
        let r = try box.run(["lint", "G.swift"])
        #expect(r.status == 1)
        #expect(
            r.stdout
                == "G.swift:1:17: error: \(Self.gmsMessage) [global-mutable-state]\n1 finding (1 error) in 1 file.\n")
        #expect(r.stderr == "")
    }

    @Test func defaultPathIsTheCurrentDirectory() throws {
        let box = try Sandbox()
        try box.write("G.swift", Self.errorSource)
        try box.write("Sub/Clean.swift", "struct S {}\n")
        let r = try box.run(["lint"])
        #expect(r.status == 1)
        #expect(
            r.stdout
                == "./G.swift:1:17: error: \(Self.gmsMessage) [global-mutable-state]\n1 finding (1 error) in 2 files.\n"
        )
    }

    @Test func missingPathExitsTwoWithTheMessageOnStderrOnly() throws {
        let box = try Sandbox()
        try box.write("G.swift", Self.errorSource)
        let r = try box.run(["lint", "G.swift", "Nope.swift"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "isolint lint: no such file or directory: Nope.swift\n")
    }

    @Test func failOnThresholds() throws {
        let box = try Sandbox()
        try box.write("W.swift", Self.warningSource)
        try box.write("E.swift", Self.errorSource)
        let onlyWarning = try box.run(["lint", "W.swift"])
        #expect(onlyWarning.status == 0)
        #expect(
            onlyWarning.stdout
                == "W.swift:2:7: warning: \(Self.warningMessage) [observable-object-missing-main-actor]\n1 finding (1 warning) in 1 file.\n"
        )
        #expect(try box.run(["lint", "--fail-on", "warning", "W.swift"]).status == 1)
        #expect(try box.run(["lint", "W.swift", "--fail-on", "info"]).status == 1)
        #expect(try box.run(["lint", "--fail-on", "error", "W.swift"]).status == 0)
        #expect(try box.run(["lint", "--fail-on", "never", "W.swift", "E.swift"]).status == 0)
        #expect(try box.run(["lint", "--fail-on", "error", "W.swift", "E.swift"]).status == 1)
    }

    @Test(arguments: [
        (["lint", "--bogus"], "isolint lint: unknown option '--bogus'"),
        (
            ["lint", "--format", "yaml"],
            "isolint lint: --format takes text, full, json, sarif, github or xcode (got 'yaml')"
        ),
        (["lint", "--fail-on", "hint"], "isolint lint: --fail-on takes error, warning, info or never (got 'hint')"),
        (["lint", "--format"], "isolint lint: --format needs a value"),
        (["lint", "--config", "missing.json"], "isolint lint: config file not found: missing.json"),
        (["frobnicate"], "isolint: unknown command 'frobnicate'"),
        (["rules", "extra"], "isolint rules: unexpected argument 'extra'"),
        (["explain"], "isolint explain: expected one RULE id (see 'isolint rules')"),
        (["explain", "nope"], "isolint explain: unknown rule 'nope' (see 'isolint rules')"),
    ])
    func usageErrorsExitTwo(args: [String], message: String) throws {
        let box = try Sandbox()
        try box.write("G.swift", Self.errorSource)
        let r = try box.run(args)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix(message + "\n"), "stderr: \(r.stderr)")
    }

    @Test func noCommandPrintsUsageOnStderr() throws {
        let box = try Sandbox()
        let r = try box.run([])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("USAGE: isolint <command> [options]\n"))
    }

    @Test func helpAndVersion() throws {
        let box = try Sandbox()
        let help = try box.run(["lint", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("USAGE: isolint <command> [options]\n"))
        let version = try box.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "isolint \(isolintVersionString)\n")
    }

    // MARK: Formats

    @Test func jsonFormatParses() throws {
        let box = try Sandbox()
        try box.write("G.swift", Self.errorSource)
        try box.write("Clean.swift", "struct S {}\n")
        let r = try box.run(["lint", "--format", "json", "G.swift", "Clean.swift"])
        #expect(r.status == 1)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 1)
        let f = array[0]
        #expect(f["file"] as? String == "G.swift")
        #expect(f["line"] as? Int == 1)
        #expect(f["column"] as? Int == 17)
        #expect(f["endLine"] as? Int == 1)
        #expect(f["endColumn"] as? Int == 22)
        #expect(f["rule"] as? String == "global-mutable-state")
        #expect(f["severity"] as? String == "error")
        #expect(f["message"] as? String == Self.gmsMessage)
        let fixes = try #require(f["fixes"] as? [[String: Any]])
        #expect(fixes.first?["title"] as? String == "Make it a constant (`let`)")
        #expect(fixes.first?["isPreferred"] as? Bool == true)
        #expect(fixes.dropFirst().allSatisfy { $0["isPreferred"] as? Bool == false })

        let clean = try box.run(["lint", "--format", "json", "Clean.swift"])
        #expect(clean.status == 0)
        #expect(clean.stdout == "[]\n")
    }

    @Test func sarifGithubAndXcodeFormats() throws {
        let box = try Sandbox()
        try box.write("G.swift", Self.errorSource)
        let sarif = try box.run(["lint", "--format", "sarif", "G.swift"])
        #expect(sarif.status == 1)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        #expect(doc["version"] as? String == "2.1.0")
        let results = try #require((doc["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["global-mutable-state"])

        let github = try box.run(["lint", "--format", "github", "G.swift"])
        #expect(
            github.stdout
                == "::error file=G.swift,line=1,col=17,endLine=1,endColumn=22,title=isolint global-mutable-state::\(Self.gmsMessage)\n"
        )
        let xcode = try box.run(["lint", "--format", "xcode", "G.swift"])
        #expect(xcode.stdout == "\(box.path)/G.swift:1:17: error: \(Self.gmsMessage) [global-mutable-state]\n")
    }

    // MARK: Files

    @Test func invalidUTF8IsReportedAndTheOtherFilesAreStillLinted() throws {
        let box = try Sandbox()
        try box.write(
            "Bad.swift", Data([0x6C, 0x65, 0x74, 0x20, 0x61, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0xFE, 0x22, 0x0A]))
        try box.write("Wide.swift", Data([0xFF, 0xFE, 0x6C, 0x00, 0x0A, 0x00]))
        try box.write("G.swift", Self.errorSource)
        let r = try box.run(["lint", "."])
        #expect(r.status == 2)
        #expect(
            r.stdout
                == "./G.swift:1:17: error: \(Self.gmsMessage) [global-mutable-state]\n1 finding (1 error) in 1 file.\n")
        #expect(
            r.stderr
                == "isolint: ./Bad.swift is not valid UTF-8; skipped\nisolint: ./Wide.swift is UTF-16; isolint reads UTF-8 source; skipped\n"
        )
    }

    @Test(.enabled(if: geteuid() != 0, "root reads a mode-000 file anyway"))
    func unreadableFileIsReportedAndTheOtherFilesAreStillLinted() throws {
        let box = try Sandbox()
        try box.write("Locked.swift", Self.errorSource)
        try box.write("G.swift", Self.errorSource)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: box.path + "/Locked.swift")
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: box.path + "/Locked.swift")
        }
        let r = try box.run(["lint", "."])
        #expect(r.status == 2)
        #expect(
            r.stdout
                == "./G.swift:1:17: error: \(Self.gmsMessage) [global-mutable-state]\n1 finding (1 error) in 1 file.\n")
        #expect(r.stderr == "isolint: ./Locked.swift cannot be read; skipped\n")
    }

    @Test func directoryWalkSkipsBuildOutputAndVendoredCode() throws {
        let box = try Sandbox()
        for dir in [".build", "Pods", "node_modules", ".git", "DerivedData", "Carthage", ".swiftpm", "App/.build"] {
            try box.write("Project/\(dir)/Vendored.swift", Self.errorSource)
        }
        try box.write("Project/App/Sources/Real.swift", Self.errorSource)
        try box.write("Project/Top.swift", Self.errorSource)
        try box.write("Project/README.md", "enum E { static var x = 0 }\n")
        let r = try box.run(["lint", "--format", "json", "Project"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(array.compactMap { $0["file"] as? String } == ["Project/App/Sources/Real.swift", "Project/Top.swift"])
        let text = try box.run(["lint", "Project"])
        #expect(text.stdout.hasSuffix("2 findings (2 errors) in 2 files.\n"))
    }

    // The same file named twice (or a file inside a directory also given) is linted twice: its
    // findings are printed twice and it counts as two files.
    @Test
    func overlappingPathsLintEachFileOnce() throws {
        let box = try Sandbox()
        try box.write("G.swift", Self.errorSource)
        let twice = try box.run(["lint", "G.swift", "G.swift"])
        #expect(
            twice.stdout
                == "G.swift:1:17: error: \(Self.gmsMessage) [global-mutable-state]\n1 finding (1 error) in 1 file.\n")
        let overlap = try box.run(["lint", ".", "G.swift"])
        #expect(overlap.stdout.hasSuffix("1 finding (1 error) in 1 file.\n"))
    }

    @Test func symlinkCycleDoesNotLoop() throws {
        let box = try Sandbox()
        try box.write("Tree/Sub/Deep.swift", Self.errorSource)
        try FileManager.default.createSymbolicLink(atPath: box.path + "/Tree/Sub/loop", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: box.path + "/Tree/self", withDestinationPath: ".")
        let r = try box.run(["lint", "Tree"], timeout: 15)
        #expect(r.status == 1)
        #expect(
            r.stdout
                == "Tree/Sub/Deep.swift:1:17: error: \(Self.gmsMessage) [global-mutable-state]\n1 finding (1 error) in 1 file.\n"
        )
    }

    // MARK: Configuration

    @Test func badConfigurationKeyIsNamedAndTheRunStillWorks() throws {
        let box = try Sandbox()
        try box.write(
            ".isolint.json",
            #"{"rulez": {}, "rules": {"global-mutable-state": "warning"}, "exclude": ["Generated/**"]}"#)
        try box.write("G.swift", Self.errorSource)
        try box.write("Generated/Gen.swift", Self.errorSource)
        let r = try box.run(["lint", "."])
        #expect(r.status == 0)
        #expect(
            r.stdout
                == "./G.swift:1:17: warning: \(Self.gmsMessage) [global-mutable-state]\n1 finding (1 warning) in 1 file.\n"
        )
        let known = Configuration.knownKeys.sorted().joined(separator: ", ")
        #expect(
            r.stderr == "isolint: config: \(box.path)/.isolint.json: 'rulez': unknown key (known: \(known)) (ignored)\n"
        )
    }

    @Test func invalidConfigurationFallsBackToDefaults() throws {
        let box = try Sandbox()
        try box.write(".isolint.json", "{ not json")
        try box.write("G.swift", Self.errorSource)
        let r = try box.run(["lint", "G.swift"])
        #expect(r.status == 1)
        #expect(r.stdout.hasSuffix("1 finding (1 error) in 1 file.\n"))
        #expect(r.stderr.hasPrefix("isolint: config: \(box.path)/.isolint.json: '(file)': not valid JSON: "))
        #expect(r.stderr.hasSuffix(" (ignored)\n"))
    }

    @Test func explicitConfigFileAndNearestAncestor() throws {
        let box = try Sandbox()
        try box.write("strict.json", #"{"rules": {"observable-object-missing-main-actor": "error"}}"#)
        try box.write(".isolint.json", #"{"rules": {"observable-object-missing-main-actor": "off"}}"#)
        try box.write("App/W.swift", Self.warningSource)
        let nearest = try box.run(["lint", "App/W.swift"])
        #expect(nearest.status == 0)
        #expect(nearest.stdout == "No findings in 1 file.\n")
        let explicit = try box.run(["lint", "--config", "strict.json", "App/W.swift"])
        #expect(explicit.status == 1)
        #expect(explicit.stdout.hasPrefix("App/W.swift:2:7: error: "))
    }

    @Test func defaultMainActorIsolationFromPackageSwiftQuietsObservableObject() throws {
        let box = try Sandbox()
        try box.write(
            "Package.swift",
            """
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "App",
                targets: [
                    .executableTarget(name: "App", swiftSettings: [.defaultIsolation(MainActor.self)]),
                    .target(name: "Core"),
                ]
            )

            """)
        try box.write("Sources/App/Model.swift", Self.warningSource)
        try box.write("Sources/Core/Model.swift", Self.warningSource)
        let r = try box.run(["lint", "--fail-on", "warning", "."])
        #expect(r.status == 1)
        #expect(
            r.stdout
                == "./Sources/Core/Model.swift:2:7: warning: \(Self.warningMessage) [observable-object-missing-main-actor]\n1 finding (1 warning) in 3 files.\n"
        )
        #expect(r.stderr == "")
        let app = try box.run(["lint", "--fail-on", "warning", "Sources/App"])
        #expect(app.status == 0)
        #expect(app.stdout == "No findings in 1 file.\n")
    }

    // MARK: rules / explain

    @Test func rulesListsEveryRule() throws {
        let box = try Sandbox()
        let r = try box.run(["rules"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let descriptors = RuleCatalog.descriptors
        #expect(lines.count == descriptors.count)
        for (line, d) in zip(lines, descriptors) {
            #expect(line.hasPrefix(d.id + " "))
            #expect(line.contains("  \(d.defaultSeverity.rawValue) "))
            #expect(line.contains(d.summary))
            #expect(line.hasSuffix("(off by default)") == !d.enabledByDefault)
        }
        #expect(lines.contains { $0.hasPrefix("global-mutable-state ") && $0.contains(" error ") })
        #expect(lines.contains { $0.hasPrefix("unknown-rule-in-suppression ") })
    }

    @Test func explainPrintsTheExplanation() throws {
        let box = try Sandbox()
        let r = try box.run(["explain", "global-mutable-state"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        let d = try #require(RuleCatalog.descriptor("global-mutable-state"))
        let group = d.compilerGroup.map { "Compiler diagnostic group: [#\($0)]\n" } ?? ""
        #expect(r.stdout == "# global-mutable-state (error)\n\n\(d.summary)\n\(group)\n\(d.explanation)\n")
        #expect(
            r.stdout.hasPrefix(
                "# global-mutable-state (error)\n\nStatic or global mutable state that no global actor isolates.\n"))
    }

    @Test func explainAnOffByDefaultRule() throws {
        let box = try Sandbox()
        let r = try box.run(["explain", "prefer-mutex"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("# prefer-mutex (info, off by default)\n\n"))
    }

    // MARK: bench --keystrokes

    @Test func keystrokeBenchTimesEveryPhase() throws {
        let box = try Sandbox()
        var text = ""
        for k in 0..<40 { text += "enum E\(k) { static var x = \(k) }\nfunc f\(k)() { print(\(k)) }\n" }
        try box.write("Many.swift", text)
        let r = try box.run(["bench", "--keystrokes", "Many.swift", "--edits", "20"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Many.swift: 81 lines, 40 findings, ") == true)
        #expect(lines.first?.hasSuffix(" KiB per publish, 20 typing edits") == true)
        for phase in [
            "apply the edit (line table)", "full parse (reference)", "incremental re-parse",
            "lint (cached declarations)", "publishDiagnostics bytes",
        ] {
            #expect(lines.contains { $0.hasPrefix("  " + phase) }, "\(phase)")
        }
        #expect(lines.last?.hasPrefix("ratio: incremental re-parse is ") == true)
        let missing = try box.run(["bench", "--keystrokes", "Nope.swift"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "isolint bench: cannot read Nope.swift\n")
    }
}
