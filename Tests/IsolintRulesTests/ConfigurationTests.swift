import Foundation
import IsolintSyntax
import Testing

@testable import IsolintRules

/// `.isolint.json` (DESIGN.md "Configuration"): valid entries apply, each bad one is reported
/// with its key named, and the rest still applies.
@Suite("Configuration")
struct ConfigurationTests {
    static let known = Linter().knownRuleIDs
    static let file = "/repo/.isolint.json"

    static func parse(_ json: String) -> (Configuration, [Configuration.Problem]) {
        Configuration.parse(Data(json.utf8), file: file, knownRules: known)
    }

    static let severityMessage = #"expected "off", "error", "warning", "info" or "hint""#
    /// The known keys are listed sorted; the list grows with the product (`inlayHints` for the
    /// language server), so it is taken from the source of truth.
    static let knownKeysMessage = "unknown key (known: \(Configuration.knownKeys.sorted().joined(separator: ", ")))"

    // MARK: Valid input

    @Test func fullValidConfiguration() {
        let (c, problems) = Self.parse(
            """
            {
              "rules": { "prefer-mutex": "info", "redundant-main-dispatch": "off", "global-mutable-state": "warning",
                         "observable-object-missing-main-actor": "error", "public-type-missing-sendable": "hint" },
              "exclude": ["Generated/**", "*.generated.swift"],
              "swiftVersion": "6",
              "defaultIsolation": "MainActor",
              "upcomingFeatures": ["InferIsolatedConformances", "NonisolatedNonsendingByDefault"],
              "docsBaseURL": "https://example.invalid/rules/"
            }
            """)
        #expect(problems.isEmpty)
        #expect(c.ruleOverrides.count == 5)
        #expect(c.ruleOverrides["prefer-mutex"] == .some(.info))
        #expect(c.ruleOverrides["redundant-main-dispatch"] == .some(nil))
        #expect(c.ruleOverrides["global-mutable-state"] == .some(.warning))
        #expect(c.ruleOverrides["observable-object-missing-main-actor"] == .some(.error))
        #expect(c.ruleOverrides["public-type-missing-sendable"] == .some(.hint))
        #expect(c.ruleOverrides["unsafe-opt-out-undocumented"] == nil)
        #expect(c.exclude == ["Generated/**", "*.generated.swift"])
        #expect(c.swiftVersion == 6)
        #expect(c.defaultIsolationMainActor == true)
        #expect(c.upcomingFeatures == ["InferIsolatedConformances", "NonisolatedNonsendingByDefault"])
        #expect(c.docsBaseURL == "https://example.invalid/rules/")
    }

    @Test func emptyObjectIsTheDefault() {
        let (c, problems) = Self.parse("{}")
        #expect(problems.isEmpty)
        #expect(c == Configuration())
        #expect(
            c.swiftVersion == nil && c.defaultIsolationMainActor == nil && c.exclude.isEmpty && c.ruleOverrides.isEmpty)
    }

    @Test func swiftVersionAsStringOrNumberAndNonisolatedDefault() {
        let (a, pa) = Self.parse(#"{"swiftVersion": 5, "defaultIsolation": "nonisolated"}"#)
        #expect(pa.isEmpty)
        #expect(a.swiftVersion == 5)
        #expect(a.defaultIsolationMainActor == false)
        let (b, pb) = Self.parse(#"{"swiftVersion": "5"}"#)
        #expect(pb.isEmpty && b.swiftVersion == 5)
        let (c, pc) = Self.parse(#"{"swiftVersion": 6}"#)
        #expect(pc.isEmpty && c.swiftVersion == 6)
    }

    @Test func inlayHintsFlag() {
        let (on, p1) = Self.parse(#"{"inlayHints": true}"#)
        #expect(p1.isEmpty && on.inlayHints == true)
        let (off, p2) = Self.parse(#"{"inlayHints": false}"#)
        #expect(p2.isEmpty && off.inlayHints == false)
        #expect(Configuration().inlayHints == nil)
        let (bad, p3) = Self.parse(#"{"inlayHints": "yes", "swiftVersion": "6"}"#)
        #expect(p3 == [Configuration.Problem(file: Self.file, key: "inlayHints", message: "expected true or false")])
        #expect(bad.inlayHints == nil && bad.swiftVersion == 6)
    }

    @Test func reservedCatalogIdsAndTheSuppressionRuleAreAccepted() {
        let (c, problems) = Self.parse(
            #"{"rules": {"deinit-isolation": "off", "unknown-rule-in-suppression": "error"}}"#)
        #expect(problems.isEmpty)
        #expect(c.ruleOverrides["deinit-isolation"] == .some(nil))
        #expect(c.ruleOverrides["unknown-rule-in-suppression"] == .some(.error))
    }

    // MARK: Bad input

    @Test(arguments: ["{", "", "{\"rules\": }", "{'rules': {}}", "not json at all"])
    func notJSON(text: String) throws {
        let (c, problems) = Self.parse(text)
        #expect(c == Configuration())
        let p = try #require(problems.first)
        #expect(problems.count == 1)
        #expect(p.file == Self.file)
        #expect(p.key == "(file)")
        #expect(p.message.hasPrefix("not valid JSON: "))
        #expect(p.description.hasPrefix("/repo/.isolint.json: '(file)': not valid JSON: "))
    }

    @Test(arguments: ["[]", #"["rules"]"#, #"[{"rules": {}}]"#])
    func notAnObject(text: String) {
        let (c, problems) = Self.parse(text)
        #expect(c == Configuration())
        #expect(
            problems == [
                Configuration.Problem(
                    file: Self.file, key: "(file)", message: "expected a JSON object at the top level")
            ])
    }

    @Test func unknownKeysAreNamedAndTheRestApplies() {
        let (c, problems) = Self.parse(
            #"{"rulez": {"global-mutable-state": "off"}, "Exclude": [], "exclude": ["Gen/**"], "swiftVersion": "5"}"#)
        #expect(
            problems == [
                Configuration.Problem(file: Self.file, key: "Exclude", message: Self.knownKeysMessage),
                Configuration.Problem(file: Self.file, key: "rulez", message: Self.knownKeysMessage),
            ])
        #expect(problems[1].description == "/repo/.isolint.json: 'rulez': " + Self.knownKeysMessage)
        #expect(Self.knownKeysMessage.hasPrefix("unknown key (known: defaultIsolation, docsBaseURL, exclude, "))
        #expect(
            Configuration.knownKeys.isSuperset(of: [
                "rules", "exclude", "swiftVersion", "defaultIsolation", "upcomingFeatures",
            ]))
        #expect(c.exclude == ["Gen/**"])
        #expect(c.swiftVersion == 5)
        #expect(c.ruleOverrides.isEmpty)
    }

    @Test func unknownRuleIdIsNamedAndKnownRulesStillApply() {
        let (c, problems) = Self.parse(
            #"{"rules": {"global-mutable-stat": "off", "global-mutable-state": "warning", "zzz": "error"}}"#)
        #expect(
            problems == [
                Configuration.Problem(file: Self.file, key: "rules.global-mutable-stat", message: "unknown rule id"),
                Configuration.Problem(file: Self.file, key: "rules.zzz", message: "unknown rule id"),
            ])
        #expect(c.ruleOverrides == ["global-mutable-state": .warning])
    }

    @Test(arguments: ["fatal", "Off", "WARNING", "none", ""])
    func badSeverityString(value: String) {
        let (c, problems) = Self.parse(#"{"rules": {"global-mutable-state": "\#(value)", "prefer-mutex": "warning"}}"#)
        #expect(
            problems == [
                Configuration.Problem(
                    file: Self.file, key: "rules.global-mutable-state",
                    message: Self.severityMessage + #", got ""# + value + #"""#)
            ])
        #expect(c.ruleOverrides == ["prefer-mutex": .warning])
    }

    @Test(arguments: ["1", "true", "null", "[\"off\"]", "{\"severity\": \"off\"}"])
    func severityOfTheWrongType(value: String) {
        let (c, problems) = Self.parse(#"{"rules": {"global-mutable-state": \#(value), "prefer-mutex": "off"}}"#)
        #expect(
            problems == [
                Configuration.Problem(file: Self.file, key: "rules.global-mutable-state", message: Self.severityMessage)
            ])
        #expect(c.ruleOverrides == ["prefer-mutex": Severity?.none] as [String: Severity?])
    }

    @Test func wrongTypesForEachKey() {
        let (c, problems) = Self.parse(
            """
            {"rules": ["global-mutable-state"], "exclude": "Generated/**", "swiftVersion": "7",
             "defaultIsolation": "mainactor", "upcomingFeatures": "InferIsolatedConformances", "docsBaseURL": 1}
            """)
        #expect(
            problems == [
                Configuration.Problem(
                    file: Self.file, key: "rules", message: "expected an object mapping rule ids to severities"),
                Configuration.Problem(file: Self.file, key: "exclude", message: "expected an array of glob strings"),
                Configuration.Problem(file: Self.file, key: "swiftVersion", message: #"expected "5" or "6""#),
                Configuration.Problem(
                    file: Self.file, key: "defaultIsolation", message: #"expected "MainActor" or "nonisolated""#),
                Configuration.Problem(
                    file: Self.file, key: "upcomingFeatures", message: "expected an array of feature names"),
                Configuration.Problem(file: Self.file, key: "docsBaseURL", message: "expected a string"),
            ])
        #expect(c == Configuration())
    }

    @Test(arguments: [#""7""#, "4", "true", #""6.0""#, "[6]", "null"])
    func badSwiftVersion(value: String) {
        let (c, problems) = Self.parse(#"{"swiftVersion": \#(value), "defaultIsolation": "MainActor"}"#)
        #expect(problems.map(\.key) == ["swiftVersion"])
        #expect(c.swiftVersion == nil)
        #expect(c.defaultIsolationMainActor == true)
    }

    @Test func arraysWithANonStringElementAreRejectedWhole() {
        let (c, problems) = Self.parse(
            #"{"exclude": ["Generated/**", 3], "upcomingFeatures": ["A", null], "swiftVersion": "6"}"#)
        #expect(problems.map(\.key) == ["exclude", "upcomingFeatures"])
        #expect(c.exclude.isEmpty && c.upcomingFeatures.isEmpty)
        #expect(c.swiftVersion == 6)
    }

    @Test func everyKindOfProblemAtOnceKeepsTheValidParts() {
        let (c, problems) = Self.parse(
            #"{"extra": 1, "rules": {"nope": "off", "prefer-mutex": "loud", "global-mutable-state": "off"}, "exclude": ["*.g.swift"], "swiftVersion": 9, "upcomingFeatures": ["X"]}"#
        )
        #expect(problems.map(\.key) == ["extra", "rules.nope", "rules.prefer-mutex", "swiftVersion"])
        #expect(c.ruleOverrides == ["global-mutable-state": Severity?.none] as [String: Severity?])
        #expect(c.exclude == ["*.g.swift"])
        #expect(c.upcomingFeatures == ["X"])
        #expect(c.swiftVersion == nil)
    }

    @Test func loadConfigurationOfAMissingFile() {
        let (c, problems) = WorkspaceSettings.loadConfiguration(
            "/nonexistent/dir/.isolint.json", knownRules: Self.known)
        #expect(c == Configuration())
        #expect(
            problems == [
                Configuration.Problem(file: "/nonexistent/dir/.isolint.json", key: "(file)", message: "cannot be read")
            ])
    }

    // MARK: exclude globs

    static func config(exclude: [String]) -> Configuration {
        var c = Configuration()
        c.exclude = exclude
        return c
    }

    @Test(arguments: [
        ("Generated/A.swift", true), ("Generated/Deep/B.swift", true), ("Generated", true),
        ("Sources/App/Generated/C.swift", true), ("./Generated/A.swift", true),
        ("NotGenerated/A.swift", false), ("Generated.swift", false), ("Sources/GeneratedCode/A.swift", false),
    ])
    func generatedDoubleStar(path: String, excluded: Bool) {
        #expect(Self.config(exclude: ["Generated/**"]).isExcluded(path) == excluded)
    }

    @Test(arguments: [
        ("A.generated.swift", true), ("Sources/App/Model.generated.swift", true), (".generated.swift", true),
        ("A.generated.swift.orig", false), ("Agenerated.swift", false), ("A.swift", false),
    ])
    func generatedSuffix(path: String, excluded: Bool) {
        #expect(Self.config(exclude: ["*.generated.swift"]).isExcluded(path) == excluded)
    }

    @Test(arguments: [
        ("Sources/App/Mocks/MockAPI.swift", true), ("Sources/Mocks/MockAPI.swift", true),
        ("Sources/App/Feature/Mocks/M.swift", true), ("Packages/Core/Sources/X/Mocks/M.swift", true),
        ("Sources/App/Mocks/Sub/M.swift", false), ("Sources/App/Mocks/M.swiftx", false),
        ("Tests/App/Mocks/M.swift", false), ("Sources/App/Mock/M.swift", false),
    ])
    func mocksUnderSources(path: String, excluded: Bool) {
        #expect(Self.config(exclude: ["Sources/**/Mocks/*.swift"]).isExcluded(path) == excluded)
    }

    @Test func questionMarkAndSeveralGlobs() {
        let c = Self.config(exclude: ["V?.swift", "Vendor/**"])
        #expect(c.isExcluded("V1.swift"))
        #expect(c.isExcluded("a/V2.swift"))
        #expect(!c.isExcluded("V10.swift"))
        #expect(c.isExcluded("Vendor/x/y.swift"))
        #expect(!Configuration().isExcluded("anything.swift"))
    }

    // MARK: Settings for files no Package.swift target claims

    @Test func configurationSettingsApplyToUnclaimedFiles() {
        let (c, problems) = Self.parse(
            #"{"swiftVersion": "5", "defaultIsolation": "MainActor", "upcomingFeatures": ["InferIsolatedConformances"]}"#
        )
        #expect(problems.isEmpty)
        let s = WorkspaceSettings(configuration: c).settings(for: "/nonexistent/App/View.swift")
        #expect(s.languageMode == 5)
        #expect(s.defaultIsolationMainActor)
        #expect(s.upcomingFeatures == ["InferIsolatedConformances"])
        #expect(s.infersIsolatedConformances)
        #expect(s.targetName == nil)
        let plain = WorkspaceSettings(configuration: Configuration()).settings(for: "/nonexistent/App/View.swift")
        #expect(plain == TargetSettings.standalone)
        #expect(plain.languageMode == 6 && !plain.defaultIsolationMainActor)
    }

    // MARK: Effect on the Linter

    static let source = """
        enum E { static var x = 0 }
        // isolint:disable-next-line nope
        let y = 1

        """

    static func lint(_ json: String, _ text: String = source) -> [String] {
        let (c, problems) = parse(json)
        #expect(problems.isEmpty)
        let result = Linter(configuration: c).lint([
            LintInput(path: "S.swift", bytes: Array(text.utf8), settings: TargetSettings(kind: .library))
        ])[0]
        return result.findings.map { f in
            let (l, col) = result.tree.source.lineColumn(of: f.range.lowerBound)
            return "\(l):\(col) \(f.severity.rawValue) \(f.ruleID)"
        }
    }

    @Test func defaultsWithoutConfiguration() {
        #expect(Self.lint("{}") == ["1:17 error global-mutable-state", "2:1 warning unknown-rule-in-suppression"])
    }

    @Test func turningARuleOffRemovesItsFindings() {
        #expect(
            Self.lint(#"{"rules": {"global-mutable-state": "off"}}"#) == ["2:1 warning unknown-rule-in-suppression"])
        #expect(Self.lint(#"{"rules": {"unknown-rule-in-suppression": "off"}}"#) == ["1:17 error global-mutable-state"])
    }

    @Test func changingSeverityChangesTheFinding() {
        #expect(
            Self.lint(#"{"rules": {"global-mutable-state": "info", "unknown-rule-in-suppression": "error"}}"#)
                == ["1:17 info global-mutable-state", "2:1 error unknown-rule-in-suppression"])
        #expect(
            Self.lint(#"{"rules": {"global-mutable-state": "hint"}}"#)
                == ["1:17 hint global-mutable-state", "2:1 warning unknown-rule-in-suppression"])
    }

    @Test func aSeverityEnablesARuleThatIsOffByDefault() {
        let counter = """
            import Foundation
            // Safety: every access holds `lock`.
            final class Counter: @unchecked Sendable {
                private let lock = NSLock()
                private var n = 0
                func inc() { lock.withLock { n += 1 } }
            }

            """
        #expect(Self.lint("{}", counter).isEmpty)
        #expect(Self.lint(#"{"rules": {"prefer-mutex": "warning"}}"#, counter) == ["3:7 warning prefer-mutex"])
        #expect(Self.lint(#"{"rules": {"prefer-mutex": "info"}}"#, counter) == ["3:7 info prefer-mutex"])
        #expect(Self.lint(#"{"rules": {"prefer-mutex": "off"}}"#, counter).isEmpty)
    }

    @Test func aBadEntryLeavesTheRuleAtItsDefault() {
        let (c, problems) = Self.parse(#"{"rules": {"global-mutable-state": "loud"}}"#)
        #expect(problems.count == 1)
        let result = Linter(configuration: c).lint([
            LintInput(path: "S.swift", bytes: Array("enum E { static var x = 0 }\n".utf8), settings: .standalone)
        ])[0]
        #expect(result.findings.map(\.severity) == [.error])
    }
}
