import Foundation
import Testing

@testable import IsolintSyntax

extension SplitMix64 {
    mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
}

/// Text that changes how everything after it lexes or parses, plus ordinary typing.
private let snippets = [
    "x", "e", " ", "\n", "{", "}", "(", ")", "[", "]", "\"", "\"\"\"", "\"\"\"\n", "/*", "*/", "//", "\\(",
    "#if DEBUG\n",
    "#endif\n", "#", "`", "/", "/a/", "'", ";", ".", "?", "!", "<", ">", "func ", "class C {", "var y = 1\n",
    "let s = \"a \\(b) c\"\n", "Task { @MainActor in }", "}\n}\n", "#\"", "\"#", "0x", "1.5", "@", "->", "in ",
    "case ", "\r\n", "é", "🦀", "\u{FEFF}", "/#", "#/\n", "<", ">", "@A<",
]

private func firstDifference<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
    var k = 0
    while k < a.count, k < b.count, a[k] == b[k] { k += 1 }
    return k
}

/// Describes the first difference between two trees, or nil when they are the same.
func treeDifference(_ a: SyntaxTree, _ b: SyntaxTree) -> String? {
    if a.tokens != b.tokens {
        let k = firstDifference(a.tokens, b.tokens)
        return
            "tokens differ at \(k) (\(a.tokens.count) vs \(b.tokens.count)): \(k < a.tokens.count ? "\(a.tokens[k])" : "-") vs \(k < b.tokens.count ? "\(b.tokens[k])" : "-")"
    }
    if a.comments != b.comments { return "comments differ" }
    if a.matching != b.matching { return "bracket matching differs" }
    if a.interpolatedStringEnds != b.interpolatedStringEnds { return "interpolated string ends differ" }
    if a.interpolationSpans != b.interpolationSpans { return "interpolation spans differ" }
    if a.longLookaheads != b.longLookaheads { return "long lookaheads differ" }
    if a.items != b.items {
        let k = firstDifference(a.items, b.items)
        return "items differ at \(k) (\(a.items.count) vs \(b.items.count))"
    }
    if a.nodes != b.nodes {
        let k = firstDifference(a.nodes, b.nodes)
        return
            "nodes differ at \(k) (\(a.nodes.count) vs \(b.nodes.count)): \(k < a.nodes.count ? "\(a.nodes[k])" : "-") vs \(k < b.nodes.count ? "\(b.nodes[k])" : "-")"
    }
    for n in 0..<Int32(a.nodes.count) where a.children(n) != b.children(n) { return "children of node \(n) differ" }
    return nil
}

/// Applies `count` random edits to `text` one after another, re-parsing each version
/// incrementally from the previous tree; returns the first version whose tree differs from a
/// full parse, with the edit that led to it.
func firstIncrementalMismatch(_ text: [UInt8], edits count: Int, seed: UInt64) -> String? {
    var rng = SplitMix64(state: seed)
    var bytes = text
    var tree = SyntaxTree.parse(SourceFile(path: "t.swift", bytes: bytes))
    for step in 0..<count {
        let at = rng.below(bytes.count + 1)
        let removing = rng.below(3) == 0 ? min(rng.below(12), bytes.count - at) : 0
        let inserting = rng.below(4) == 0 ? "" : snippets[rng.below(snippets.count)]
        let before = bytes
        bytes.replaceSubrange(at..<(at + removing), with: Array(inserting.utf8))
        let source = SourceFile(path: "t.swift", bytes: bytes)
        let incremental = tree.reparsed(source)
        let full = SyntaxTree.parse(source)
        if let d = treeDifference(incremental, full) {
            let context = String(
                decoding: before[max(0, at - 40)..<min(before.count, at + removing + 40)], as: UTF8.self)
            return
                "seed \(seed) step \(step): replacing \(removing) bytes at \(at) with \(inserting.debugDescription) in …\(context.debugDescription)…: \(d)"
        }
        tree = incremental
    }
    return nil
}

private func fixtureText(_ name: String) throws -> [UInt8] {
    let url = try #require(Bundle.module.resourceURL?.appendingPathComponent("Fixtures/parser/\(name)"))
    return [UInt8](try Data(contentsOf: url))
}

@Suite struct IncrementalParseTests {
    @Test(arguments: [
        "FeedViewModel.swift", "ImageLoader.swift", "LocationService.swift", "SettingsViewController.swift",
    ])
    func randomEditsMatchAFullParse(_ name: String) throws {
        let text = try fixtureText(name)
        for seed in UInt64(1)...12 {
            #expect(firstIncrementalMismatch(text, edits: 60, seed: seed) == nil)
        }
    }

    /// A file of many small items, so re-parses really start and stop between items.
    @Test func manySmallItems() {
        var text = "import Foundation\n\n"
        for k in 0..<120 {
            text +=
                k % 3 == 0
                ? "struct S\(k) { var a = \"v\\(\(k))\" }\n"
                : (k % 3 == 1 ? "func f\(k)() { print(\(k)) }\n" : "let g\(k) = [\(k), \(k + 1)]\n")
        }
        for seed in UInt64(100)...140 {
            #expect(firstIncrementalMismatch(Array(text.utf8), edits: 40, seed: seed) == nil)
        }
    }

    @Test func reusesTheItemsAroundAnEdit() throws {
        var text = ""
        for k in 0..<50 { text += "func f\(k)() {\n    let x = \(k)\n    print(x)\n}\n" }
        let tree = SyntaxTree.parse(path: "t.swift", text: text)
        let edited = text.replacingOccurrences(of: "let x = 25", with: "let x = 25 + y")
        let source = SourceFile(path: "t.swift", text: edited)
        let incremental = tree.reparsed(source)
        #expect(treeDifference(incremental, SyntaxTree.parse(source)) == nil)
        // Untouched items keep their node counts; the edited one gained the sequence nodes.
        #expect(incremental.items.count == 50)
        #expect(incremental.nodes.count > tree.nodes.count)
    }

    /// The common prefix and suffix, found eight bytes at a time, are those of a byte-by-byte
    /// comparison: edits at every distance from the ends and from a word boundary.
    @Test func commonAffixesMatchAByteByByteComparison() {
        func naive(_ a: [UInt8], _ b: [UInt8]) -> (Int, Int) {
            let limit = min(a.count, b.count)
            var p = 0
            while p < limit, a[p] == b[p] { p += 1 }
            var s = 0
            while s < limit - p, a[a.count - 1 - s] == b[b.count - 1 - s] { s += 1 }
            return (p, s)
        }
        var random = SplitMix64(state: 11)
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 40, 333] {
            let a = (0..<length).map { _ in UInt8(ascii: "a") + UInt8(random.below(3)) }
            for _ in 0..<60 {
                var b = a
                let at = random.below(length + 1)
                let removed = random.below(min(3, length - at) + 1)
                let inserted = (0..<random.below(4)).map { _ in UInt8(ascii: "a") + UInt8(random.below(3)) }
                b.replaceSubrange(at..<(at + removed), with: inserted)
                let fast = SyntaxTree.commonAffixes(a, b)
                let slow = naive(a, b)
                #expect(fast.prefix == slow.0 && fast.suffix == slow.1, "\(a) vs \(b)")
            }
        }
        // Identical, and a repeated text where prefix and suffix could overlap.
        let same = Array("let x = 1\n".utf8)
        #expect(SyntaxTree.commonAffixes(same, same) == (same.count, 0))
        let longer = Array(repeating: UInt8(ascii: "a"), count: 20)
        #expect(SyntaxTree.commonAffixes(longer, Array(longer.dropLast(3))) == (17, 0))
    }

    @Test func unchangedTextKeepsTheTree() {
        let tree = SyntaxTree.parse(path: "t.swift", text: "let a = 1\nlet b = 2\n")
        let again = tree.reparsed(SourceFile(path: "t.swift", text: "let a = 1\nlet b = 2\n"))
        #expect(treeDifference(again, tree) == nil)
    }

    @Test func anOpenedBlockCommentSwallowsTheRest() {
        var text = ""
        for k in 0..<30 { text += "let v\(k) = \(k)\n" }
        let tree = SyntaxTree.parse(path: "t.swift", text: text)
        let source = SourceFile(path: "t.swift", text: text.replacingOccurrences(of: "let v10", with: "/* let v10"))
        let incremental = tree.reparsed(source)
        #expect(treeDifference(incremental, SyntaxTree.parse(source)) == nil)
        #expect(incremental.items.count == 10)
    }

    /// Real code from outside the repository: `ISOLINT_INCREMENTAL_CORPUS=DIR` checks every Swift
    /// file under DIR (reported as skipped otherwise).
    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["ISOLINT_INCREMENTAL_CORPUS"] != nil,
            "set ISOLINT_INCREMENTAL_CORPUS=DIR"))
    func corpus() throws {
        let dir = try #require(ProcessInfo.processInfo.environment["ISOLINT_INCREMENTAL_CORPUS"])
        let files =
            FileManager.default.enumerator(atPath: dir)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            ?? []
        var failures = 0
        for (k, f) in files.enumerated() {
            guard let data = FileManager.default.contents(atPath: dir + "/" + f), data.count < 400_000 else { continue }
            if let m = firstIncrementalMismatch([UInt8](data), edits: 20, seed: UInt64(k)) {
                failures += 1
                if failures <= 20 { Issue.record("\(f): \(m)") }
            }
        }
        #expect(failures == 0)
    }

    /// Found by the fuzzer: an interpolation a newline ends (`"… \\(x⏎`) closes its string past
    /// the newline, so a restart right after it is at a line start.
    @Test func restartAfterAStringClosedByANewline() {
        let text =
            "import Foundation\n\nvar a = 0\nprint(\"launched \\(a\nfinal class C {}\nfunc f() {\n    q.async {\n        do {\n            g()\n        }\n    }\n}\n"
        let tree = SyntaxTree.parse(path: "t.swift", text: text)
        let source = SourceFile(path: "t.swift", text: text.replacingOccurrences(of: "g()", with: "\\(g()"))
        #expect(treeDifference(tree.reparsed(source), SyntaxTree.parse(source)) == nil)
    }

    /// Found in review: `a<b` scans up to 64 tokens ahead for a closing `>` — one typed 20
    /// lines later turns the whole span into generic arguments of the first item.
    @Test func aClosingAngleFarBelowChangesAnEarlierItem() {
        let text = "let q = a<b\n" + (0..<20).map { "c\($0)\n" }.joined() + "zz(1)\n"
        let tree = SyntaxTree.parse(path: "t.swift", text: text)
        let source = SourceFile(path: "t.swift", text: text.replacingOccurrences(of: "zz(1)", with: "zz>(1)"))
        #expect(treeDifference(tree.reparsed(source), SyntaxTree.parse(source)) == nil)
    }

    /// Found in review: a multi-line `#/` without `/#` reads to the end of the file; a `/#`
    /// typed anywhere later makes it one regex literal.
    @Test func aRegexCloserFarBelowChangesAnEarlierToken() {
        let text = "let r = #/\n" + (0..<20).map { "a\($0)()\n" }.joined() + "zz()\n"
        let tree = SyntaxTree.parse(path: "t.swift", text: text)
        #expect(tree.longLookaheads == [3])
        let source = SourceFile(path: "t.swift", text: text.replacingOccurrences(of: "zz()", with: "/#zz()"))
        #expect(treeDifference(tree.reparsed(source), SyntaxTree.parse(source)) == nil)
    }
}
