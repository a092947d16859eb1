import Foundation
import Testing

@testable import IsolintRules

/// The registry is the one list of rules: every id has its fixtures and an explanation with the
/// fixed sections, and the generated reference and the README's table are current.
@Suite("Rule catalog")
struct CatalogTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test func idsAreUniqueAndNotReserved() {
        let ids = RuleCatalog.descriptors.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(
            RuleCatalog.reservedIDs.isDisjoint(with: ids), "a reserved id is implemented: move it out of reservedIDs")
        #expect(Linter().knownRuleIDs == RuleCatalog.knownIDs)
    }

    @Test("every rule has firing and quiet fixtures", arguments: RuleCatalog.descriptors.map(\.id))
    func fixturesExist(_ id: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.appendingPathComponent(id).path)
        #expect(names.contains { $0.hasPrefix("fires-") }, "\(id) has no fires-* fixture")
        #expect(names.contains { $0.hasPrefix("quiet-") }, "\(id) has no quiet-* fixture")
    }

    @Test("every explanation has the fixed sections", arguments: RuleCatalog.descriptors.map(\.id))
    func explanationSections(_ id: String) throws {
        let d = try #require(RuleCatalog.descriptor(id))
        let headings = d.explanation.split(separator: "\n").filter { $0.hasPrefix("## ") }.map(String.init)
        #expect(headings.first == "## What it finds", "\(id): \(headings)")
        #expect(headings.contains { $0.hasPrefix("## Why it matters") }, "\(id): \(headings)")
        #expect(headings.contains { $0 == "## Fix" || $0 == "## Which fix when" }, "\(id): \(headings)")
        #expect(headings.last == "## Before / after", "\(id): \(headings)")
        #expect(d.explanation.contains("```swift"), "\(id): the before/after needs code")
        #expect(!d.summary.isEmpty && d.summary.count < 140)
    }

    @Test func generatedReferenceIsCurrent() throws {
        let file = Self.repository.appendingPathComponent("docs/rules.md")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(
            text == RuleReference.markdown(),
            "docs/rules.md is stale: run `isolint rules --format markdown > docs/rules.md`")
    }

    @Test func readmeTableMatchesTheRegistry() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = "<!-- rules:begin -->\n", end = "<!-- rules:end -->"
        let start = try #require(readme.range(of: begin), "README.md has no rules:begin marker")
        let stop = try #require(readme.range(of: end), "README.md has no rules:end marker")
        #expect(
            String(readme[start.upperBound..<stop.lowerBound]) == RuleReference.table(),
            "README.md's rule table is stale: paste `RuleReference.table()` (isolint rules --format markdown)")
    }

    @Test func rulesJSONListsEveryRule() throws {
        let data = Data(RuleReference.json().utf8)
        let items = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == RuleCatalog.descriptors.map(\.id))
        #expect(items.allSatisfy { $0["severity"] is String && $0["summary"] is String && $0["explanation"] is String })
        #expect(items.first?["compilerGroup"] as? String == "MutableGlobalVariable")
    }
}
