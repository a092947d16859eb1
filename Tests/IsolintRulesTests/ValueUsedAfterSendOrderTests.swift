import IsolintSyntax
import Testing

@testable import IsolintRules

/// `value-used-after-send` reports a local once, at the last of its sends before a later use (the
/// one a walk of the body meets first), with or without task closures in the function (the
/// references come from the sent arguments alone when there is none, from a walk otherwise).
@Suite("value-used-after-send: which send is reported")
struct ValueUsedAfterSendOrderTests {
    static let declarations = """
        final class Report {
            var lines: [String] = []
        }

        actor Uploader {
            func upload(_ report: Report) {}
        }

        """

    static func findings(_ body: String) -> [(range: String, notes: [String])] {
        let text = declarations + body
        let tree = Pipeline.parse(SourceFile(path: "Sources/App/F.swift", text: text))
        let settings = TargetSettings(targetName: "App", kind: .library)
        let index = Linter.index([tree], settings: settings)
        let lines = tree.source.lines
        func at(_ r: Range<Int>) -> String {
            "\(lines.line(of: r.lowerBound) + 1):\(r.lowerBound - lines.lineStart(of: r.lowerBound) + 1)"
        }
        return Linter().lint(tree, index: index, settings: settings).filter { $0.ruleID == "value-used-after-send" }
            .map { (at($0.range), $0.notes.map { at($0.range) }) }
    }

    @Test func sentTwiceThenUsedIsReportedAtTheLastSend() {
        let found = Self.findings(
            """
            func sendTwice(_ uploader: Uploader) async {
                let report = Report()
                await uploader.upload(report)
                await uploader.upload(report)
                report.lines.append("sent")
            }

            """)
        #expect(found.map(\.range) == ["11:27"])
        #expect(found.first?.notes == ["12:5"])
    }

    /// Reported at the task the value is captured by (where the compiler reports it).
    @Test func withATaskClosureTheCaptureIsReportedAtTheTask() {
        let found = Self.findings(
            """
            func sendThenCapture(_ uploader: Uploader) async {
                let report = Report()
                await uploader.upload(report)
                Task { report.lines.append("task") }
                report.lines.append("sent")
            }

            """)
        #expect(found.map(\.range) == ["11:5"])
    }
}
