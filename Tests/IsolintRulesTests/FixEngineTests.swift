import Foundation
import IsolintSyntax
import Testing

@testable import IsolintRules

/// The fix engine `isolint fix` and the language server's fix-all share.
@Suite("Fix engine")
struct FixEngineTests {
    static func finding(_ rule: String, _ range: Range<Int>, _ fixes: [Fix]) -> Finding {
        Finding(ruleID: rule, severity: .error, range: range, message: "m", fixes: fixes)
    }

    static func edit(_ range: Range<Int>, _ text: String) -> ByteEdit { ByteEdit(range: range, newText: text) }

    /// Fixes one file in passes with every rule on, linted as a file of its own.
    static func fixed(_ text: String, options: FixOptions = FixOptions(), settings: TargetSettings = .standalone)
        -> FileFix
    {
        let linter = Linter()
        return FixEngine.fix(path: "Sources/App/A.swift", settings: settings, bytes: Array(text.utf8), options: options)
        { source in
            let tree = Pipeline.parse(source)
            return linter.lint(
                tree, index: Pipeline.index([Pipeline.indexPart(tree, settings: settings)]), settings: settings)
        }
    }

    // MARK: Choosing fixes

    @Test func thePreferredFixOfEachFindingIsChosenAndOverlapsWait() {
        let a = Self.finding("r1", 0..<3, [Fix(title: "a", isPreferred: true, edits: [Self.edit(0..<3, "let")])])
        let b = Self.finding(
            "r2", 0..<3,
            [
                Fix(title: "other", edits: [Self.edit(9..<9, "x")]),
                Fix(title: "b", isPreferred: true, edits: [Self.edit(1..<2, "Y")]),
            ])
        let c = Self.finding("r3", 5..<6, [Fix(title: "c", edits: [Self.edit(5..<6, "Z")])])
        // An insertion where a chosen edit starts has no well-defined order: it waits too.
        let d = Self.finding("r4", 5..<6, [Fix(title: "d", edits: [Self.edit(5..<5, "@")])])
        let s = FixEngine.select([a, b, c, d], options: FixOptions(), fileSize: 10)
        #expect(s.chosen.map(\.fix.title) == ["a", "c"])
        #expect(s.edits == [Self.edit(0..<3, "let"), Self.edit(5..<6, "Z")])
        #expect(s.deferred == 2)
        #expect(s.needsReview.isEmpty)
    }

    @Test func placeholdersAreListedUnlessUnsafeFixesAreAsked() {
        let f = Self.finding(
            "r", 0..<1, [Fix(title: "comment", needsReview: true, edits: [Self.edit(0..<0, "// x\n")])])
        let safe = FixEngine.select([f], options: FixOptions(), fileSize: 4)
        #expect(safe.chosen.isEmpty && safe.needsReview.map(\.fix.title) == ["comment"])
        let unsafe = FixEngine.select([f], options: FixOptions(includeNeedsReview: true), fileSize: 4)
        #expect(unsafe.chosen.map(\.fix.title) == ["comment"] && unsafe.needsReview.isEmpty)
    }

    @Test func onlyTheChosenRulesAreFixedAndBrokenFixesAreSkipped() {
        let a = Self.finding("keep", 0..<1, [Fix(title: "a", edits: [Self.edit(0..<1, "A")])])
        let b = Self.finding("other", 2..<3, [Fix(title: "b", edits: [Self.edit(2..<3, "B")])])
        let outside = Self.finding("keep", 2..<3, [Fix(title: "c", edits: [Self.edit(8..<20, "C")])])
        let selfOverlapping = Self.finding(
            "keep", 3..<4, [Fix(title: "d", edits: [Self.edit(3..<5, "D"), Self.edit(4..<6, "E")])])
        let s = FixEngine.select([a, b, outside, selfOverlapping], options: FixOptions(rules: ["keep"]), fileSize: 10)
        #expect(s.chosen.map(\.fix.title) == ["a"])
    }

    // MARK: Bytes

    @Test func insertedLineBreaksFollowTheFile() {
        let crlf = Array("let a = 1\r\nlet b = 2\r\n".utf8)
        #expect(
            FixEngine.apply([Self.edit(11..<11, "// one\n// two\n")], to: crlf)
                == Array("let a = 1\r\n// one\r\n// two\r\nlet b = 2\r\n".utf8))
        // Already CRLF: left as it is.
        #expect(
            FixEngine.apply([Self.edit(0..<0, "// x\r\n")], to: crlf)
                == Array("// x\r\nlet a = 1\r\nlet b = 2\r\n".utf8))
        let lf = Array("let a = 1\n".utf8)
        #expect(FixEngine.apply([Self.edit(0..<0, "// x\r\n")], to: lf) == Array("// x\nlet a = 1\n".utf8))
        // A file that mixes them keeps what the fix wrote.
        let mixed = Array("a\r\nb\n".utf8)
        #expect(FixEngine.apply([Self.edit(0..<0, "x\n")], to: mixed) == Array("x\na\r\nb\n".utf8))
        #expect(FixEngine.apply([Self.edit(0..<99, "x")], to: lf) == nil)
    }

    @Test func theByteOrderMarkStaysFirst() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("var a = 1\n".utf8)
        #expect(
            FixEngine.apply([Self.edit(0..<0, "@MainActor\n")], to: bom)
                == [0xEF, 0xBB, 0xBF] + Array("@MainActor\nvar a = 1\n".utf8))
        #expect(FixEngine.apply([Self.edit(3..<6, "let")], to: bom) == [0xEF, 0xBB, 0xBF] + Array("let a = 1\n".utf8))
    }

    // MARK: Passes

    @Test func aTypeHeaderFixGoesFirstAndItsMembersWaitForTheNextPass() {
        let text = """
            import Combine

            class Store: ObservableObject {
                @Published var name = ""
                static var shared = Store()
            }

            """
        let result = Self.fixed(text)
        // `@MainActor` on the class isolates `shared` too: no second `@MainActor` on it.
        #expect(
            String(decoding: result.fixed, as: UTF8.self) == """
                import Combine

                @MainActor
                class Store: ObservableObject {
                    @Published var name = ""
                    static var shared = Store()
                }

                """)
        #expect(result.applied.map(\.ruleID) == ["observable-object-missing-main-actor"])
        #expect(result.applied.map(\.pass) == [1])
        #expect(result.remaining.isEmpty)
        #expect(result.passes == 1)
        #expect(result.edits == [Self.edit(16..<16, "@MainActor\n")])
    }

    @Test func fixesRunInPassesUntilNothingChanges() {
        let text = "var a = 0\nvar b = 0\n"
        let result = Self.fixed(text)
        #expect(String(decoding: result.fixed, as: UTF8.self) == "let a = 0\nlet b = 0\n")
        #expect(result.applied.map(\.line) == [1, 2])
        #expect(result.remaining.isEmpty && result.needsReview.isEmpty)
    }

    @Test func placeholderFixesAreLeftAndListedWithTheirPosition() {
        let text = "final class Box: @unchecked Sendable {\n    let lock = NSLock()\n}\n"
        let safe = Self.fixed(text)
        #expect(!safe.changed)
        #expect(safe.needsReview.map(\.ruleID) == ["unsafe-opt-out-undocumented"])
        #expect(safe.needsReview.map(\.line) == [1])
        let unsafe = Self.fixed(text, options: FixOptions(includeNeedsReview: true))
        #expect(unsafe.changed)
        #expect(unsafe.remaining.allSatisfy { $0.fixes.isEmpty })
    }

    @Test func aFixThatWouldMakeTheFileParseWorseIsLeftOut() {
        let text = "struct S {\n    var x = 0\n}\n"
        let breaking = Fix(title: "drop the brace", edits: [Self.edit(9..<10, "")])
        let fine = Fix(title: "rename", edits: [Self.edit(7..<8, "T")])
        let result = FixEngine.fix(path: "a.swift", bytes: Array(text.utf8), options: FixOptions()) { source in
            // The same two findings on the first text only.
            source.bytes == Array(text.utf8)
                ? [Self.finding("r1", 9..<10, [breaking]), Self.finding("r2", 7..<8, [fine])] : []
        }
        #expect(String(decoding: result.fixed, as: UTF8.self) == "struct T {\n    var x = 0\n}\n")
        #expect(result.leftOut.map(\.title) == ["drop the brace"])
        #expect(result.applied.map(\.title) == ["rename"])
    }

    @Test func passesStopAtTheLimit() {
        // A rule that always finds something to append: the engine stops after the limit.
        var calls = 0
        let result = FixEngine.fix(path: "a.swift", bytes: [], options: FixOptions(maximumPasses: 3)) { source in
            calls += 1
            return [
                Self.finding(
                    "r", 0..<0, [Fix(title: "grow", edits: [Self.edit(source.bytes.count..<source.bytes.count, "x")])])
            ]
        }
        #expect(result.fixed == Array("xxx".utf8))
        #expect(result.passes == 3)
        #expect(calls == 4)
        #expect(result.remaining.count == 1)
    }

    @Test func everyFileOfARunIsFixedAgainstTheWholeIndex() async {
        let model = "import Combine\nfinal class Model: ObservableObject {\n    @Published var count = 0\n}\n"
        let globals = "var total = 0\nstruct Config { static var shared = Config() }\n"
        let inputs = [
            Pipeline.Input(path: "Sources/App/Model.swift", settings: .standalone, bytes: Array(model.utf8)),
            Pipeline.Input(path: "Sources/App/Globals.swift", settings: .standalone, bytes: Array(globals.utf8)),
            Pipeline.Input(path: "Sources/App/Bad.swift", settings: .standalone, bytes: [0xFF, 0xFE, 0x41, 0x00]),
        ]
        let (files, problems) = await FixEngine.fix(inputs, linter: Linter(), options: FixOptions())
        #expect(problems.map(\.path) == ["Sources/App/Bad.swift"])
        #expect(files.map(\.path) == ["Sources/App/Model.swift", "Sources/App/Globals.swift"])
        #expect(
            String(decoding: files[0].fixed, as: UTF8.self)
                == "import Combine\n@MainActor\nfinal class Model: ObservableObject {\n    @Published var count = 0\n}\n"
        )
        #expect(
            String(decoding: files[1].fixed, as: UTF8.self)
                == "let total = 0\nstruct Config { static let shared = Config() }\n")
        #expect(files.allSatisfy { $0.remaining.isEmpty })
    }

    // MARK: Line diff

    @Test func lineDiffEditsTurnOneTextIntoTheOther() {
        var generator = SeededGenerator(seed: 12)
        let words = ["a\n", "b\n", "c\n", "d\r\n", "e", "\n"]
        for _ in 0..<400 {
            let old = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in
                words.randomElement(using: &generator) ?? ""
            }
            var new = old
            for _ in 0..<Int.random(in: 0..<4, using: &generator) {
                let at = Int.random(in: 0...new.count, using: &generator)
                if Bool.random(using: &generator), at < new.count {
                    new.remove(at: at)
                } else {
                    new.insert(words.randomElement(using: &generator) ?? "", at: at)
                }
            }
            let a = Array(old.joined().utf8)
            let b = Array(new.joined().utf8)
            let edits = LineDiff.edits(from: a, to: b)
            #expect((try? SourceFile.apply(edits, to: a)) == b, "\(old) → \(new)")
            #expect(LineDiff.hunks(a, a).isEmpty)
        }
    }

    @Test func lineDiffFindsTheChangedLines() {
        let a = Array("one\ntwo\nthree\nfour\n".utf8)
        let b = Array("one\n2\nthree\nfour\nfive\n".utf8)
        #expect(
            LineDiff.hunks(a, b) == [LineDiff.Hunk(old: 1..<2, new: 1..<2), LineDiff.Hunk(old: 4..<4, new: 4..<5)])
        // Past the limit: one hunk from the first change to the last.
        #expect(LineDiff.hunks(a, b, maximumDistance: 1) == [LineDiff.Hunk(old: 1..<4, new: 1..<5)])
    }
}

/// A small deterministic generator (SplitMix64), so a failure can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
