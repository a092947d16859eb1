import Foundation
import IsolintSyntax
import Testing

@testable import IsolintRules

/// The command-line reporters on hand-built reports. The DESIGN.md contract for JSON: an array of
/// `{"file","line","column","endLine","endColumn","rule","severity","message","fixes":[{"title",
/// "isPreferred","edits":[{"line","column","endLine","endColumn","newText"}]}]}`, 1-based lines,
/// 1-based UTF-8 columns, end exclusive. SARIF columns are UTF-16 code units.
@Suite("Reporters")
struct ReporterTests {
    // Line 2 holds `é` (2 UTF-8 bytes, 1 UTF-16 unit) and `😀` (4 bytes, 2 units) before `var`:
    // `var` is at UTF-8 column 19 and UTF-16 column 16.
    static let text = "import Foundation\nlet s = \"é😀\"; var count = 0\n"
    static let source = SourceFile(path: "Sources/App/Main.swift", text: text)

    static func offset(of needle: String, in text: String = text) -> Int {
        let hay = Array(text.utf8), n = Array(needle.utf8)
        for i in 0...(hay.count - n.count) where Array(hay[i..<i + n.count]) == n { return i }
        Issue.record("\(needle) not found")
        return 0
    }

    static var varOffset: Int { offset(of: "var count") }

    static func mainFinding() -> Finding {
        let v = varOffset
        return Finding(
            ruleID: "global-mutable-state", severity: .error, range: v..<(v + 9),
            message: "Global 'count' is shared mutable state.",
            notes: [Note(range: 0..<6, message: "imported here")],
            fixes: [
                Fix(title: "Make it a constant (`let`)", edits: [Edits.replace(v..<(v + 3), with: "let")]),
                Fix(title: "Isolate to the main actor (`@MainActor`)", edits: [Edits.insert("@MainActor ", at: v)]),
            ])
    }

    static func mainReport() -> FileReport {
        FileReport(path: "Sources/App/Main.swift", source: source, findings: [mainFinding()])
    }

    /// A second file with one finding of each lower severity (on ASCII lines).
    static let otherText = "struct S {}\nstruct T {}\nstruct U {}\n"
    static func otherReport(path: String = "Sources/App/Other.swift") -> FileReport {
        let s = SourceFile(path: path, text: otherText)
        return FileReport(
            path: path, source: s,
            findings: [
                Finding(ruleID: "public-type-missing-sendable", severity: .warning, range: 0..<6, message: "W."),
                Finding(ruleID: "prefer-mutex", severity: .info, range: 12..<18, message: "I."),
                Finding(ruleID: "redundant-main-dispatch", severity: .hint, range: 31..<34, message: "H."),
            ])
    }

    // MARK: Positions

    @Test func sourcePositionsDifferBetweenEncodings() {
        let v = Self.varOffset
        #expect(v == 36)
        #expect(Self.source.lineColumn(of: v) == (2, 19))
        #expect(Self.source.lineColumn(of: v + 9) == (2, 28))
        #expect(Self.source.position(of: v, encoding: .utf16) == LinePosition(line: 1, character: 15))
        #expect(Self.source.position(of: v, encoding: .utf8) == LinePosition(line: 1, character: 18))
        #expect(Self.source.position(of: v, encoding: .utf32) == LinePosition(line: 1, character: 14))
    }

    @Test func firstFixIsPreferredUnlessARuleSaysOtherwise() {
        let f = Self.mainFinding()
        #expect(f.fixes.map(\.isPreferred) == [true, false])
        let g = Finding(
            ruleID: "x", severity: .info, range: 0..<1, message: "m",
            fixes: [Fix(title: "a", edits: []), Fix(title: "b", isPreferred: true, edits: [])])
        #expect(g.fixes.map(\.isPreferred) == [false, true])
    }

    // MARK: text

    @Test func textOneFinding() {
        #expect(
            Reporter.text([Self.mainReport()], filesScanned: 1) == """
                Sources/App/Main.swift:2:19: error: Global 'count' is shared mutable state. [global-mutable-state]
                1 finding (1 error) in 1 file.

                """)
    }

    @Test func textSummaryCountsEverySeverityInOrder() {
        #expect(
            Reporter.text([Self.mainReport(), Self.otherReport()], filesScanned: 3) == """
                Sources/App/Main.swift:2:19: error: Global 'count' is shared mutable state. [global-mutable-state]
                Sources/App/Other.swift:1:1: warning: W. [public-type-missing-sendable]
                Sources/App/Other.swift:2:1: info: I. [prefer-mutex]
                Sources/App/Other.swift:3:8: hint: H. [redundant-main-dispatch]
                4 findings (1 error, 1 warning, 1 info, 1 hint) in 3 files.

                """)
    }

    @Test func textPluralsPerSeverity() {
        let r = Self.otherReport()
        var twice = r
        twice.findings += r.findings
        #expect(
            Reporter.text([twice], filesScanned: 1).hasSuffix("\n6 findings (2 warnings, 2 info, 2 hint) in 1 file.\n"))
        var errors = Self.mainReport()
        errors.findings.append(errors.findings[0])
        #expect(Reporter.text([errors], filesScanned: 2).hasSuffix("\n2 findings (2 errors) in 2 files.\n"))
    }

    @Test func textNoFindings() {
        let empty = FileReport(path: "A.swift", source: SourceFile(path: "A.swift", text: ""), findings: [])
        #expect(Reporter.text([empty], filesScanned: 1) == "No findings in 1 file.\n")
        #expect(Reporter.text([empty, empty], filesScanned: 2) == "No findings in 2 files.\n")
        #expect(Reporter.text([], filesScanned: 0) == "No findings in 0 files.\n")
    }

    // MARK: json

    @Test func jsonExactText() {
        #expect(
            Reporter.json([Self.mainReport()]) == """
                [
                  {
                    "file": "Sources/App/Main.swift",
                    "line": 2,
                    "column": 19,
                    "endLine": 2,
                    "endColumn": 28,
                    "rule": "global-mutable-state",
                    "severity": "error",
                    "message": "Global 'count' is shared mutable state.",
                    "fixes": [
                      {
                        "title": "Make it a constant (`let`)",
                        "isPreferred": true,
                        "edits": [
                          {
                            "line": 2,
                            "column": 19,
                            "endLine": 2,
                            "endColumn": 22,
                            "newText": "let"
                          }
                        ]
                      },
                      {
                        "title": "Isolate to the main actor (`@MainActor`)",
                        "isPreferred": false,
                        "edits": [
                          {
                            "line": 2,
                            "column": 19,
                            "endLine": 2,
                            "endColumn": 19,
                            "newText": "@MainActor "
                          }
                        ]
                      }
                    ]
                  }
                ]

                """)
    }

    @Test func jsonParsesFieldByField() throws {
        let out = Reporter.json([Self.mainReport(), Self.otherReport()])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]])
        #expect(array.count == 4)
        let keys = ["file", "line", "column", "endLine", "endColumn", "rule", "severity", "message", "fixes"]
        for object in array { #expect(Set(object.keys) == Set(keys)) }
        let f = array[0]
        #expect(f["file"] as? String == "Sources/App/Main.swift")
        #expect(f["line"] as? Int == 2)
        #expect(f["column"] as? Int == 19)
        #expect(f["endLine"] as? Int == 2)
        #expect(f["endColumn"] as? Int == 28)
        #expect(f["rule"] as? String == "global-mutable-state")
        #expect(f["severity"] as? String == "error")
        #expect(f["message"] as? String == "Global 'count' is shared mutable state.")
        let fixes = try #require(f["fixes"] as? [[String: Any]])
        #expect(fixes.count == 2)
        #expect(Set(fixes[0].keys) == ["title", "isPreferred", "edits"])
        #expect(fixes[0]["title"] as? String == "Make it a constant (`let`)")
        #expect(fixes[0]["isPreferred"] as? Bool == true)
        #expect(fixes[1]["isPreferred"] as? Bool == false)
        let edit = try #require((fixes[0]["edits"] as? [[String: Any]])?.first)
        #expect(Set(edit.keys) == ["line", "column", "endLine", "endColumn", "newText"])
        #expect(edit["line"] as? Int == 2)
        #expect(edit["column"] as? Int == 19)
        #expect(edit["endLine"] as? Int == 2)
        #expect(edit["endColumn"] as? Int == 22)
        #expect(edit["newText"] as? String == "let")
        // Applying the edit at those 1-based UTF-8 columns gives the fixed line.
        let fixed = try Self.source.applying(Self.mainFinding().fixes[0].edits)
        #expect(String(decoding: fixed, as: UTF8.self) == "import Foundation\nlet s = \"é😀\"; let count = 0\n")

        let severities = array.map { $0["severity"] as? String }
        #expect(severities == ["error", "warning", "info", "hint"])
        #expect(array[3]["line"] as? Int == 3 && array[3]["column"] as? Int == 8 && array[3]["endColumn"] as? Int == 11)
        #expect((array[1]["fixes"] as? [Any])?.isEmpty == true)
    }

    @Test func jsonKeyOrderIsStable() {
        let out = Reporter.json([Self.mainReport()])
        let keys = [
            "\"file\"", "\"line\"", "\"column\"", "\"endLine\"", "\"endColumn\"", "\"rule\"", "\"severity\"",
            "\"message\"", "\"fixes\"",
        ]
        let positions = keys.compactMap { out.range(of: $0)?.lowerBound }
        #expect(positions.count == keys.count)
        #expect(positions == positions.sorted())
    }

    @Test func jsonEmptyAndEscaping() throws {
        #expect(Reporter.json([]) == "[]\n")
        let s = SourceFile(path: "a\"b\\c.swift", text: "x\n")
        let r = FileReport(
            path: "a\"b\\c.swift", source: s,
            findings: [
                Finding(
                    ruleID: "r", severity: .warning, range: 0..<1, message: "say \"hi\"\\ tab\t nl\n cr\r ctl\u{1} é")
            ])
        let out = Reporter.json([r])
        #expect(out.contains(#""file": "a\"b\\c.swift""#))
        #expect(out.contains(#""message": "say \"hi\"\\ tab\t nl\n cr\r ctl\u0001 é""#))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]])
        #expect(parsed[0]["message"] as? String == "say \"hi\"\\ tab\t nl\n cr\r ctl\u{1} é")
        #expect(parsed[0]["file"] as? String == "a\"b\\c.swift")
    }

    // MARK: github

    @Test func githubWorkflowCommands() {
        #expect(
            Reporter.github([Self.mainReport(), Self.otherReport()]) == """
                ::error file=Sources/App/Main.swift,line=2,col=19,endLine=2,endColumn=28,title=isolint global-mutable-state::Global 'count' is shared mutable state.
                ::warning file=Sources/App/Other.swift,line=1,col=1,endLine=1,endColumn=7,title=isolint public-type-missing-sendable::W.
                ::notice file=Sources/App/Other.swift,line=2,col=1,endLine=2,endColumn=7,title=isolint prefer-mutex::I.
                ::notice file=Sources/App/Other.swift,line=3,col=8,endLine=3,endColumn=11,title=isolint redundant-main-dispatch::H.

                """)
        #expect(Reporter.github([]) == "")
    }

    @Test func githubEscaping() {
        let path = "Sources/100%/a,b:c.swift"
        let s = SourceFile(path: path, text: "x\n")
        let r = FileReport(
            path: path, source: s,
            findings: [
                Finding(
                    ruleID: "global-mutable-state", severity: .error, range: 0..<1,
                    message: "100% sure: a, b\nnext\rline")
            ])
        #expect(
            Reporter.github([r])
                == "::error file=Sources/100%25/a%2Cb%3Ac.swift,line=1,col=1,endLine=1,endColumn=2,title=isolint global-mutable-state::100%25 sure: a, b%0Anext%0Dline\n"
        )
    }

    // MARK: xcode

    @Test func xcodeLines() {
        let out = Reporter.xcode([Self.mainReport(), Self.otherReport()]) { "/abs/" + $0 }
        #expect(
            out == """
                /abs/Sources/App/Main.swift:2:19: error: Global 'count' is shared mutable state. [global-mutable-state]
                /abs/Sources/App/Other.swift:1:1: warning: W. [public-type-missing-sendable]
                /abs/Sources/App/Other.swift:2:1: note: I. [prefer-mutex]
                /abs/Sources/App/Other.swift:3:8: note: H. [redundant-main-dispatch]

                """)
    }

    @Test func renderDispatchesOnFormat() {
        let reports = [Self.mainReport(), Self.otherReport()]
        #expect(Reporter.render(reports, format: .text, filesScanned: 2) == Reporter.text(reports, filesScanned: 2))
        #expect(Reporter.render(reports, format: .json, filesScanned: 2) == Reporter.json(reports))
        #expect(Reporter.render(reports, format: .github, filesScanned: 2) == Reporter.github(reports))
        #expect(Reporter.render(reports, format: .sarif, filesScanned: 2) == SARIFReporter.render(reports))
        #expect(
            Reporter.render(reports, format: .xcode, filesScanned: 2, absolutePath: { "/r/" + $0 })
                == Reporter.xcode(reports) { "/r/" + $0 })
        #expect(OutputFormat.allCases.map(\.rawValue) == ["text", "full", "json", "sarif", "github", "xcode"])
        #expect(
            Reporter.render(reports, format: .full, filesScanned: 2)
                == TerminalReporter.render(reports, filesScanned: 2, color: false))
    }

    // MARK: SARIF

    static func sarif(_ reports: [FileReport]) throws -> [String: Any] {
        let out = SARIFReporter.render(reports)
        #expect(out.hasSuffix("}\n"))
        return try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    }

    @Test func sarifTopLevelAndDriver() throws {
        let doc = try Self.sarif([Self.mainReport()])
        #expect(Set(doc.keys) == ["$schema", "version", "runs"])
        #expect(doc["version"] as? String == "2.1.0")
        #expect(doc["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = try #require(doc["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let run = runs[0]
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "isolint")
        #expect(driver["version"] as? String == isolintVersionString)
        #expect(driver["semanticVersion"] as? String == isolintVersionString)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == RuleCatalog.descriptors.map(\.id))
        #expect(rules.contains { $0["id"] as? String == "unknown-rule-in-suppression" })
        for (rule, d) in zip(rules, RuleCatalog.descriptors) {
            #expect((rule["shortDescription"] as? [String: Any])?["text"] as? String == d.summary)
            let help = try #require(rule["help"] as? [String: Any])
            #expect(help["text"] as? String == d.explanation)
            #expect(help["markdown"] as? String == d.explanation)
            #expect(!(d.explanation.isEmpty))
            let config = try #require(rule["defaultConfiguration"] as? [String: Any])
            let expectedLevel =
                d.defaultSeverity == .error ? "error" : d.defaultSeverity == .warning ? "warning" : "note"
            #expect(config["level"] as? String == expectedLevel)
            #expect(config["enabled"] as? Bool == d.enabledByDefault)
        }
    }

    @Test func sarifResult() throws {
        let doc = try Self.sarif([Self.mainReport()])
        let run = try #require((doc["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 1)
        let r = results[0]
        #expect(r["ruleId"] as? String == "global-mutable-state")
        let ruleIndex = try #require(r["ruleIndex"] as? Int)
        #expect(RuleCatalog.descriptors[ruleIndex].id == "global-mutable-state")
        #expect(r["level"] as? String == "error")
        #expect((r["message"] as? [String: Any])?["text"] as? String == "Global 'count' is shared mutable state.")

        let location = try #require((r["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let artifact = try #require(location["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "Sources/App/Main.swift")
        #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
        let region = try #require(location["region"] as? [String: Int])
        // UTF-16 code units: `é` counts 1 and `😀` counts 2, so `var` is at 16 (UTF-8 says 19).
        #expect(region == ["startLine": 2, "startColumn": 16, "endLine": 2, "endColumn": 25])

        let related = try #require(r["relatedLocations"] as? [[String: Any]])
        #expect(related.count == 1)
        #expect(related[0]["id"] as? Int == 0)
        #expect((related[0]["message"] as? [String: Any])?["text"] as? String == "imported here")
        let relatedRegion = ((related[0]["physicalLocation"] as? [String: Any])?["region"] as? [String: Int])
        #expect(relatedRegion == ["startLine": 1, "startColumn": 1, "endLine": 1, "endColumn": 7])

        let fixes = try #require(r["fixes"] as? [[String: Any]])
        #expect(fixes.count == 2)
        #expect((fixes[0]["description"] as? [String: Any])?["text"] as? String == "Make it a constant (`let`)")
        let change = try #require((fixes[0]["artifactChanges"] as? [[String: Any]])?.first)
        #expect((change["artifactLocation"] as? [String: Any])?["uri"] as? String == "Sources/App/Main.swift")
        let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
        #expect(
            replacement["deletedRegion"] as? [String: Int] == [
                "startLine": 2, "startColumn": 16, "endLine": 2, "endColumn": 19,
            ])
        #expect((replacement["insertedContent"] as? [String: Any])?["text"] as? String == "let")
        let insertion = try #require(
            ((fixes[1]["artifactChanges"] as? [[String: Any]])?.first?["replacements"] as? [[String: Any]])?.first)
        #expect(
            insertion["deletedRegion"] as? [String: Int] == [
                "startLine": 2, "startColumn": 16, "endLine": 2, "endColumn": 16,
            ])
        #expect((insertion["insertedContent"] as? [String: Any])?["text"] as? String == "@MainActor ")
    }

    @Test func sarifLevelsAndOptionalParts() throws {
        var unknownRule = Self.otherReport()
        unknownRule.findings.append(Finding(ruleID: "not-a-catalog-rule", severity: .error, range: 0..<1, message: "x"))
        let doc = try Self.sarif([unknownRule])
        let results = try #require((doc["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.map { $0["level"] as? String } == ["warning", "note", "note", "error"])
        #expect(
            results.map { $0["ruleId"] as? String } == [
                "public-type-missing-sendable", "prefer-mutex", "redundant-main-dispatch", "not-a-catalog-rule",
            ])
        // Without fixes or notes there are no empty `fixes`/`relatedLocations` arrays.
        #expect(results.allSatisfy { $0["fixes"] == nil && $0["relatedLocations"] == nil })
        // Every ruleIndex points at the rule of the same id; unknown ids carry none.
        let rules = try #require(
            ((doc["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any]).flatMap {
                ($0["driver"] as? [String: Any])?["rules"] as? [[String: Any]]
            })
        for r in results.prefix(3) {
            let i = try #require(r["ruleIndex"] as? Int)
            #expect(rules[i]["id"] as? String == r["ruleId"] as? String)
        }
        #expect(results[3]["ruleIndex"] == nil)
    }

    @Test func sarifNoResults() throws {
        let doc = try Self.sarif([])
        let run = try #require((doc["runs"] as? [[String: Any]])?.first)
        #expect((run["results"] as? [Any])?.isEmpty == true)
    }

    @Test func sarifURIsArePercentEncodedRelativeReferences() {
        #expect(SARIFReporter.uri("Sources/App/Main.swift") == "Sources/App/Main.swift")
        #expect(SARIFReporter.uri("./Sources/My App/ü#1.swift") == "Sources/My%20App/%C3%BC%231.swift")
        #expect(SARIFReporter.uri("a%b/c~d-e_f.g") == "a%25b/c~d-e_f.g")
    }

    /// Runs `scripts/check-sarif.py` on the rendered SARIF when python3 and the script exist (the
    /// script validates against the SARIF 2.1.0 schema when it can find it and skips that part
    /// otherwise).
    @Test func sarifPassesTheCheckScript() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let script = root.appendingPathComponent("scripts/check-sarif.py")
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let python = path.split(separator: ":").map { "\($0)/python3" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard FileManager.default.fileExists(atPath: script.path), let python else {
            print("skipped: python3 or scripts/check-sarif.py not found")
            return
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "isolint-reporter-\(UUID().uuidString).sarif")
        defer { try? FileManager.default.removeItem(at: file) }
        var notes = Self.otherReport(path: "Sources/My App/ü.swift")
        notes.findings.append(Self.mainFinding())
        notes.findings[3].range = 0..<1
        notes.findings[3].notes = [Note(range: 12..<18, message: "n")]
        notes.findings[3].fixes[0].edits = [Edits.replace(0..<1, with: "y")]
        notes.findings[3].fixes[1].edits = [Edits.insert("z", at: 0)]
        try SARIFReporter.render([Self.mainReport(), notes]).write(to: file, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = [script.path, file.path]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(output)")
    }
}
