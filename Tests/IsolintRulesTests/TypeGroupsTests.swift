import IsolintSyntax
import Testing

@testable import IsolintRules

/// The groups of top-level declarations a `TypeGroupRule` is checked by in the language server.
@Suite struct TypeGroupsTests {
    @Test func itemsNamingTheSameTypeShareAGroup() {
        let tree = SyntaxTree.parse(
            text: """
                final class A {}
                extension A: Equatable {}
                struct B {}
                #if os(iOS)
                extension B {}
                #endif
                func f() {}
                extension A.Inner {}
                extension `C` {}
                let c = C()
                extension C {}

                """)
        #expect(tree.items.count == 9)
        #expect(TypeGroups.of(tree) == [[0, 1, 5], [2, 3], [4], [6, 8], [7]])
    }

    /// A conformance finding whose fix edits an extension: when only a declaration above the
    /// group changes, the group's findings are reused, every range moved by the edit's length.
    @Test func aGroupsFindingsMoveWithItsItems() throws {
        let linter = Linter()
        let body = """
            @MainActor final class Row: Equatable {
                let id = 1
            }
            extension Row {
                static func == (a: Row, b: Row) -> Bool { a.id == b.id }
            }

            """
        let path = "/t/Row.swift"
        let before = "func helper() {}\n" + body
        let after = "func helper() {\n    print(1)\n}\n" + body
        var tree = SyntaxTree.parse(SourceFile(path: path, text: before))
        let index = Linter.index([tree])
        var cache = LintCache()
        let first = linter.lint(tree, index: index, settings: .standalone, cache: &cache)
        let finding = try #require(first.first { $0.ruleID == "conformance-isolation" })
        let source = SourceFile(path: path, text: after)
        tree = tree.reparsed(source)
        let incremental = linter.lint(tree, index: index, settings: .standalone, cache: &cache)
        #expect(incremental == linter.lint(SyntaxTree.parse(source), index: index, settings: .standalone))
        let moved = try #require(incremental.first { $0.ruleID == "conformance-isolation" })
        let delta = after.utf8.count - before.utf8.count
        #expect(moved.range == (finding.range.lowerBound + delta)..<(finding.range.upperBound + delta))
        #expect(
            moved.fixes.flatMap(\.edits).map(\.range)
                == finding.fixes.flatMap(\.edits).map { ($0.range.lowerBound + delta)..<($0.range.upperBound + delta) })
        #expect(!moved.fixes.isEmpty)
    }
}
