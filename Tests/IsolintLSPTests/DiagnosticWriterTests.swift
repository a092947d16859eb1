import Foundation
import IsolintRules
import IsolintSyntax
import Testing

@testable import IsolintLSP

/// The hand-written `publishDiagnostics` bytes (DiagnosticWriter.publishParams, on every
/// keystroke's path) against the protocol types' Codable path: the same bytes, and decoded by
/// Foundation's JSONDecoder, the same value.
@Suite("DiagnosticWriter agrees with the protocol types")
struct DiagnosticWriterTests {
    /// Hazards of several rules (one with notes, one of a faded rule), after non-ASCII text and
    /// a CRLF line, so that UTF-16 columns differ from bytes; a message with quotes and a tab.
    static let text = """
        // Généré — 😀\r
        import Combine
        var counter = 0
        final class Model: ObservableObject {
            @Published var value = 0
            func load() { Task.detached { print("\\"tab\\"\t") } }
        }
        enum Cache { static var entries: [String: Int] = [:] }

        """

    /// Rule fixtures whose findings carry notes (continuation-misuse, with CRLF line ends) and
    /// whose rule is faded (reflexive-weak-self, a hint).
    static let fixtures = [
        "continuation-misuse/fires-double-resume-crlf.swift", "reflexive-weak-self/fires-guard-and-chain.swift",
    ]

    static func findings() -> (SourceFile, [Finding]) {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("IsolintRulesTests/Fixtures")
        let more = fixtures.compactMap { try? String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8) }
        let source = SourceFile(path: "/tmp/W.swift", text: text + more.joined(separator: "\n"))
        let tree = Pipeline.parse(source)
        let settings = TargetSettings(kind: .library)
        let index = Pipeline.index([Pipeline.indexPart(tree, settings: settings)])
        return (source, Linter().lint(tree, index: index, settings: settings))
    }

    static func capabilities(_ variant: Int) -> ClientCapabilities {
        var c = ClientCapabilities()
        c.codeDescription = variant & 1 != 0
        c.relatedInformation = variant & 2 != 0
        c.unnecessaryTag = variant & 4 != 0
        return c
    }

    @Test(arguments: 0..<8, [PositionEncoding.utf8, .utf16, .utf32])
    func handWrittenBytesAreTheCodableEncoding(_ variant: Int, _ encoding: PositionEncoding) throws {
        let (source, findings) = Self.findings()
        #expect(findings.count >= 6)
        #expect(findings.contains { !$0.notes.isEmpty } && findings.contains { $0.ruleID == "reflexive-weak-self" })
        let writer = DiagnosticWriter(
            linter: Linter(), docsBaseURL: "https://example.com/rules", capabilities: Self.capabilities(variant))
        let positions = Positions(source: source, encoding: encoding)
        let uri = "file:///tmp/W%20x.swift"
        let bytes = writer.publishParams(uri: uri, version: 7, findings: findings, positions)
        let typed = writer.publishNotification(uri: uri, version: 7, findings: findings, positions)
        #expect(String(decoding: bytes, as: UTF8.self) == JSONCoding.encode(typed).serialized())
        let decoded = try JSONDecoder().decode(PublishDiagnosticsNotification.self, from: Data(bytes))
        #expect(decoded == typed)
    }

    /// The variants really differ: each capability shows in the output.
    @Test func capabilitiesChangeTheOutput() {
        let (source, findings) = Self.findings()
        let positions = Positions(source: source, encoding: .utf16)
        let outputs = (0..<8).map {
            DiagnosticWriter(linter: Linter(), docsBaseURL: "https://e.com", capabilities: Self.capabilities($0))
                .publishParams(uri: "u", version: 1, findings: findings, positions)
        }
        #expect(Set(outputs).count == 8)
    }
}
