import Foundation
import IsolintRules
import IsolintSyntax
import Testing

@Suite("Rule fixtures")
struct RuleFixtureTests {
    @Test("findings at exactly the marked lines", arguments: RuleFixture.all())
    func findings(_ fixture: RuleFixture) throws {
        let linted = try LintedFixture(fixture)
        let relevant = linted.relevantRules(fixture)
        for file in linted.files {
            let actual = file.findings.filter { relevant.contains($0.ruleID) }.map { f -> Expectation in
                let (line, column) = file.tree.source.lineColumn(of: f.range.lowerBound)
                return Expectation(rule: f.ruleID, line: line, column: column)
            }
            // An expectation without a column matches any column on its line.
            var unmatched = actual
            var missing: [Expectation] = []
            for e in file.prepared.expectations {
                if let k = unmatched.firstIndex(where: {
                    $0.rule == e.rule && $0.line == e.line && (e.column == nil || $0.column == e.column)
                }) {
                    unmatched.remove(at: k)
                } else {
                    missing.append(e)
                }
            }
            let where_ = fixture.isDirectory ? " in \(file.relative)" : ""
            #expect(missing.isEmpty, "expected but not reported\(where_): \(missing)")
            #expect(unmatched.isEmpty, "reported but not expected\(where_): \(unmatched)")
        }
        if fixture.name.hasPrefix("quiet") { #expect(linted.expectations.isEmpty, "quiet fixtures carry no markers") }
    }

    /// `ISOLINT_UPDATE_SNAPSHOTS=1 swift test --filter snapshots` rewrites them; review the diff.
    @Test("findings in full match the snapshot", arguments: RuleFixture.all())
    func snapshots(_ fixture: RuleFixture) throws {
        let linted = try LintedFixture(fixture)
        let relevant = linted.relevantRules(fixture)
        var actual = ""
        for file in linted.files {
            let text = snapshot(file.findings.filter { relevant.contains($0.ruleID) }, file.tree.source)
            // A directory's snapshot has a section per file.
            actual += fixture.isDirectory ? "== \(file.relative)\n" + text : text
        }
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

    /// The first finding of the fixture's rule (in file order) has each fix `NAME.fixN.swift`
    /// holds; a fixed manifest must be accepted by `swift package dump-package`.
    @Test(
        "fixes produce exactly the expected file", arguments: RuleFixture.all().filter { !$0.fixExpectations.isEmpty })
    func fixes(_ fixture: RuleFixture) throws {
        let linted = try LintedFixture(fixture)
        let owner = try #require(
            linted.files.first { f in f.findings.contains { $0.ruleID == fixture.rule } },
            "no finding of \(fixture.rule) to fix")
        let first = try #require(owner.findings.first { $0.ruleID == fixture.rule })
        for (index, url) in fixture.fixExpectations {
            try #require(
                index < first.fixes.count, "fix \(index + 1) not offered; offered: \(first.fixes.map(\.title))")
            let fixed = try owner.tree.source.applying(first.fixes[index].edits)
            let expected = PreparedFixture(try Data(contentsOf: url)).bytes
            #expect(
                String(decoding: fixed, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
                "fix \(index + 1) '\(first.fixes[index].title)' of \(fixture.name)")
            // The fixed file still parses into the same declarations plus nothing broken.
            let reparsed = SyntaxTree.parse(SourceFile(path: "fixed.swift", bytes: fixed))
            #expect(
                !reparsed.nodes.contains { $0.kind == .unknown && $0.flags.contains(.isError) },
                "fix leaves the file parseable")
            if owner.relative == "Package.swift" || PackageManifest.isManifest(path: owner.relative),
                let errors = dumpPackageErrors(fixed)
            {
                #expect(errors.isEmpty, "swift package dump-package accepts the fixed manifest: \(errors)")
            } else if owner.prepared.compiles {
                try expectCompiles(fixed, owner: owner, in: linted)
            }
        }
    }

    /// The fixed file compiles clean in Swift 6 mode, with the other files of a directory fixture
    /// (and the SwiftData stand-ins when asked for).
    func expectCompiles(_ fixed: [UInt8], owner: LintedFixture.File, in linted: LintedFixture) throws {
        let sources = linted.files.filter { $0.relative != "Package.swift" }.map { f in
            (name: f.relative, bytes: f.relative == owner.relative ? fixed : f.prepared.bytes)
        }
        var inputs = sources
        if owner.prepared.usesStandIns {
            inputs = sources.map { ($0.name, StandIns.expand($0.bytes)) }
            inputs.append(("SwiftDataStandIns.swift", try #require(StandIns.swiftData, "no SwiftData stand-ins")))
        }
        if let errors = compilerErrors(inputs, settings: owner.settings) {
            #expect(errors.isEmpty, "fixed file compiles clean in Swift 6 mode: \(errors)")
        }
    }
}
