import Foundation
import Testing

@testable import IsolintRules

/// `isolint fix`, `isolint plan`, `rules --format json` and `explain`, through the built executable.
@Suite(
    "isolint fix and plan",
    .enabled(if: IsolintExecutable.url != nil, "the isolint executable is not built (run `swift build` first)"))
struct FixCommandTests {
    typealias Sandbox = LintCommandTests.Sandbox

    static func bytes(_ box: Sandbox, _ relative: String) -> [UInt8] {
        [UInt8](FileManager.default.contents(atPath: box.path + "/" + relative) ?? Data())
    }

    static func text(_ box: Sandbox, _ relative: String) -> String {
        String(decoding: bytes(box, relative), as: UTF8.self)
    }

    static func mode(_ box: Sandbox, _ relative: String) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: box.path + "/" + relative)
        return (attributes?[.posixPermissions] as? Int) ?? -1
    }

    static func chmod(_ box: Sandbox, _ relative: String, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: box.path + "/" + relative)
    }

    // MARK: fix

    @Test func fixWritesEachFileKeepingItsModeLineEndingsAndByteOrderMark() throws {
        let box = try Sandbox()
        try box.write(
            "Sources/App/Crlf.swift",
            "import Foundation\r\n\r\nvar total = 0\r\nclass Model: ObservableObject {\r\n    @Published var n = 0\r\n}\r\n"
        )
        try box.write("Sources/App/Bom.swift", Data([0xEF, 0xBB, 0xBF] + Array("var count = 0\n".utf8)))
        try box.write("Sources/App/Clean.swift", "struct S {}\n")
        try Self.chmod(box, "Sources/App/Crlf.swift", 0o640)
        let r = try box.run(["fix", "Sources"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(
            Self.text(box, "Sources/App/Crlf.swift")
                == "import Foundation\r\n\r\nlet total = 0\r\n@MainActor\r\nclass Model: ObservableObject {\r\n    @Published var n = 0\r\n}\r\n"
        )
        #expect(Self.bytes(box, "Sources/App/Bom.swift") == [0xEF, 0xBB, 0xBF] + Array("let count = 0\n".utf8))
        #expect(Self.text(box, "Sources/App/Clean.swift") == "struct S {}\n")
        #expect(Self.mode(box, "Sources/App/Crlf.swift") == 0o640)
        #expect(
            r.stdout == """
                Sources/App/Bom.swift: applied 1 fix (global-mutable-state)
                Sources/App/Crlf.swift: applied 2 fixes (global-mutable-state, observable-object-missing-main-actor)
                No findings in 3 files.
                Fixed 3 findings in 2 files.

                """)
        // No temporary file is left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: box.path + "/Sources/App")
        #expect(left.sorted() == ["Bom.swift", "Clean.swift", "Crlf.swift"])
        #expect(try box.run(["lint", "Sources"]).stdout == "No findings in 3 files.\n")
    }

    @Test func dryRunPrintsAUnifiedDiffAndWritesNothing() throws {
        let box = try Sandbox()
        let source = "import Foundation\n\nstruct Config {\n    static var shared = Config()\n    var name = \"\"\n}\n"
        try box.write("Config.swift", source)
        let r = try box.run(["fix", "--dry-run", "Config.swift"])
        #expect(Self.text(box, "Config.swift") == source)
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                --- a/Config.swift
                +++ b/Config.swift
                @@ -1,6 +1,6 @@
                 import Foundation
                 
                 struct Config {
                -    static var shared = Config()
                +    static let shared = Config()
                     var name = ""
                 }

                """)
        #expect(
            r.stderr
                == "Config.swift: would apply 1 fix (global-mutable-state)\nNo findings in 1 file.\nWould fix 1 finding in 1 file.\n"
        )
    }

    @Test func placeholderFixesAreListedUntilUnsafeFixesAreAsked() throws {
        let box = try Sandbox()
        let source = "import Foundation\n\nfinal class Box: @unchecked Sendable {\n    let lock = NSLock()\n}\n"
        try box.write("Box.swift", source)
        let safe = try box.run(["fix", "Box.swift", "--fail-on", "warning"])
        #expect(safe.status == 1)
        #expect(Self.text(box, "Box.swift") == source)
        #expect(
            safe.stdout.hasPrefix(
                "Box.swift:3:18: needs review: Add a `// Safety:` comment [unsafe-opt-out-undocumented]\n"))
        #expect(safe.stdout.hasSuffix("Fixed 0 findings in 0 files.\n1 fix needs review: --unsafe-fixes applies it.\n"))
        let unsafe = try box.run(["fix", "Box.swift", "--unsafe-fixes", "--fail-on", "warning"])
        #expect(unsafe.status == 0)
        #expect(Self.text(box, "Box.swift").contains("// Safety: "))
    }

    @Test func onlyTheChosenRulesAreFixedAndAnUnknownRuleIsAUsageError() throws {
        let box = try Sandbox()
        try box.write("A.swift", "import Combine\nvar total = 0\nclass Model: ObservableObject {}\n")
        let r = try box.run(["fix", "A.swift", "--rule", "observable-object-missing-main-actor"])
        #expect(r.status == 1)
        #expect(
            Self.text(box, "A.swift") == "import Combine\nvar total = 0\n@MainActor\nclass Model: ObservableObject {}\n"
        )
        let bad = try box.run(["fix", "A.swift", "--rule", "global-mutable-stat"])
        #expect(bad.status == 2)
        #expect(
            bad.stderr
                == "isolint fix: unknown rule 'global-mutable-stat' — did you mean 'global-mutable-state'? (see 'isolint rules')\n"
        )
        #expect(try box.run(["fix", "--format", "xml"]).status == 2)
        #expect(try box.run(["fix", "Nope.swift"]).status == 2)
    }

    @Test func jsonReportsWhatWasApplied() throws {
        let box = try Sandbox()
        try box.write("A.swift", "var a = 0\nfinal class Box: @unchecked Sendable { let lock = NSLock() }\n")
        let r = try box.run(["fix", "--format", "json", "A.swift"])
        #expect(r.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["dryRun"] as? Bool == false)
        #expect(object["passes"] as? Int == 1)
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.count == 1)
        #expect(files[0]["file"] as? String == "A.swift" && files[0]["written"] as? Bool == true)
        let fixes = try #require(files[0]["fixes"] as? [[String: Any]])
        #expect(fixes.map { $0["rule"] as? String } == ["global-mutable-state"])
        #expect(fixes[0]["line"] as? Int == 1 && fixes[0]["column"] as? Int == 1 && fixes[0]["pass"] as? Int == 1)
        let review = try #require(object["needsReview"] as? [[String: Any]])
        #expect(review.map { $0["rule"] as? String } == ["unsafe-opt-out-undocumented"])
        #expect(review[0]["line"] as? Int == 2)
        let remaining = try #require(object["remaining"] as? [[String: Any]])
        #expect(remaining.map { $0["rule"] as? String } == ["unsafe-opt-out-undocumented"])
    }

    @Test func aReadOnlyFileIsReportedAndLeftAlone() throws {
        let box = try Sandbox()
        try box.write("RO.swift", "var a = 0\n")
        try box.write("RW.swift", "var b = 0\n")
        try Self.chmod(box, "RO.swift", 0o444)
        let r = try box.run(["fix", "RO.swift", "RW.swift"])
        #expect(r.status == 2)
        #expect(r.stderr == "isolint: RO.swift: not fixed: it is read-only\n")
        #expect(Self.text(box, "RO.swift") == "var a = 0\n")
        #expect(Self.text(box, "RW.swift") == "let b = 0\n")
        #expect(Self.mode(box, "RO.swift") == 0o444)
        // What remains is what is on disk.
        #expect(r.stdout.contains("RO.swift:1:1: error: "))
    }

    @Test func aFileThatChangedOnDiskMeanwhileIsSkipped() throws {
        let box = try Sandbox()
        try box.write("A.swift", "var a = 0\n")
        try box.write("B.swift", "var b = 0\n")
        let hold = box.path + "/hold"
        let exe = try #require(IsolintExecutable.url)
        let p = Process()
        p.executableURL = exe
        p.arguments = ["fix", "A.swift", "B.swift"]
        p.currentDirectoryURL = URL(fileURLWithPath: box.path)
        p.environment = ProcessInfo.processInfo.environment.merging(["ISOLINT_FIX_HOLD": hold]) { $1 }
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: hold + ".ready"), Date() < deadline { usleep(5_000) }
        // Someone else edits A.swift after isolint read it.
        try box.write("A.swift", "var a = 1 // mine\n")
        _ = FileManager.default.createFile(atPath: hold + ".go", contents: nil)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 2)
        #expect(stderr == "isolint: A.swift: not fixed: it changed on disk since isolint read it\n")
        #expect(Self.text(box, "A.swift") == "var a = 1 // mine\n")
        #expect(Self.text(box, "B.swift") == "let b = 0\n")
    }

    @Test func aSymbolicLinkStaysALinkToTheFixedFile() throws {
        let box = try Sandbox()
        try box.write("Real/A.swift", "var a = 0\n")
        try FileManager.default.createSymbolicLink(
            atPath: box.path + "/Link.swift", withDestinationPath: "Real/A.swift")
        let r = try box.run(["fix", "Link.swift"])
        #expect(r.status == 0)
        #expect(Self.text(box, "Real/A.swift") == "let a = 0\n")
        let destination = try FileManager.default.destinationOfSymbolicLink(atPath: box.path + "/Link.swift")
        #expect(destination == "Real/A.swift")
    }

    /// The repository's example app and every rule's firing fixtures: realistic pre-migration code.
    static func preMigrationTree(_ box: Sandbox) throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let fm = FileManager.default
        var files: [String] = []
        let examples = root.appendingPathComponent("Examples").path
        for f in (try? SwiftFiles.collect([examples])) ?? [] {
            let relative = "Examples" + f.dropFirst(examples.count)
            try box.write(relative, fm.contents(atPath: f) ?? Data())
            files.append(relative)
        }
        let fixtures = root.appendingPathComponent("Tests/IsolintRulesTests/Fixtures").path
        for f in (try? SwiftFiles.collect([fixtures])) ?? [] {
            let name = f.split(separator: "/").last.map(String.init) ?? ""
            guard name.hasPrefix("fires-"), !name.contains(".fix") else { continue }
            let relative = "Fixtures" + f.dropFirst(fixtures.count)
            try box.write(relative, fm.contents(atPath: f) ?? Data())
            files.append(relative)
        }
        return files
    }

    /// Files swiftc's parser accepts (all of them when swiftc is not here: nothing to compare).
    static func parsing(_ box: Sandbox, _ files: [String]) -> Set<String>? {
        let swiftc = ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let swiftc else { return nil }
        var out = Set<String>()
        for f in files {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: swiftc)
            p.arguments = ["-frontend", "-parse", box.path + "/" + f]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            guard (try? p.run()) != nil else { return nil }
            p.waitUntilExit()
            if p.terminationStatus == 0 { out.insert(f) }
        }
        return out
    }

    @Test func unsafeFixesOverPreMigrationCodeLeaveNoFindingWithAFix() throws {
        let box = try Sandbox()
        let files = try Self.preMigrationTree(box)
        #expect(files.count > 30)
        let parsedBefore = Self.parsing(box, files)
        let originals = Dictionary(uniqueKeysWithValues: files.map { ($0, Self.bytes(box, $0)) })
        // Without the flag, only placeholder fixes are left.
        let safe = try box.run(["fix", "--fail-on", "never", "Examples", "Fixtures"], timeout: 60)
        #expect(safe.status == 0)
        let afterSafe = try box.run(["lint", "--format", "json", "Examples", "Fixtures"], timeout: 60)
        let safeFindings = try #require(
            try JSONSerialization.jsonObject(with: Data(afterSafe.stdout.utf8)) as? [[String: Any]])
        for f in safeFindings {
            let fixes = f["fixes"] as? [[String: Any]] ?? []
            if let preferred = fixes.first(where: { $0["isPreferred"] as? Bool == true }) {
                let title = preferred["title"] as? String ?? ""
                #expect(
                    safe.stdout.contains("needs review: \(title) [\(f["rule"] as? String ?? "")]"),
                    "\(f["file"] ?? "")\(f["line"] ?? ""): \(f["rule"] ?? "") has a fix that was not applied")
            }
        }
        let unsafe = try box.run(["fix", "--unsafe-fixes", "--fail-on", "never", "Examples", "Fixtures"], timeout: 60)
        #expect(unsafe.status == 0)
        let after = try box.run(["lint", "--format", "json", "Examples", "Fixtures"], timeout: 60)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [[String: Any]])
        let withFixes = findings.filter { !(($0["fixes"] as? [Any]) ?? []).isEmpty }
        #expect(withFixes.isEmpty, "\(withFixes.map { "\($0["file"] ?? ""):\($0["line"] ?? "") \($0["rule"] ?? "")" })")
        #expect(files.filter { Self.bytes(box, $0) != originals[$0] }.count > 30)
        if let before = parsedBefore, let after = Self.parsing(box, files) {
            #expect(before.subtracting(after).sorted() == [], "files that parsed before the fixes and no longer do")
        }
    }

    // MARK: plan

    @Test func planPrintsTheOrderAndEveryFormatRenders() throws {
        let box = try Sandbox()
        try box.write("Package.swift", PlanTests.manifest)
        try box.write("Sources/Core/Core.swift", "public enum Cache { static var entries = 0 }\n")
        try box.write("Sources/Net/Net.swift", "public struct Client { public init() {} }\n")
        try box.write("Sources/App/main.swift", "print(\"hi\")\n")
        try box.write("Tests/CoreTests/CoreTests.swift", "import Core\n")
        let r = try box.run(["plan"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(
            r.stdout == """
                Migration plan for \(box.path): 4 targets, leaves first.

                #  target     kind        mode     checking  isolation    E  W  I  H  next                       blocks
                1  Core       library     Swift 5  complete  nonisolated  1  0  0  0  fix to zero                App, CoreTests, Net
                2  CoreTests  test        Swift 6  complete  nonisolated  0  0  0  0  done                       -
                3  Net        library     Swift 5  minimal   nonisolated  0  1  0  0  turn on complete checking  App
                4  App        executable  Swift 6  complete  MainActor    0  0  0  0  done                       -

                1 turn on complete checking, 1 fix to zero, 2 done.

                """)
        let json = try box.run(["plan", ".", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["order"] as? [String] == ["Core", "CoreTests", "Net", "App"])
        let dot = try box.run(["plan", "--format", "dot"])
        #expect(dot.stdout.hasPrefix("digraph migration {\n") && dot.stdout.contains("\"Core\" -> \"Net\";"))
        let mermaid = try box.run(["plan", "--format", "mermaid"])
        #expect(MermaidSubset.problems(mermaid.stdout) == [])
        let markdown = try box.run(["plan", "--format", "markdown"])
        #expect(markdown.stdout.hasPrefix("## Swift 6 migration plan\n"))
        #expect(try box.run(["plan", "--format", "svg"]).status == 2)
        #expect(try box.run(["plan", "Nope"]).status == 2)
    }

    @Test func planNamesAMalformedManifestAndPlansTheRest() throws {
        let box = try Sandbox()
        try box.write(
            "Good/Package.swift",
            "// swift-tools-version: 6.0\nlet package = Package(name: \"Good\", targets: [.target(name: \"Good\")])\n")
        try box.write("Good/Sources/Good/G.swift", "struct G {}\n")
        try box.write(
            "Bad/Package.swift",
            "// swift-tools-version: 6.0\nlet package = Package(\n    targets: [.target(name: \"Bad\"\n")
        try box.write("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n  objects = {\n    A = (;\n")
        let r = try box.run(["plan", "--format", "json"])
        #expect(r.status == 2)
        #expect(
            r.stderr == """
                isolint plan: \(box.path)/App.xcodeproj/project.pbxproj:4: unexpected ';'
                isolint plan: \(box.path)/Bad/Package.swift:2: malformed Package.swift (unbalanced brackets or a broken literal here); what could be read is planned

                """)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect((object["order"] as? [String])?.contains("Good") == true)
        #expect((object["problems"] as? [Any])?.count == 2)
    }

    // MARK: rules / explain

    @Test func rulesAsJSONAndExplainSuggestsTheClosestIDs() throws {
        let box = try Sandbox()
        let r = try box.run(["rules", "--format", "json"])
        #expect(r.status == 0)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == RuleCatalog.descriptors.map(\.id))
        for (item, d) in zip(items, RuleCatalog.descriptors) {
            #expect(item["severity"] as? String == d.defaultSeverity.rawValue)
            #expect(item["summary"] as? String == d.summary)
            #expect(item["compilerGroup"] as? String == d.compilerGroup)
            #expect((item["explanation"] as? String)?.contains("## Before / after") == true)
        }
        let markdown = try box.run(["rules", "--format", "markdown"])
        #expect(markdown.stdout == RuleReference.markdown())
        let unknown = try box.run(["explain", "global-mutable"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr
                == "isolint explain: unknown rule 'global-mutable' — did you mean 'global-mutable-state'? (see 'isolint rules')\n"
        )
        let typo = try box.run(["explain", "prefer-mutx"])
        #expect(typo.stderr.contains("did you mean 'prefer-mutex'"))
        let none = try box.run(["explain", "zzzzzzzzzzzzzzz"])
        #expect(
            none.status == 2 && none.stderr == "isolint explain: unknown rule 'zzzzzzzzzzzzzzz' (see 'isolint rules')\n"
        )
    }
}
