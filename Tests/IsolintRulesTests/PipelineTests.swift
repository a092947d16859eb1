import Foundation
import Testing

@testable import IsolintRules
@testable import IsolintSyntax

/// The one pipeline's input checks, shared by the command line and the language server.
@Suite("Pipeline")
struct PipelineTests {
    /// A run reads every file's lines only when something asks for them (a finding, a
    /// suppression): a file parsed, indexed and linted without either never has its table made.
    @Test func aFileWithoutFindingsIsLintedWithoutItsLineTable() {
        let clean = SyntaxTree.parse(path: "Clean.swift", text: "struct Point: Sendable {\n    let x: Int\n}\n")
        let flagged = SyntaxTree.parse(
            path: "Flagged.swift", text: "var counter = 0 // isolint:disable-line unknown-rule\n")
        let index = Pipeline.index([clean, flagged].map { Pipeline.indexPart($0, settings: .standalone) })
        let linter = Linter()
        #expect(linter.lint(clean, index: index, settings: .standalone).isEmpty)
        #expect(!linter.lint(flagged, index: index, settings: .standalone).isEmpty)
        #expect(!clean.source.lazyLines.isMade)
        #expect(flagged.source.lazyLines.isMade)
    }

    /// A run makes the line tables of the files it reports findings in on its workers (the
    /// report is written by one thread), and no other (detached-task's finding has no fix, whose
    /// edits would ask for lines).
    @Test func aRunMakesTheLineTablesOfTheFilesWithFindingsOnly() async {
        let inputs = [
            Pipeline.Input(path: "Clean.swift", settings: .standalone, bytes: Array("struct P: Sendable {}\n".utf8)),
            Pipeline.Input(
                path: "Flagged.swift", settings: .standalone,
                bytes: Array("func f() { Task.detached { print(1) } }\n".utf8)),
        ]
        let run = await Pipeline.run(inputs, linter: Linter())
        #expect(run.reports.map(\.findings.isEmpty) == [true, false])
        #expect(run.reports.map(\.source.lazyLines.isMade) == [false, true])
    }

    @Test func utf8ValidationAgreesWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        let samples: [[UInt8]] = [
            Array("plain ascii text that is long enough for the eight-byte path".utf8),
            Array("émoji 👋🏽 and ünïcode".utf8), [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0x80], [0xFF], [0xEF, 0xBB, 0xBF, 0x41], [],
        ]
        for bytes in samples {
            #expect(Pipeline.isValidUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
        for _ in 0..<2000 {
            let n = Int.random(in: 0..<40, using: &generator)
            // Mostly ASCII with some high bytes, so both paths and every sequence length occur.
            let bytes = (0..<n).map { _ in
                Bool.random(using: &generator)
                    ? UInt8.random(in: 0x20..<0x7F, using: &generator)
                    : UInt8.random(in: 0x80...0xFF, using: &generator)
            }
            #expect(Pipeline.isValidUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
        // Long ASCII runs (the 32-byte path) with one high byte anywhere, a sequence cut by the
        // end of a block, or none.
        for _ in 0..<2000 {
            var bytes = (0..<Int.random(in: 0..<200, using: &generator)).map { _ in
                UInt8.random(in: 0x20..<0x7F, using: &generator)
            }
            if !bytes.isEmpty, Bool.random(using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                    in: 0x80...0xFF, using: &generator)
            }
            #expect(Pipeline.isValidUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    @Test func encodingsOtherThanUTF8AreRefused() {
        #expect(Pipeline.source(path: "a.swift", bytes: [0xFF, 0xFE, 0x41, 0x00]).failure == .utf16)
        #expect(Pipeline.source(path: "a.swift", bytes: [0xFE, 0xFF, 0x00, 0x41]).failure == .utf16)
        #expect(Pipeline.source(path: "a.swift", bytes: [0xFF, 0xFE, 0x00, 0x00, 0x41, 0, 0, 0]).failure == .utf32)
        #expect(Pipeline.source(path: "a.swift", bytes: [0x41, 0xC3]).failure == .invalidUTF8)
        #expect(Pipeline.source(path: "a.swift", bytes: [0xEF, 0xBB, 0xBF] + Array("let a = 1\n".utf8)).failure == nil)
    }

    @Test func filesThatAreNotRegularFilesAreRefusedWithoutBlocking() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("isolint-pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("pipe.swift").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(Pipeline.read(path: fifo).failure == .notARegularFile)
        #expect(Pipeline.read(path: dir.path).failure == .notARegularFile)
        #expect(Pipeline.read(path: dir.appendingPathComponent("missing.swift").path).failure == .unreadable)
        let file = dir.appendingPathComponent("a.swift")
        try Data("let a = 1\n".utf8).write(to: file)
        #expect(Pipeline.read(path: file.path).success?.bytes == Array("let a = 1\n".utf8))
        #expect(InputProblem.tooLarge(bytes: 80 * 1_048_576).description.contains("80 MB"))
    }

    @Test func aRunReportsProblemsAndLintsTheRest() async {
        let inputs = [
            Pipeline.Input(path: "Sources/A/ok.swift", settings: .standalone, bytes: Array("var counter = 0\n".utf8)),
            Pipeline.Input(path: "Sources/A/bad.swift", settings: .standalone, bytes: [0xFF, 0xFE, 0x41, 0x00]),
        ]
        let (reports, problems, _) = await Pipeline.run(inputs, linter: Linter())
        #expect(reports.map(\.path) == ["Sources/A/ok.swift"])
        #expect(reports.first?.findings.map(\.ruleID) == ["global-mutable-state"])
        #expect(problems.map(\.path) == ["Sources/A/bad.swift"])
        #expect(problems.map(\.problem) == [.utf16])
    }

    /// What `NSString.deletingLastPathComponent` gives for each (Foundation on Linux traps on
    /// some strings, so the answers are written out).
    @Test func parentDirectoryIsFoundationsLastComponentDropped() {
        let expected = [
            "/a/b/c.swift": "/a/b", "/a/b/": "/a", "/a": "/", "/": "/", "a/b": "a", "a": "", "/a/b.c/d": "/a/b.c",
            "": "",
        ]
        for (path, parent) in expected { #expect(parentDirectory(path) == parent, "\(path)") }
    }

    /// The folders settings are read for: each file's parent directory once, in order of first
    /// appearance, whether or not a folder's files come together.
    @Test func foldersOfFilesAreTheirParentDirectoriesOnce() {
        let files = [
            "/a/b/x.swift", "/a/b/y.swift", "/a/c/z.swift", "/a/b/w.swift", "/r.swift", "s.swift", "/a/b/",
            "/a/b/v.swift", "t/u.swift", "t/v.swift", "/q.swift",
        ]
        var expected: [String] = []
        for f in files where !expected.contains(parentDirectory(f)) { expected.append(parentDirectory(f)) }
        #expect(WorkspaceSettings.folders(of: files) == expected)
        #expect(expected == ["/a/b", "/a/c", "/", "", "/a", "t"])
        #expect(WorkspaceSettings.folders(of: []) == [])
    }

    /// The walk's shortcut: a path it calls normalised is one `normalized` leaves unchanged, and
    /// the paths a walk makes from a normalised root are all called so.
    @Test func normalisedPathsAreRecognised() {
        let normal = ["/", "/a", "/a/b.swift", "a", "a/b", "a/...", "a/.b", "a/b..", "/work/x.swift/y"]
        let other = ["", "//a", "/a/", "a//b", "./a", "a/.", "a/./b", "../a", "a/../b", "a/..", "/a/b/"]
        for p in normal {
            #expect(SwiftFiles.isNormalized(p), "\(p)")
            #expect(SwiftFiles.normalized(p) == p, "\(p)")
        }
        for p in other { #expect(!SwiftFiles.isNormalized(p), "\(p)") }
    }

    /// Directories are walked by the types readdir gives (no lstat per entry): skipped folders,
    /// files that are not Swift, and symbolic links (not followed, to a file or a folder) are left
    /// out; a file named twice, once through `..`, is listed once.
    @Test func aWalkListsTheSwiftFilesOnce() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("isolint-walk-\(UUID().uuidString)").path
        defer { try? fm.removeItem(atPath: root) }
        for dir in ["Sources/App", "Sources/.build", "Pods/X", "Other"] {
            try fm.createDirectory(atPath: root + "/" + dir, withIntermediateDirectories: true)
        }
        for file in [
            "Sources/App/B.swift", "Sources/App/A.swift", "Sources/.build/Gen.swift", "Pods/X/P.swift",
            "Other/readme.md", "Top.swift",
        ] {
            #expect(fm.createFile(atPath: root + "/" + file, contents: Data("let x = 1\n".utf8)))
        }
        try fm.createSymbolicLink(atPath: root + "/Link.swift", withDestinationPath: root + "/Top.swift")
        try fm.createSymbolicLink(atPath: root + "/Sources/Loop", withDestinationPath: root)
        let files = try SwiftFiles.collect([root, root + "/Sources/../Top.swift"])
        // Sorted, then the first spelling of each file kept.
        #expect(
            files == [root + "/Sources/../Top.swift", root + "/Sources/App/A.swift", root + "/Sources/App/B.swift"])
    }

    /// A level of many folders is listed on all cores, and a long list of paths is checked on
    /// all cores: the same files either way, sorted; the first missing path is the one reported.
    @Test func aWideWalkAndALongListFindTheSameFiles() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("isolint-wide-\(UUID().uuidString)").path
        defer { try? fm.removeItem(atPath: root) }
        var expected: [String] = []
        for d in 0..<12 {
            try fm.createDirectory(atPath: root + "/D\(d)/Inner", withIntermediateDirectories: true)
            for f in 0..<25 {
                let path = root + "/D\(d)/\(f % 2 == 0 ? "Inner/" : "")F\(f).swift"
                #expect(fm.createFile(atPath: path, contents: Data("let x = 1\n".utf8)))
                expected.append(path)
            }
        }
        expected.sort()
        #expect(try SwiftFiles.collect([root]) == expected)
        #expect(try SwiftFiles.collect(expected.reversed()) == expected)
        var withMissing = expected
        withMissing.insert(root + "/Gone.swift", at: 280)
        withMissing.append(root + "/AlsoGone.swift")
        #expect(throws: SwiftFiles.Missing.self) { try SwiftFiles.collect(withMissing) }
        do {
            _ = try SwiftFiles.collect(withMissing)
        } catch {
            #expect(error.path == root + "/Gone.swift")
        }
    }

    /// Parts handed in out of order, with a file that has none, merge into the index the parts
    /// merged in input order give; a kept tree is handed out once.
    @Test func partsMergeInInputOrderWhateverOrderTheyArrive() {
        let sources = [
            "struct A {}\nextension A { func f() {} }", "class B { var x = 0 }", "", "typealias C = Int\nfunc g() {}",
            "actor D { let y = 1 }\nstruct A {}",
        ]
        let parts = sources.enumerated().map { i, text in
            Pipeline.indexPart(SyntaxTree.parse(path: "F\(i).swift", text: text), settings: .standalone)
        }
        let inOrder = Pipeline.index(parts)
        let merge = OrderedMerge()
        for i in [3, 1, 4, 0, 2] { merge.add(i, i == 2 ? nil : parts[i]) }
        var merged = merge.index
        merged.finalize()
        #expect(merged == Pipeline.index(parts.enumerated().filter { $0.offset != 2 }.map(\.element)))
        #expect(merged.types.map(\.file) == ["F0.swift", "F1.swift", "F4.swift", "F4.swift"])
        #expect(inOrder.types.count == 4)
        let shelf = TreeShelf([SyntaxTree.parse(text: "let a = 1"), nil])
        #expect(shelf.take(0) != nil)
        #expect(shelf.take(0) == nil)
        #expect(shelf.take(1) == nil)
        #expect(shelf.take(7) == nil)
    }

    /// Parts handed in from several threads at once (one merges while the others hand theirs
    /// over to it) still merge in input order, each once.
    @Test func partsHandedInConcurrentlyMergeInInputOrder() {
        let parts = (0..<240).map { i in
            Pipeline.indexPart(
                SyntaxTree.parse(
                    path: "F\(i).swift", text: "struct T\(i % 7) {}\nextension T\(i % 5) { func f\(i)() {} }"),
                settings: .standalone)
        }
        let merge = OrderedMerge()
        // Each thread hands in every fourth part, last first: most arrive before the ones ahead.
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            for i in stride(from: 236 + t, through: 0, by: -4) { merge.add(i, i % 11 == 3 ? nil : parts[i]) }
        }
        var merged = merge.index
        merged.finalize()
        #expect(merged == Pipeline.index(parts.enumerated().filter { $0.offset % 11 != 3 }.map(\.element)))
        #expect(merged.types.count == 240 - 22)
        #expect(merged.extensions.map(\.file).first == "F0.swift")
    }

    /// Files are parsed ahead in input order, only while the trees a run keeps fit the budget,
    /// and not at all once stopped; a file that cannot be read is left to the run.
    @Test func prefetchParsesTheFirstFilesWithinTheBudget() throws {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("isolint-prefetch-\(UUID().uuidString)").path
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: dir) }
        let text = Data(String(repeating: "let a = 1\n", count: 10).utf8)  // 100 bytes
        let paths = ["A", "B", "C"].map { dir + "/\($0).swift" }
        for p in paths { #expect(fm.createFile(atPath: p, contents: text)) }
        let gone = dir + "/Gone.swift"
        let prefetch = TreePrefetch(paths: [paths[0], gone, paths[1], paths[2]], budget: 250)
        prefetch.run()
        #expect(prefetch.shelf.take(0)?.tokens.count == 41)
        #expect(prefetch.shelf.take(1) == nil)
        #expect(prefetch.shelf.take(2) != nil)
        #expect(prefetch.shelf.take(3) == nil)
        #expect(prefetch.shelf.bytes == 200)
        let stopped = TreePrefetch(paths: paths, budget: 10_000)
        stopped.stop()
        stopped.run()
        #expect(stopped.shelf.take(0) == nil)
    }

    /// Trees are kept while their files fit in what is left of the budget; after the first that
    /// does not, none is, however small.
    @Test func theTreeBudgetClosesAtTheFirstFileThatDoesNotFit() {
        let budget = KeepBudget(250)
        #expect(budget.admit(0))
        #expect(budget.admit(100))
        #expect(budget.admit(150))
        #expect(!budget.admit(1))
        #expect(!budget.admit(0))
        let small = KeepBudget(100)
        #expect(!small.admit(101))
        #expect(!small.admit(10))
        #expect(!KeepBudget(-5).admit(0))
    }

    /// Every way a run can be scheduled gives the same findings: trees kept or parsed again from
    /// disk, one worker or several, sources kept or dropped, every rule on or only some (a rule
    /// that is off is not run at all). Over the project's own sources and every fixture.
    @Test func everyScheduleOfARunFindsTheSame() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let files = try SwiftFiles.collect([
            root.appendingPathComponent("Sources").path,
            root.appendingPathComponent("Tests/IsolintRulesTests/Fixtures").path,
        ])
        #expect(files.count > 300)
        let inputs = files.map { Pipeline.Input(path: $0, settings: .standalone) }
        func findings(
            _ run: (reports: [FileReport], problems: [(path: String, problem: InputProblem)], index: WorkspaceIndex)
        )
            -> [String]
        {
            run.reports.flatMap { r in
                r.findings.map { f in
                    "\(r.path):\(f.range) \(f.ruleID) \(f.severity) \(f.message) notes=\(f.notes.map(\.range)) fixes=\(f.fixes.map { $0.edits.map { "\($0.range)=\($0.newText)" } })"
                }
            }
        }
        let reference = await Pipeline.run(inputs, linter: Linter(), workers: 1, treeBudget: Int.max)
        let expected = findings(reference)
        #expect(expected.count > 300)
        #expect(reference.problems.isEmpty)
        let streamed = await Pipeline.run(inputs, linter: Linter(), workers: 2, keepSources: false, treeBudget: 0)
        #expect(findings(streamed) == expected)
        #expect(streamed.reports.filter { $0.findings.isEmpty }.allSatisfy { $0.source.bytes.isEmpty })
        #expect(streamed.reports.map(\.path) == reference.reports.map(\.path))
        // No tree kept whole: every file's tree kept packed; then some files' packed and the rest
        // parsed again from their text; then all parsed again (that unpacking gives the parsed
        // tree itself is `PackedTreeTests`' to show).
        let unpacked = await Pipeline.run(inputs, linter: Linter(), workers: 2, treeBudget: 0)
        #expect(findings(unpacked) == expected)
        let somePacked = await Pipeline.run(inputs, linter: Linter(), workers: 2, treeBudget: 0, packedBudget: 100_000)
        #expect(findings(somePacked) == expected)
        let nonePacked = await Pipeline.run(inputs, linter: Linter(), workers: 2, treeBudget: 0, packedBudget: 0)
        #expect(findings(nonePacked) == expected)
        let half = await Pipeline.run(inputs, linter: Linter(), workers: 3, treeBudget: 200_000)
        #expect(findings(half) == expected)
        #expect(half.reports.allSatisfy { !$0.source.bytes.isEmpty })
        // The first files parsed ahead (as the command line does while it reads the settings).
        let prefetch = TreePrefetch(paths: files, budget: 300_000)
        prefetch.run()
        let ahead = await Pipeline.run(inputs, linter: Linter(), workers: 2, prefetched: prefetch.shelf)
        #expect(findings(ahead) == expected)
        // Only two rules on: exactly their findings.
        var configuration = Configuration()
        let kept: Set<String> = ["global-mutable-state", "value-used-after-send"]
        for rule in RuleCatalog.all {
            for d in rule.descriptors where !kept.contains(d.id) { configuration.ruleOverrides[d.id] = .some(nil) }
        }
        let some = await Pipeline.run(inputs, linter: Linter(configuration: configuration), workers: 2)
        let expectedSome = reference.reports.flatMap { r in
            r.findings.filter { kept.contains($0.ruleID) }.map { _ in r.path }
        }
        #expect(some.reports.flatMap { r in r.findings.map { _ in r.path } } == expectedSome)
        #expect(!expectedSome.isEmpty)
    }

    /// Lints two files written to a new folder, `a.swift` then `b.swift`, on one worker with no
    /// tree kept, so that both are read again after the index is built; `progress` is given the
    /// second's path and runs after each file is linted (after the first: before the second is
    /// read again).
    private func lintTwoFiles(
        _ first: String, _ second: String, progress: @escaping @Sendable (String) -> Void
    ) async throws -> (
        run: (reports: [FileReport], problems: [(path: String, problem: InputProblem)]), a: String, b: String
    ) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("isolint-two-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.swift").path
        let b = dir.appendingPathComponent("b.swift").path
        try Data(first.utf8).write(to: URL(fileURLWithPath: a))
        try Data(second.utf8).write(to: URL(fileURLWithPath: b))
        let run = await Pipeline.run(
            [Pipeline.Input(path: a, settings: .standalone), Pipeline.Input(path: b, settings: .standalone)],
            linter: Linter(), workers: 1, progress: { progress(b) }, treeBudget: 0)
        return ((run.reports, run.problems), a, b)
    }

    /// A file whose tree is not kept is read again to be linted; when its text changed since it
    /// was indexed (same length or not), its kept tokens are not used: it is linted as it is now.
    @Test func aFileChangedBeforeItIsLintedIsLintedAsItIsNow() async throws {
        for now in ["var fine = 1\n", "var fine = 10\n"] {
            let (run, a, b) = try await lintTwoFiles("let one = 1\n", "let fine = 1\n") {
                _ = FileManager.default.createFile(atPath: $0, contents: Data(now.utf8))
            }
            #expect(run.problems.isEmpty)
            #expect(run.reports.map(\.path) == [a, b])
            #expect(run.reports.last?.findings.map(\.ruleID) == ["global-mutable-state"], "\(now)")
        }
    }

    @Test func aFileGoneBeforeItIsLintedIsAProblemNotACrash() async throws {
        let (run, a, b) = try await lintTwoFiles("var counter = 0\n", "let fine = 1\n") { unlink($0) }
        #expect(run.reports.map(\.path) == [a])
        #expect(run.reports.first?.findings.map(\.ruleID) == ["global-mutable-state"])
        #expect(run.problems.map(\.path) == [b])
        #expect(run.problems.map(\.problem) == [.unreadable])
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let f) = self { return f }
        return nil
    }
    var success: Success? {
        if case .success(let s) = self { return s }
        return nil
    }
}
