import Foundation
import IsolintSyntax
import Testing

@testable import IsolintRules

/// Suppression directives (RULES.md, "Every rule also accepts suppression directives"), checked
/// through the whole engine: `Linter().lint(...)` on small sources with a known finding.
///
/// `enum E { static var x = 0 }` gives `global-mutable-state` at the `var` (column 17);
/// `final class M: ObservableObject { @Published var n = 0 }` gives
/// `observable-object-missing-main-actor` at the `class` keyword.
@Suite("Suppressions")
struct SuppressionTests {
    static let gms = "global-mutable-state"
    static let unknown = "unknown-rule-in-suppression"

    /// Findings as `LINE:COL rule` (1-based line, 1-based UTF-8 column).
    static func lint(_ text: String, path: String = "Sources/App/S.swift") -> [String] {
        let result = Linter().lint([
            LintInput(path: path, bytes: Array(text.utf8), settings: TargetSettings(kind: .library))
        ])[0]
        return result.findings.map { f in
            let (l, c) = result.tree.source.lineColumn(of: f.range.lowerBound)
            return "\(l):\(c) \(f.ruleID)"
        }
    }

    static func findings(_ text: String) -> (SyntaxTree, [Finding]) {
        let result = Linter().lint([
            LintInput(path: "S.swift", bytes: Array(text.utf8), settings: TargetSettings(kind: .library))
        ])[0]
        return (result.tree, result.findings)
    }

    // MARK: Baseline

    @Test func baselineFindingIsAtTheVarKeyword() {
        #expect(Self.lint("enum E { static var x = 0 }\n") == ["1:17 global-mutable-state"])
    }

    // MARK: disable-next-line

    @Test func disableNextLineSuppressesOnlyTheNextLine() {
        let src = """
            // isolint:disable-next-line global-mutable-state
            enum A { static var x = 0 }
            enum B { static var x = 0 }

            """
        #expect(Self.lint(src) == ["3:17 global-mutable-state"])
    }

    @Test func disableNextLineDoesNotReachPastAnInterveningLine() {
        let src = """
            // isolint:disable-next-line global-mutable-state
            // an ordinary comment
            enum A { static var x = 0 }

            """
        #expect(Self.lint(src) == ["3:17 global-mutable-state"])
    }

    @Test func disableNextLineForAnotherRuleDoesNotSuppress() {
        let src = """
            // isolint:disable-next-line redundant-main-dispatch
            enum A { static var x = 0 }

            """
        #expect(Self.lint(src) == ["2:17 global-mutable-state"])
    }

    @Test func indentedDirectiveAndSpacesOrTabAfterTheSlashes() {
        let src = """
            enum A {
                // isolint:disable-next-line global-mutable-state
                static var x = 0
                //    isolint:disable-next-line global-mutable-state
                static var y = 0
                //\tisolint:disable-next-line global-mutable-state
                static var z = 0
                //isolint:disable-next-line global-mutable-state
                static var w = 0
                static var v = 0
            }

            """
        #expect(Self.lint(src) == ["10:12 global-mutable-state"])
    }

    // MARK: disable-line

    @Test func disableLineTrailingSuppressesItsOwnLineOnly() {
        let src = """
            enum A { static var x = 0 } // isolint:disable-line global-mutable-state
            enum B { static var x = 0 }

            """
        #expect(Self.lint(src) == ["2:17 global-mutable-state"])
    }

    @Test func disableLineOnItsOwnLineDoesNotReachTheNextLine() {
        let src = """
            // isolint:disable-line global-mutable-state
            enum A { static var x = 0 }

            """
        #expect(Self.lint(src) == ["2:17 global-mutable-state"])
    }

    // MARK: disable … enable

    @Test func disableEnableBlock() {
        let src = """
            enum A { static var x = 0 }
            // isolint:disable global-mutable-state
            enum B { static var x = 0 }

            enum C { static var x = 0 }
            // isolint:enable global-mutable-state
            enum D { static var x = 0 }

            """
        #expect(Self.lint(src) == ["1:17 global-mutable-state", "7:17 global-mutable-state"])
    }

    @Test func disableWithoutEnableRunsToTheEndOfTheFile() {
        let src = """
            enum A { static var x = 0 }
            // isolint:disable global-mutable-state
            enum B { static var x = 0 }
            enum C { static var x = 0 }
            enum D { static var x = 0 }
            """
        #expect(Self.lint(src) == ["1:17 global-mutable-state"])
    }

    @Test func enableOfAnotherRuleDoesNotCloseTheBlock() {
        let src = """
            // isolint:disable global-mutable-state
            // isolint:enable redundant-main-dispatch
            enum B { static var x = 0 }

            """
        #expect(Self.lint(src).isEmpty)
    }

    /// `enable` without ids (all) ends every block, as other linters' bare enable does.
    @Test(arguments: ["// isolint:enable", "// isolint:enable all"])
    func enableAllEndsEveryBlock(enable: String) {
        let src = """
            // isolint:disable global-mutable-state
            enum A { static var x = 0 }
            \(enable)
            enum B { static var x = 0 }

            """
        #expect(Self.lint(src) == ["4:17 global-mutable-state"])
    }

    @Test func twoBlocksInOneFile() {
        let src = """
            // isolint:disable global-mutable-state
            enum A { static var x = 0 }
            // isolint:enable global-mutable-state
            enum B { static var x = 0 }
            // isolint:disable global-mutable-state
            enum C { static var x = 0 }
            // isolint:enable global-mutable-state
            enum D { static var x = 0 }

            """
        #expect(Self.lint(src) == ["4:17 global-mutable-state", "8:17 global-mutable-state"])
    }

    // MARK: disable-file

    @Test func disableFileAtTheTop() {
        let src = """
            // isolint:disable-file global-mutable-state
            enum A { static var x = 0 }
            enum B { static var x = 0 }

            """
        #expect(Self.lint(src).isEmpty)
    }

    @Test func disableFileAtTheBottomCoversLinesAboveIt() {
        let src = """
            enum A { static var x = 0 }
            enum B { static var x = 0 }
            // isolint:disable-file global-mutable-state

            """
        #expect(Self.lint(src).isEmpty)
    }

    @Test func disableFileOfOneRuleKeepsTheOthers() {
        let src = """
            // isolint:disable-file global-mutable-state
            enum E { static var x = 0 }; final class M: ObservableObject { @Published var n = 0 }

            """
        #expect(Self.lint(src) == ["2:36 observable-object-missing-main-actor"])
    }

    // MARK: Lists, `all`, no ids

    static let twoRules = "enum E { static var x = 0 }; final class M: ObservableObject { @Published var n = 0 }"

    @Test func twoFindingsOnOneLineWithoutDirectives() {
        #expect(
            Self.lint(Self.twoRules + "\n") == [
                "1:17 global-mutable-state", "1:36 observable-object-missing-main-actor",
            ])
    }

    @Test(arguments: [
        "global-mutable-state,observable-object-missing-main-actor",
        "global-mutable-state, observable-object-missing-main-actor",
        "global-mutable-state ,observable-object-missing-main-actor",
        "  global-mutable-state  ,   observable-object-missing-main-actor  ",
        "observable-object-missing-main-actor, global-mutable-state -- a reason for the record",
    ])
    func commaListsWithSpacesInEveryForm(list: String) {
        #expect(Self.lint("// isolint:disable-next-line \(list)\n\(Self.twoRules)\n").isEmpty)
        #expect(Self.lint("\(Self.twoRules) // isolint:disable-line \(list)\n").isEmpty)
        #expect(
            Self.lint("// isolint:disable \(list)\n\(Self.twoRules)\n// isolint:enable \(list)\n\(Self.twoRules)\n")
                == ["4:17 global-mutable-state", "4:36 observable-object-missing-main-actor"])
        #expect(Self.lint("\(Self.twoRules)\n// isolint:disable-file \(list)\n").isEmpty)
    }

    @Test func aListNamingOneOfTwoRulesKeepsTheOther() {
        #expect(
            Self.lint("// isolint:disable-next-line observable-object-missing-main-actor\n\(Self.twoRules)\n")
                == ["2:17 global-mutable-state"])
        #expect(
            Self.lint("// isolint:disable-next-line global-mutable-state\n\(Self.twoRules)\n")
                == ["2:36 observable-object-missing-main-actor"])
    }

    @Test(arguments: ["all", ""])
    func allAndNoIdsMatchEveryRuleInEveryForm(ids: String) {
        let sep = ids.isEmpty ? "" : " "
        #expect(
            Self.lint("// isolint:disable-next-line\(sep)\(ids)\n\(Self.twoRules)\n\(Self.twoRules)\n")
                == ["3:17 global-mutable-state", "3:36 observable-object-missing-main-actor"])
        #expect(Self.lint("\(Self.twoRules) // isolint:disable-line\(sep)\(ids)\n").isEmpty)
        #expect(
            Self.lint(
                "// isolint:disable\(sep)\(ids)\n\(Self.twoRules)\n// isolint:enable\(sep)\(ids)\n\(Self.twoRules)\n")
                == ["4:17 global-mutable-state", "4:36 observable-object-missing-main-actor"])
        #expect(Self.lint("// isolint:disable-file\(sep)\(ids)\n\(Self.twoRules)\n").isEmpty)
    }

    @Test func directivesParseIntoFormsAndIds() {
        let tree = SyntaxTree.parse(
            text: """
                // isolint:disable-next-line a , b -- because
                x() // isolint:disable-line c
                // isolint:disable d
                // isolint:enable d,e
                // isolint:disable-file f

                """)
        let s = Suppressions(tree: tree)
        #expect(s.directives.map(\.form) == [.disableNextLine, .disableLine, .disable, .enable, .disableFile])
        #expect(s.directives.map(\.ids) == [["a", "b"], ["c"], ["d"], ["d", "e"], ["f"]])
        #expect(s.directives.map(\.line) == [0, 1, 2, 3, 4])
        // The range is the comment's: line 2 starts at byte 46, its comment at 50.
        #expect(s.directives[0].range == 0..<45)
        #expect(s.directives[1].range == 50..<75)
        #expect(s.isSuppressed("a", line: 1) && s.isSuppressed("b", line: 1))
        #expect(!s.isSuppressed("a", line: 0) && !s.isSuppressed("a", line: 2))
        #expect(s.isSuppressed("c", line: 1) && !s.isSuppressed("c", line: 2))
        #expect(
            !s.isSuppressed("d", line: 1) && s.isSuppressed("d", line: 2) && s.isSuppressed("d", line: 3)
                && !s.isSuppressed("d", line: 4))
        #expect(s.isSuppressed("f", line: 0) && s.isSuppressed("f", line: 99))
        #expect(!s.isSuppressed("anything", line: 1))

        let bare = Suppressions(tree: SyntaxTree.parse(text: "// isolint:disable-next-line\n"))
        #expect(bare.directives.map(\.ids) == [["all"]])
        #expect(bare.isSuppressed("anything", line: 1) && !bare.isSuppressed("anything", line: 2))
    }

    // MARK: Not directives

    @Test func docCommentIsNotADirective() {
        let src = """
            /// isolint:disable-next-line global-mutable-state
            enum A { static var x = 0 }

            """
        #expect(Self.lint(src) == ["2:17 global-mutable-state"])
    }

    @Test func blockCommentsAreNotDirectives() {
        let src = """
            /* isolint:disable-next-line global-mutable-state */
            enum A { static var x = 0 }
            /** isolint:disable-next-line global-mutable-state */
            enum B { static var x = 0 }
            /*
             isolint:disable-file
             */
            enum C { static var x = 0 } /* isolint:disable-line */

            """
        #expect(
            Self.lint(src) == ["2:17 global-mutable-state", "4:17 global-mutable-state", "8:17 global-mutable-state"])
    }

    @Test func directivesInsideStringLiteralsAreText() {
        let src = #"""
            let s = "// isolint:disable-next-line global-mutable-state"
            enum A { static var x = 0 }
            let t = """
            // isolint:disable-next-line global-mutable-state
            """
            enum B { static var x = 0 }
            let u = "\(1) // isolint:disable-file"
            let v = #"// isolint:disable-line"#; enum C { static var x = 0 }

            """#
        #expect(
            Self.lint(src) == ["2:17 global-mutable-state", "6:17 global-mutable-state", "8:54 global-mutable-state"])
        #expect(Suppressions(tree: SyntaxTree.parse(text: src)).directives.isEmpty)
    }

    @Test(arguments: [
        "// note isolint:disable-next-line global-mutable-state",
        "// TODO: isolint:disable-next-line global-mutable-state",
        "// see `isolint:disable-next-line global-mutable-state`",
        "// - isolint:disable-next-line global-mutable-state",
    ])
    func textAfterOtherWordsIsNotADirective(comment: String) {
        #expect(Self.lint("\(comment)\nenum A { static var x = 0 }\n") == ["2:17 global-mutable-state"])
        #expect(Suppressions(tree: SyntaxTree.parse(text: comment + "\n")).directives.isEmpty)
    }

    @Test func anUnknownFormIsNotADirective() {
        let tree = SyntaxTree.parse(
            text: "// isolint:disable-nextline global-mutable-state\nenum A { static var x = 0 }\n")
        #expect(Suppressions(tree: tree).directives.isEmpty)
        #expect(
            Self.lint("// isolint:disable-nextline global-mutable-state\nenum A { static var x = 0 }\n") == [
                "2:17 global-mutable-state"
            ])
    }

    // MARK: Unknown ids

    @Test func unknownIdIsReportedAtTheCommentAndKnownIdsStillSuppress() throws {
        let src = """
            // isolint:disable-next-line nope, global-mutable-state
            enum A { static var x = 0 }

            """
        let (tree, findings) = Self.findings(src)
        #expect(findings.count == 1)
        let f = try #require(findings.first)
        #expect(f.ruleID == Self.unknown)
        #expect(f.severity == .warning)
        #expect(f.range == 0..<55)
        #expect(tree.source.lineColumn(of: f.range.lowerBound) == (1, 1))
        #expect(tree.source.lineColumn(of: f.range.upperBound) == (1, 56))
        #expect(f.message == "Unknown rule 'nope' in isolint:disable-next-line; it suppresses nothing.")
        #expect(f.fixes.isEmpty)
    }

    @Test func eachUnknownIdIsReportedOnce() {
        let (_, findings) = Self.findings(
            "// isolint:disable-next-line  nope ,  global-mutable-state  , typo-rule\nenum A { static var x = 0 }\n")
        #expect(
            findings.map(\.message) == [
                "Unknown rule 'nope' in isolint:disable-next-line; it suppresses nothing.",
                "Unknown rule 'typo-rule' in isolint:disable-next-line; it suppresses nothing.",
            ])
        #expect(findings.allSatisfy { $0.range == 0..<71 })
    }

    @Test func unknownIdInATrailingDirectiveIsReportedAtTheTrailingComment() {
        let src = "enum A { static var x = 0 } // isolint:disable-line global-mutable-state, nope\n"
        #expect(Self.lint(src) == ["1:29 unknown-rule-in-suppression"])
    }

    @Test func unknownIdInEveryForm() {
        let src = """
            // isolint:disable-next-line n1
            // isolint:disable-line n2
            // isolint:disable n3
            // isolint:enable n4
            // isolint:disable-file n5

            """
        let (_, findings) = Self.findings(src)
        #expect(
            findings.map(\.message) == [
                "Unknown rule 'n1' in isolint:disable-next-line; it suppresses nothing.",
                "Unknown rule 'n2' in isolint:disable-line; it suppresses nothing.",
                "Unknown rule 'n3' in isolint:disable; it suppresses nothing.",
                "Unknown rule 'n4' in isolint:enable; it suppresses nothing.",
                "Unknown rule 'n5' in isolint:disable-file; it suppresses nothing.",
            ])
        #expect(Self.lint(src) == (1...5).map { "\($0):1 unknown-rule-in-suppression" })
    }

    @Test func enableWithAnUnknownIdIsReportedAndTheKnownIdStillEnables() {
        let src = """
            // isolint:disable global-mutable-state
            enum A { static var x = 0 }
            // isolint:enable global-mutable-stat, global-mutable-state
            enum B { static var x = 0 }

            """
        #expect(Self.lint(src) == ["3:1 unknown-rule-in-suppression", "4:17 global-mutable-state"])
    }

    @Test func reservedCatalogIdsAndTheSuppressionRuleItselfAreKnown() {
        let src = """
            // isolint:disable-next-line prefer-task-main-actor, deinit-isolation, unknown-rule-in-suppression
            enum A { static var x = 0 }

            """
        #expect(Self.lint(src) == ["2:17 global-mutable-state"])
    }

    @Test func idsAreCaseSensitive() {
        let src = "// isolint:disable-next-line Global-Mutable-State\nenum A { static var x = 0 }\n"
        #expect(Self.lint(src) == ["1:1 unknown-rule-in-suppression", "2:17 global-mutable-state"])
    }

    @Test func unknownRuleReportCanItselfBeSuppressed() {
        let src = """
            // isolint:disable-next-line unknown-rule-in-suppression
            // isolint:disable-next-line nope

            """
        #expect(Self.lint(src).isEmpty)
    }

    // RULES.md: "Each unknown id in any directive … is reported at that comment; the known ids in
    // the same directive still take effect." `all` in the same directive swallows the report.
    @Test
    func unknownIdNextToAllIsStillReported() {
        #expect(
            Self.lint("// isolint:disable-file all, nope\nenum A { static var x = 0 }\n") == [
                "1:1 unknown-rule-in-suppression"
            ])
        #expect(
            Self.lint("enum A { static var x = 0 } // isolint:disable-line all, nope\n") == [
                "1:29 unknown-rule-in-suppression"
            ])
    }

    // Suppressions.parse says "`-- reason` … are not ids", and a directive without ids means all;
    // a directive with only a reason takes `--` for a rule id.
    @Test
    func reasonWithoutIdsMeansAll() {
        #expect(Self.lint("// isolint:disable-next-line -- generated code\nenum A { static var x = 0 }\n").isEmpty)
    }

    // MARK: Line endings

    @Test func crlfLineEndings() {
        let src =
            "enum A { static var x = 0 }\r\n// isolint:disable-next-line global-mutable-state\r\nenum B { static var x = 0 }\r\nenum C { static var x = 0 } // isolint:disable-line\r\nenum D { static var x = 0 }\r\n"
        #expect(Self.lint(src) == ["1:17 global-mutable-state", "5:17 global-mutable-state"])
    }
}
