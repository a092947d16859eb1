import Foundation
import IsolintRules
import IsolintSyntax
import Testing

@Suite("Rule fixtures")
struct RuleFixtureTests {
    @Test("findings at exactly the marked lines", arguments: RuleFixture.all())
    func findings(_ fixture: RuleFixture) throws {
        let data = try Data(contentsOf: fixture.url)
        let prepared = PreparedFixture(data)
        let (tree, findings) = lintFixture(
            prepared.bytes, path: "\(fixture.rule)/\(fixture.name).swift", settings: prepared.settings)
        let relevant = Set([fixture.rule] + prepared.expectations.map(\.rule))
        let actual = findings.filter { relevant.contains($0.ruleID) }.map { f -> Expectation in
            let (line, column) = tree.source.lineColumn(of: f.range.lowerBound)
            return Expectation(rule: f.ruleID, line: line, column: column)
        }
        // An expectation without a column matches any column on its line.
        var unmatched = actual
        var missing: [Expectation] = []
        for e in prepared.expectations {
            if let k = unmatched.firstIndex(where: {
                $0.rule == e.rule && $0.line == e.line && (e.column == nil || $0.column == e.column)
            }) {
                unmatched.remove(at: k)
            } else {
                missing.append(e)
            }
        }
        #expect(missing.isEmpty, "expected but not reported: \(missing)")
        #expect(unmatched.isEmpty, "reported but not expected: \(unmatched)")
        if fixture.name.hasPrefix("quiet") { #expect(prepared.expectations.isEmpty, "quiet fixtures carry no markers") }
    }

    /// `ISOLINT_UPDATE_SNAPSHOTS=1 swift test --filter snapshots` rewrites them; review the diff.
    @Test("findings in full match the snapshot", arguments: RuleFixture.all())
    func snapshots(_ fixture: RuleFixture) throws {
        let prepared = PreparedFixture(try Data(contentsOf: fixture.url))
        let (tree, findings) = lintFixture(
            prepared.bytes, path: "\(fixture.rule)/\(fixture.name).swift", settings: prepared.settings)
        let relevant = Set([fixture.rule] + prepared.expectations.map(\.rule))
        let actual = snapshot(findings.filter { relevant.contains($0.ruleID) }, tree.source)
        let url = snapshotURL(rule: fixture.rule, name: fixture.name)
        if ProcessInfo.processInfo.environment["ISOLINT_UPDATE_SNAPSHOTS"] == "1" {
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = try #require(
            try? String(contentsOf: url, encoding: .utf8),
            "no snapshot \(url.lastPathComponent): run ISOLINT_UPDATE_SNAPSHOTS=1 swift test --filter snapshots")
        #expect(actual == expected, "snapshot of \(fixture.rule)/\(fixture.name) differs")
    }

    @Test(
        "fixes produce exactly the expected file", arguments: RuleFixture.all().filter { !$0.fixExpectations.isEmpty })
    func fixes(_ fixture: RuleFixture) throws {
        let prepared = PreparedFixture(try Data(contentsOf: fixture.url))
        let (tree, findings) = lintFixture(
            prepared.bytes, path: "\(fixture.rule)/\(fixture.name).swift", settings: prepared.settings)
        let first = try #require(findings.first { $0.ruleID == fixture.rule }, "no finding of \(fixture.rule) to fix")
        for (index, url) in fixture.fixExpectations {
            try #require(
                index < first.fixes.count, "fix \(index + 1) not offered; offered: \(first.fixes.map(\.title))")
            let fixed = try tree.source.applying(first.fixes[index].edits)
            let expected = PreparedFixture(try Data(contentsOf: url)).bytes
            #expect(
                String(decoding: fixed, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
                "fix \(index + 1) '\(first.fixes[index].title)' of \(fixture.name)")
            // The fixed file still parses into the same declarations plus nothing broken.
            let reparsed = SyntaxTree.parse(SourceFile(path: "fixed.swift", bytes: fixed))
            #expect(
                !reparsed.nodes.contains { $0.kind == .unknown && $0.flags.contains(.isError) },
                "fix leaves the file parseable")
            if prepared.compiles,
                let errors = compilerErrors(fixed, name: "\(fixture.name).swift", settings: prepared.settings)
            {
                #expect(errors.isEmpty, "fixed file compiles clean in Swift 6 mode: \(errors)")
            }
        }
    }
}
