import Foundation
import IsolintSyntax
import Testing

@testable import IsolintRules

/// Half-typed code, as an editor sends it mid-keystroke: every fixture with each type's name
/// deleted, brackets deleted or doubled, the file cut short, lines deleted. Each mutant is
/// linted with every rule on and every fix applied and linted again; a trap fails the run.
@Suite("Mutants of every fixture")
struct MutantTests {
    /// Deterministic mutants of a file (at most a few dozen).
    static func mutants(of bytes: [UInt8]) -> [(String, [UInt8])] {
        let tree = SyntaxTree.parse(SourceFile(path: "m.swift", bytes: bytes))
        var out: [(String, [UInt8])] = []
        func without(_ r: Range<Int>) -> [UInt8] { Array(bytes[..<r.lowerBound] + bytes[r.upperBound...]) }
        // Each type's (and extension's) name deleted.
        for (i, n) in tree.nodes.enumerated()
        where [.classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl, .funcDecl].contains(
            n.kind)
            && n.name >= 0
        {
            out.append(("name of node \(i) deleted", without(tree.tokenRange(n.name))))
        }
        // Brackets deleted or doubled (a sample spread over the file).
        let brackets = tree.tokens.enumerated().filter {
            [.lBrace, .rBrace, .lParen, .rParen, .lBracket, .rBracket].contains($0.element.kind)
        }
        let step = max(1, brackets.count / 10)
        for (i, t) in brackets.enumerated() where i % step == 0 {
            out.append(("bracket \(t.offset) deleted", without(t.element.range)))
            var doubled = bytes
            doubled.insert(bytes[Int(t.element.start)], at: Int(t.element.start))
            out.append(("bracket \(t.offset) doubled", doubled))
        }
        // Cut short at eight points.
        for k in 1...8 { out.append(("cut at \(k)/9", Array(bytes.prefix(bytes.count * k / 9)))) }
        // Lines deleted (a sample).
        let lines = tree.source.lineCount
        let lineStep = max(1, lines / 12)
        for line in stride(from: 0, to: lines, by: lineStep) {
            out.append(("line \(line + 1) deleted", without(tree.source.lineRange(line))))
        }
        return out
    }

    @Test("no trap and valid ranges and fixes on any mutant", arguments: RuleFixture.all())
    func mutantsLintCleanly(_ fixture: RuleFixture) throws {
        for (relative, url) in fixture.files {
            let prepared = PreparedFixture(try Data(contentsOf: url))
            // A manifest is linted as one, so that the manifest rules see its mutants too.
            let path = PackageManifest.isManifest(path: relative) ? "Package.swift" : "Sources/App/Fuzz.swift"
            for (what, bytes) in Self.mutants(of: prepared.bytes) {
                for settings in FixValidity.settingsToTry {
                    let problems = FixValidity.problems(in: bytes, path: path, settings: settings)
                    #expect(problems.isEmpty, "\(fixture.testDescription) \(relative), \(what): \(problems.prefix(3))")
                }
            }
        }
    }

    /// The half-typed files a crash was seen on, and the ones the pre-stop check feeds the CLI.
    @Test(arguments: [
        "public struct {\n    let a: Int\n}\n",
        "public enum : String {\n    case a\n}\n",
        "@MainActor\nfinal class : ObservableObject {\n    @Published var x = 0\n}\n",
        "extension  {\n    static var shared = 1\n}\n",
        "func (completion: @escaping () -> Void) {\n    Task { completion() }\n}\n",
        "actor  {\n    var handler: () -> Void = {}\n}\n",
        "final class V: NSObject, {\n    deinit { timer?.invalidate() }\n}\n",
        "Task { [weak self] in\n    guard let self else { return }\n    for await x in \n",
        "public struct Box<T> {\n    let value: T\n}\nextension Box: Sendable where T:\n",
        "@available(*, unavailable)\nextension : Sendable {}\n",
        "struct A { static var x = 1\n struct B: A. {}\n",
    ])
    func halfTypedDeclarations(_ text: String) {
        for settings in FixValidity.settingsToTry {
            #expect(FixValidity.problems(in: Array(text.utf8), settings: settings).isEmpty)
        }
    }
    /// Inputs the lint fuzzer found a problem on (Fixtures/_fuzz-lint: raw bytes, some not UTF-8,
    /// so not named `.swift`, which every walk of the fixtures would lint).
    @Test func fuzzerFindingsLintCleanly() throws {
        let dir = try #require(Bundle.module.resourceURL?.appendingPathComponent("Fixtures/_fuzz-lint"))
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(!files.isEmpty)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: dir.appendingPathComponent(file)))
            for settings in FixValidity.settingsToTry {
                #expect(FixValidity.problems(in: bytes, settings: settings, maximumFixes: 16) == [], "\(file)")
            }
        }
    }
}
