import Foundation
import Testing

@testable import IsolintRules

/// `isolint lint --write-baseline FILE` then `--baseline FILE` through the built executable: old
/// findings pass, a new one fails, moved code still matches, and `--format full` in a pipe shows
/// the source without colour.
@Suite(
    "isolint lint --baseline",
    .enabled(if: IsolintExecutable.url != nil, "the isolint executable is not built (run `swift build` first)"))
struct BaselineCommandTests {
    typealias Sandbox = LintCommandTests.Sandbox

    static let old = "enum E {\n    static var x = 0\n}\nvar count = 0\n"

    @Test func writeThenCheck() throws {
        let box = try Sandbox()
        try box.write("Sources/A.swift", Self.old)
        let write = try box.run(["lint", "Sources", "--write-baseline", "baseline.json"])
        #expect(write.status == 0)
        #expect(write.stderr == "isolint: wrote 2 findings to the baseline baseline.json\n")
        let recorded = try String(contentsOfFile: box.path + "/baseline.json", encoding: .utf8)
        #expect(recorded.contains("\"file\": \"Sources/A.swift\""))
        #expect(recorded.contains("\"text\": \"static var x = 0\""))

        // The same findings, moved down and re-indented: nothing new, exit 0.
        try box.write(
            "Sources/A.swift",
            "import Foundation\n\n" + Self.old.replacingOccurrences(of: "    static", with: "  static"))
        let same = try box.run(["lint", "Sources", "--baseline", "baseline.json"])
        #expect(same.status == 0)
        #expect(same.stdout == "No findings in 1 file.\n")
        #expect(same.stderr == "isolint: 2 findings in the baseline baseline.json not shown\n")

        // A new finding fails the run, and only it is reported; one old finding fixed is stale.
        try box.write("Sources/A.swift", "enum E {\n    static var x = 0\n}\nvar fresh = 1\n")
        let new = try box.run(["lint", "Sources", "--baseline", "baseline.json"])
        #expect(new.status == 1)
        #expect(new.stdout.hasPrefix("Sources/A.swift:4:1: error: Global variable 'fresh'"))
        #expect(new.stdout.hasSuffix("1 finding (1 error) in 1 file.\n"))
        #expect(
            new.stderr
                == "isolint: 1 finding in the baseline baseline.json not shown; 1 baseline entry is fixed (--write-baseline to drop)\n"
        )
    }

    @Test func baselinePathsAreRelativeToTheBaselineFile() throws {
        let box = try Sandbox()
        try box.write("App/Sources/A.swift", Self.old)
        #expect(try box.run(["lint", "App/Sources", "--write-baseline", "App/.isolint-baseline.json"]).status == 0)
        let recorded = try String(contentsOfFile: box.path + "/App/.isolint-baseline.json", encoding: .utf8)
        #expect(recorded.contains("\"file\": \"Sources/A.swift\""))
        // Run from another directory: the same files match.
        let fromApp = try box.run(["lint", "App", "--baseline", "App/.isolint-baseline.json"])
        #expect(fromApp.status == 0)
    }

    @Test func missingOrBadBaselineIsAUsageError() throws {
        let box = try Sandbox()
        try box.write("A.swift", Self.old)
        let missing = try box.run(["lint", "A.swift", "--baseline", "nope.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "isolint: cannot read 'nope.json'\n")
        try box.write("bad.json", "{\"version\": 9}")
        let bad = try box.run(["lint", "A.swift", "--baseline", "bad.json"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "isolint lint: baseline bad.json: expected \"version\": 1\n")
        #expect(try box.run(["lint", "A.swift", "--baseline"]).status == 2)
    }

    @Test func fullFormatInAPipeHasNoColour() throws {
        let box = try Sandbox()
        try box.write("A.swift", "var count = 0\n")
        let r = try box.run(["lint", "A.swift", "--format", "full"])
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("error[global-mutable-state]: Global variable 'count'"))
        #expect(r.stdout.contains("1 | var count = 0\n  | ^^^^^^^^^\n"))
        #expect(!r.stdout.contains("\u{1B}"))
    }

    @Test func stampIsTheSummaryAsAComment() throws {
        let box = try Sandbox()
        try box.write("A.swift", "var count = 0\n")
        let r = try box.run([
            "lint", "A.swift", "--format", "xcode", "--fail-on", "never", "--stamp", "out/A+isolint.swift",
        ])
        #expect(r.status == 2)  // the stamp's folder does not exist
        try FileManager.default.createDirectory(atPath: box.path + "/out", withIntermediateDirectories: true)
        let ok = try box.run([
            "lint", "A.swift", "--format", "xcode", "--fail-on", "never", "--stamp", "out/A+isolint.swift",
        ])
        #expect(ok.status == 0)
        #expect(ok.stdout.hasPrefix(box.path + "/A.swift:1:1: error: Global variable 'count'"))
        let stamp = try String(contentsOfFile: box.path + "/out/A+isolint.swift", encoding: .utf8)
        #expect(stamp == "// isolint: 1 finding (1 error) in 1 file.\n")
    }
}
