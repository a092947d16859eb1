import IsolintSyntax
import Testing

@testable import IsolintRules

/// Baselines: findings known by rule, file and the text of their line(s) with whitespace
/// normalised, counted; moved code still matches, a new copy of a known hazard does not.
@Suite("Baseline")
struct BaselineTests {
    static func report(_ text: String, path: String = "Sources/A.swift", needles: [String]) -> FileReport {
        let s = SourceFile(path: path, text: text)
        let bytes = Array(text.utf8)
        var findings: [Finding] = []
        var from = 0
        for needle in needles {
            let n = Array(needle.utf8)
            var i = from
            while i + n.count <= bytes.count, Array(bytes[i..<i + n.count]) != n { i += 1 }
            findings.append(
                Finding(ruleID: "global-mutable-state", severity: .error, range: i..<i + n.count, message: "M."))
            from = i + n.count
        }
        return FileReport(path: path, source: s, findings: findings)
    }

    @Test func keyIsRuleFileAndNormalisedLineText() {
        let r = Self.report("enum E {\n\tstatic   var x = 0  \n}\n", needles: ["var x"])
        let k = Baseline.key(r.findings[0], in: r.source, file: "A.swift")
        #expect(k == Baseline.Key(rule: "global-mutable-state", file: "A.swift", text: "static var x = 0"))
    }

    @Test func movedAndReindentedCodeStillMatches() {
        let before = Self.report("var a = 0\nvar b = 0\n", needles: ["var a", "var b"])
        let baseline = Baseline([before]) { $0 }
        let after = Self.report("// new comment\n\nstruct S {}\n  var b = 0\nvar a = 0\n", needles: ["var b", "var a"])
        let (fresh, stale) = baseline.newFindings([after]) { $0 }
        #expect(fresh[0].findings.isEmpty)
        #expect(stale == 0)
    }

    @Test func aSecondCopyOfAKnownFindingIsNewAndFixedOnesAreStale() {
        let baseline = Baseline([Self.report("var a = 0\nvar b = 0\n", needles: ["var a", "var b"])]) { $0 }
        let after = Self.report("var a = 0\nvar a = 0\n", needles: ["var a", "var a"])
        let (fresh, stale) = baseline.newFindings([after]) { $0 }
        #expect(fresh[0].findings.map(\.range) == [10..<15])
        #expect(stale == 1)
    }

    @Test func otherFileOrRuleIsNew() {
        let baseline = Baseline([Self.report("var a = 0\n", needles: ["var a"])]) { $0 }
        let moved = Self.report("var a = 0\n", path: "Sources/B.swift", needles: ["var a"])
        #expect(baseline.newFindings([moved]) { $0 }.reports[0].findings.count == 1)
        var otherRule = Self.report("var a = 0\n", needles: ["var a"])
        otherRule.findings[0].ruleID = "prefer-mutex"
        #expect(baseline.newFindings([otherRule]) { $0 }.reports[0].findings.count == 1)
    }

    @Test func fileRoundTripsSortedAndCounted() throws {
        let r = Self.report("var b = 0\nvar a = 0\nvar a = 0\n", needles: ["var b", "var a", "var a"])
        let baseline = Baseline([r]) { $0 }
        let json = baseline.json()
        #expect(
            json == """
                {
                  "version": 1,
                  "findings": [
                    {
                      "rule": "global-mutable-state",
                      "file": "Sources/A.swift",
                      "text": "var a = 0",
                      "count": 2
                    },
                    {
                      "rule": "global-mutable-state",
                      "file": "Sources/A.swift",
                      "text": "var b = 0",
                      "count": 1
                    }
                  ]
                }

                """)
        #expect(try Baseline.parse(Array(json.utf8)) == baseline)
    }

    @Test func badFilesAreErrorsNotTraps() {
        for bad in [
            "", "[]", "{\"version\": 2, \"findings\": []}", "{\"version\": 1}",
            "{\"version\": 1, \"findings\": [{\"rule\": 1}]}",
            "{\"version\": 1, \"findings\": [{\"rule\": \"r\", \"file\": \"f\", \"text\": \"t\", \"count\": 0}]}",
        ] {
            #expect(throws: Baseline.ParseError.self) { try Baseline.parse(Array(bad.utf8)) }
        }
    }
}
