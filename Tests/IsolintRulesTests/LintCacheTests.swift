import Foundation
import IsolintRules
import IsolintSyntax
import Testing

/// The language server's path — an incremental re-parse and the per-declaration lint cache
/// carried from version to version — gives exactly the findings of a fresh parse and lint.
@Suite struct LintCacheTests {
    /// Typing-like edits: text inserted or removed at random places, comments and braces included.
    private static let insertions = [
        "x", " ", "\n", "// note\n", "{", "}", "\"", "let q = 1\n", "// isolint:disable-next-line all\n", "@MainActor ",
        "",
    ]

    @Test(arguments: RuleFixture.all().filter { $0.name.hasPrefix("fires-") })
    func incrementalLintEqualsAFreshLint(_ fixture: RuleFixture) throws {
        // Each file of a directory fixture on its own (a manifest under its own name).
        for (relative, url) in fixture.files {
            let path = "/fixtures/\(fixture.rule)/\(fixture.name)" + (fixture.isDirectory ? "/\(relative)" : ".swift")
            let seed = fixture.isDirectory ? fixture.testDescription + relative : fixture.testDescription
            try check(PreparedFixture(try Data(contentsOf: url)), path: path, seedText: seed)
        }
    }

    func check(_ prepared: PreparedFixture, path: String, seedText: String) throws {
        var config = Configuration()
        for d in RuleCatalog.descriptors where !d.enabledByDefault { config.ruleOverrides[d.id] = d.defaultSeverity }
        let linter = Linter(configuration: config)
        var bytes = prepared.bytes
        var tree = SyntaxTree.parse(SourceFile(path: path, bytes: bytes))
        let index = Linter.index([tree])
        var cache = LintCache()
        _ = linter.lint(tree, index: index, settings: prepared.settings, cache: &cache)
        var seed = UInt64(seedText.utf8.reduce(5381) { ($0 &* 33) &+ UInt64($1) })
        func random(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return n <= 0 ? 0 : Int((seed >> 33) % UInt64(n))
        }
        for step in 0..<12 {
            let at = random(bytes.count + 1)
            let removing = random(3) == 0 ? min(random(8), bytes.count - at) : 0
            bytes.replaceSubrange(
                at..<(at + removing), with: Array(Self.insertions[random(Self.insertions.count)].utf8))
            let source = SourceFile(path: path, bytes: bytes)
            tree = tree.reparsed(source)
            let incremental = linter.lint(tree, index: index, settings: prepared.settings, cache: &cache)
            let fresh = linter.lint(SyntaxTree.parse(source), index: index, settings: prepared.settings)
            #expect(incremental == fresh, "step \(step): edit at byte \(at)")
            if incremental != fresh { return }
        }
    }

    /// Findings that live in one declaration but come from another (a property's declaration and
    /// the extension method that starts its task; a conformance and its implementing members):
    /// editing only the first declaration changes them.
    @Test func findingsAcrossDeclarationsFollowTheEditedOne() {
        let linter = Linter()
        let before = """
            final class Uploader {
                var retryLoop: Task<Void, Never>?
            }
            extension Uploader {
                func start() { retryLoop = Task { while true { await Task.yield() } } }
            }
            @MainActor final class Row: Equatable {
                let id = 1
            }
            extension Row {
                static func == (a: Row, b: Row) -> Bool { a.id == b.id }
            }

            """
        // The edits touch only the first declarations; the extensions are byte-identical.
        let after = before.replacingOccurrences(of: "var retryLoop", with: "\n\n    var retryLoop")
            .replacingOccurrences(of: "@MainActor final class Row: Equatable", with: "final class Row: Equatable")
        let path = "/t/A.swift"
        var tree = SyntaxTree.parse(SourceFile(path: path, text: before))
        let index = Linter.index([tree])
        var cache = LintCache()
        let first = linter.lint(tree, index: index, settings: .standalone, cache: &cache).map(\.ruleID)
        #expect(first.contains("stored-task-never-cancelled") && first.contains("conformance-isolation"))
        let source = SourceFile(path: path, text: after)
        tree = tree.reparsed(source)
        let incremental = linter.lint(tree, index: index, settings: .standalone, cache: &cache)
        let fresh = linter.lint(SyntaxTree.parse(source), index: index, settings: .standalone)
        #expect(incremental == fresh)
    }

    /// A conformance met in an extension written through a typealias (the rules follow the
    /// resolved type, not the name written): edits to that extension alone — a line above the
    /// member, a body that now reads main-actor state — change the finding on the class.
    @Test func findingsThroughATypealiasExtensionFollowItsEdits() throws {
        let linter = Linter()
        let base = """
            typealias Model = Screen
            @MainActor final class Screen: CustomStringConvertible {
                var title = "t"
            }
            extension Model {
                var description: String { "x" }
            }

            """
        let path = "/t/Screen.swift"
        var tree = SyntaxTree.parse(SourceFile(path: path, text: base))
        let index = Linter.index([tree])
        var cache = LintCache()
        let first = linter.lint(tree, index: index, settings: .standalone, cache: &cache)
        let finding = try #require(first.first { $0.ruleID == "conformance-isolation" })
        #expect(!finding.fixes.isEmpty)
        let edits = [
            base.replacingOccurrences(of: "extension Model {\n", with: "extension Model {\n    // shown in lists\n"),
            base.replacingOccurrences(of: "{ \"x\" }", with: "{ title }"),
            base,
        ]
        for (step, text) in edits.enumerated() {
            let source = SourceFile(path: path, text: text)
            tree = tree.reparsed(source)
            let incremental = linter.lint(tree, index: index, settings: .standalone, cache: &cache)
            let fresh = linter.lint(SyntaxTree.parse(source), index: index, settings: .standalone)
            #expect(incremental == fresh, "step \(step)")
        }
    }

    /// Rules read the file's imports: an import typed above unchanged declarations changes what
    /// they report (here the XCTest rule starts to fire, and the lock fix becomes a Mutex).
    @Test func anImportChangesTheFindingsOfUnchangedDeclarations() {
        let linter = Linter()
        let body = """
            @MainActor final class Cart { func add() {} }
            final class CartTests: XCTestCase {
                func testAdds() {
                    let cart = Cart()
                    cart.add()
                }
            }
            func count() {
                var n = 0
                DispatchQueue.global().async { n += 1 }
                print(n)
            }

            """
        let path = "/t/CartTests.swift"
        var tree = SyntaxTree.parse(SourceFile(path: path, text: "import Foundation\n" + body))
        let index = Linter.index([tree])
        var cache = LintCache()
        let before = linter.lint(tree, index: index, settings: .standalone, cache: &cache)
        #expect(!before.map(\.ruleID).contains("xctest-main-actor-isolation"))
        for header in ["import Foundation\nimport XCTest\nimport Synchronization\n", "import Foundation\n"] {
            let source = SourceFile(path: path, text: header + body)
            tree = tree.reparsed(source)
            let incremental = linter.lint(tree, index: index, settings: .standalone, cache: &cache)
            let fresh = linter.lint(SyntaxTree.parse(source), index: index, settings: .standalone)
            #expect(incremental == fresh)
        }
        let withXCTest = SourceFile(
            path: path, text: "import Foundation\nimport XCTest\nimport Synchronization\n" + body)
        let fresh = linter.lint(SyntaxTree.parse(withXCTest), index: index, settings: .standalone)
        #expect(fresh.map(\.ruleID).contains("xctest-main-actor-isolation"))
        #expect(fresh.flatMap(\.fixes).contains { $0.edits.contains { $0.newText.contains("Mutex") } })
    }

    /// Candidate file rules keep the candidates of unchanged declarations by node: a declaration
    /// edited above them that gains or loses nodes moves them, and the findings they lead to
    /// (on the class, on the stored task) stay where a fresh lint puts them.
    @Test func candidatesOfUnchangedDeclarationsMoveWithTheNodesBeforeThem() throws {
        let linter = Linter()
        let rest = """
            @MainActor final class Row: Equatable {
                let id = 1
                static func == (a: Row, b: Row) -> Bool { a.id == b.id }
            }
            final class Poller {
                var loop: Task<Void, Never>?
                func start() { loop = Task { while true { await Task.yield() } } }
            }

            """
        let path = "/t/Row.swift"
        let heads = ["struct A {}\n", "struct A { let q = [1, 2, 3].map { $0 + 1 } }\n", "\n"]
        var tree = SyntaxTree.parse(SourceFile(path: path, text: heads[0] + rest))
        let index = Linter.index([tree])
        var cache = LintCache()
        let first = linter.lint(tree, index: index, settings: .standalone, cache: &cache)
        #expect(first.map(\.ruleID) == ["conformance-isolation", "stored-task-never-cancelled"])
        for head in heads.dropFirst() {
            let source = SourceFile(path: path, text: head + rest)
            let nodesBefore = tree.nodes.count
            tree = tree.reparsed(source)
            #expect(tree.nodes.count != nodesBefore)
            let incremental = linter.lint(tree, index: index, settings: .standalone, cache: &cache)
            let fresh = linter.lint(SyntaxTree.parse(source), index: index, settings: .standalone)
            #expect(incremental == fresh)
            let shift = head.utf8.count - heads[0].utf8.count
            #expect(
                incremental.map(\.range) == first.map { ($0.range.lowerBound + shift)..<($0.range.upperBound + shift) })
        }
    }
}
