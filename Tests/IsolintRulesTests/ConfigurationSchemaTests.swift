import Foundation
import Testing

@testable import IsolintRules

/// The JSON Schema of `.isolint.json` covers exactly the keys the parser knows, names every rule
/// id configuration may name, and the checked-in copies are current.
@Suite("Configuration schema")
struct ConfigurationSchemaTests {
    @Test func propertiesAreTheKnownKeys() {
        let keys = ConfigurationSchema.properties(ruleIDs: []).map(\.0)
        #expect(Set(keys) == Configuration.knownKeys)
        #expect(keys.count == Configuration.knownKeys.count)
    }

    @Test func schemaKeyIsAllowedAndIgnored() throws {
        let schema = try JSON.parse(ConfigurationSchema.json())
        #expect(schema.at("properties", "$schema", "type") == .string("string"))
        let (c, problems) = Configuration.parse(
            Data("{\"$schema\": \"docs/isolint.schema.json\", \"inlayHints\": true}".utf8), file: "f",
            knownRules: [])
        #expect(problems.isEmpty)
        #expect(c.inlayHints == true)
    }

    @Test func rulesListEveryKnownID() throws {
        let schema = try JSON.parse(ConfigurationSchema.json())
        let rules = schema.at("properties", "rules", "properties")?.objectPairs?.map(\.0) ?? []
        #expect(rules == RuleCatalog.knownIDs.sorted())
        #expect(
            schema.at("definitions", "severity", "enum")
                == .array(["off", "error", "warning", "info", "hint"].map { .string($0) }))
    }

    @Test(arguments: ["docs/isolint.schema.json", "editors/vscode/isolint.schema.json"])
    func checkedInCopyIsCurrent(_ path: String) throws {
        let text = try String(contentsOf: CatalogTests.repository.appendingPathComponent(path), encoding: .utf8)
        #expect(text == ConfigurationSchema.json(), "\(path) is stale: run `isolint rules --format schema > \(path)`")
    }
}
