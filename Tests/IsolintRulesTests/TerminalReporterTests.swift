import IsolintSyntax
import Testing

@testable import IsolintRules

/// The output for a person at a terminal: the source line, a caret under the range (in terminal
/// columns: `é` one, `😀` two), the fixes, the rule's summary, a summary by rule; ANSI colour only
/// when asked.
@Suite("Terminal reporter")
struct TerminalReporterTests {
    static let summary = "Static or global mutable state that no global actor isolates."

    @Test func oneFindingShowsSourceCaretFixesAndRule() {
        let out = TerminalReporter.render([ReporterTests.mainReport()], filesScanned: 1, color: false)
        #expect(
            out == """
                error[global-mutable-state]: Global 'count' is shared mutable state.
                 --> Sources/App/Main.swift:2:19
                  |
                2 | let s = "é😀"; var count = 0
                  |                ^^^^^^^^^
                  = note: imported here (Sources/App/Main.swift:1:1)
                  = fix: Make it a constant (`let`) (preferred)
                  = fix: Isolate to the main actor (`@MainActor`)
                  = rule: \(Self.summary) (isolint explain global-mutable-state)

                Findings by rule:
                  1  error   global-mutable-state  \(Self.summary)
                1 finding (1 error) in 1 file.

                """)
    }

    @Test func colourWrapsSeverityGutterAndFixes() {
        let out = TerminalReporter.render([ReporterTests.mainReport()], filesScanned: 1, color: true)
        #expect(out.hasPrefix("\u{1B}[1;31merror[global-mutable-state]\u{1B}[0m\u{1B}[1m: Global 'count'"))
        #expect(out.contains("\u{1B}[1;34m2\u{1B}[0m \u{1B}[1;34m|\u{1B}[0m let s"))
        #expect(out.contains("  \u{1B}[1;31m^^^^^^^^^\u{1B}[0m\n"))
        #expect(out.contains("\u{1B}[1;32mfix\u{1B}[0m: Make it a constant"))
        // Without colour not one escape.
        #expect(
            !TerminalReporter.render([ReporterTests.mainReport()], filesScanned: 1, color: false).contains("\u{1B}"))
    }

    @Test func summaryByRuleMostFrequentFirstAndReviewFixesMarked() {
        var other = ReporterTests.otherReport()
        other.findings.append(other.findings[0])
        other.findings[2].fixes = [Fix(title: "Add a Safety comment", needsReview: true, edits: [])]
        let out = TerminalReporter.render([other], filesScanned: 2, color: false)
        #expect(out.contains("  = fix: Add a Safety comment (needs review)\n"))
        #expect(
            out.hasSuffix(
                """
                Findings by rule:
                  2  warning public-type-missing-sendable  \(RuleCatalog.descriptor("public-type-missing-sendable")?.summary ?? "")
                  1  info    prefer-mutex                  \(RuleCatalog.descriptor("prefer-mutex")?.summary ?? "")
                  1  hint    redundant-main-dispatch       \(RuleCatalog.descriptor("redundant-main-dispatch")?.summary ?? "")
                4 findings (2 warnings, 1 info, 1 hint) in 2 files.

                """))
    }

    @Test func multiLineRangeShowsThreeLinesThenElides() {
        let text = "class A {\n  var x = 0\n  var y = 0\n  var z = 0\n}\n"
        let s = SourceFile(path: "A.swift", text: text)
        let f = Finding(
            ruleID: "unchecked-sendable-unguarded", severity: .warning, range: 0..<text.utf8.count - 1, message: "M.")
        let out = TerminalReporter.finding(
            f, in: FileReport(path: "A.swift", source: s, findings: [f]), paint: Paint(enabled: false))
        #expect(
            out.hasPrefix(
                """
                warning[unchecked-sendable-unguarded]: M.
                 --> A.swift:1:1
                  |
                1 | class A {
                  | ^^^^^^^^^
                2 |   var x = 0
                  | ^^^^^^^^^^^
                3 |   var y = 0
                  | ^^^^^^^^^^^
                  | … 2 more lines

                """))
    }

    @Test func tabsExpandAndTheCaretFollows() {
        let text = "enum E {\n\tstatic var x = 0\n}\n"
        let s = SourceFile(path: "E.swift", text: text)
        let start = 10 + 7  // after "enum E {\n\t" and "static "
        let f = Finding(ruleID: "global-mutable-state", severity: .error, range: start..<start + 5, message: "M.")
        let out = TerminalReporter.finding(
            f, in: FileReport(path: "E.swift", source: s, findings: [f]), paint: Paint(enabled: false))
        #expect(out.contains("2 |     static var x = 0\n  |            ^^^^^\n"))
    }

    @Test func emptyRangeGetsOneCaret() {
        let s = SourceFile(path: "E.swift", text: "let a = 1\n")
        let f = Finding(ruleID: "global-mutable-state", severity: .error, range: 4..<4, message: "M.")
        let out = TerminalReporter.finding(
            f, in: FileReport(path: "E.swift", source: s, findings: [f]), paint: Paint(enabled: false))
        #expect(out.contains("1 | let a = 1\n  |     ^\n"))
    }

    @Test func displayWidths() {
        #expect(DisplayWidth.of(Array("abc".utf8)[...]) == 3)
        #expect(DisplayWidth.of(Array("é😀".utf8)[...]) == 3)
        #expect(DisplayWidth.of(Array("e\u{301}".utf8)[...]) == 1)  // combining acute
        #expect(DisplayWidth.of(Array("漢字".utf8)[...]) == 4)
        #expect(DisplayWidth.of(Array("❤\u{FE0F}".utf8)[...]) == 1)
        // Half a scalar (a range that splits one) never traps.
        #expect(DisplayWidth.of(Array("😀".utf8)[0..<2]) == 1)
    }

    @Test func noFindingsIsTheOneLineSummary() {
        #expect(TerminalReporter.render([], filesScanned: 3, color: true) == "No findings in 3 files.\n")
    }
}
