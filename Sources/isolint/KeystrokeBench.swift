import Foundation
import IsolintLSP
import IsolintRules
import IsolintSyntax

/// `isolint bench --keystrokes FILE`: what the language server does for one keystroke, phase by
/// phase, in process (no pipes, no client): the line table of the new text, the re-parse
/// (incremental, and a full parse of the same text as the reference), the lint with the cache of
/// unchanged declarations, and writing the `publishDiagnostics`. Edits are those of
/// `scripts/lsp-bench.py`: a comment typed at the end of a line, the same sequence every run.
enum KeystrokeBench {
    static func run(path: String, edits: Int) -> Int32 {
        guard let data = FileManager.default.contents(atPath: path) else {
            printErr("isolint bench: cannot read \(path)")
            return 2
        }
        var source = SourceFile(path: path, bytes: [UInt8](data))
        var tree = SyntaxTree.parse(source)
        let index = Linter.index([tree])
        let linter = Linter()
        let writer = DiagnosticWriter(linter: linter, docsBaseURL: nil)
        var cache = LintCache()
        var findings = linter.lint(tree, index: index, settings: TargetSettings(), cache: &cache)
        var phases: [String: [Double]] = [:]
        var publishBytes = 0
        var rng = UInt64(0x1234_5678)
        func random(_ n: Int) -> Int {
            rng = rng &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return n <= 0 ? 0 : Int((rng >> 33) % UInt64(n))
        }
        func time<T>(_ name: String, _ body: () -> T) -> T {
            let t0 = DispatchTime.now().uptimeNanoseconds
            let value = body()
            phases[name, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            return value
        }
        // Lines a person might type a comment at the end of (no comment or string there yet).
        var candidates: [Int] = []
        for l in 0..<source.lineCount {
            let text = source.bytes[source.lineRange(l)]
            if text.contains(where: { $0 != 32 }), !text.contains(UInt8(ascii: "\"")), !text.contains(UInt8(ascii: "/"))
            {
                candidates.append(l)
            }
        }
        guard !candidates.isEmpty else {
            printErr("isolint bench: \(path) has no line to type on")
            return 2
        }
        var line = 0
        var burst = 0
        var typed = 0
        for k in 0..<edits {
            // Bursts of 4–12 keystrokes at the end of one line: " // " and then letters, now and
            // then a backspace over what was typed.
            if burst == 0 {
                line = candidates[random(candidates.count)]
                burst = 4 + random(9)
                typed = 0
            }
            burst -= 1
            let end = source.lineRange(line).upperBound
            let range: Range<Int>
            let text: [UInt8]
            if typed > 0, random(4) == 0 {
                (range, text) = ((end - 1)..<end, [])
                typed -= 1
            } else {
                (range, text) = (end..<end, typed == 0 ? Array(" // a".utf8) : [UInt8(ascii: "a") + UInt8(random(26))])
                typed += 1
            }
            guard let edited = time("apply the edit (line table)", { try? source.replacing(range, with: text) }) else {
                return 2
            }
            source = edited
            _ = time("full parse (reference)") { SyntaxTree.parse(source) }
            tree = time("incremental re-parse") { tree.reparsed(source) }
            findings = time("lint (cached declarations)") {
                linter.lint(tree, index: index, settings: TargetSettings(), cache: &cache)
            }
            let positions = Positions(source: source, encoding: .utf16)
            let body = time("publishDiagnostics bytes") {
                writer.publishParams(uri: "file://" + path, version: k + 2, findings: findings, positions)
            }
            publishBytes = body.count
        }
        print(
            "\(path): \(source.lineCount) lines, \(findings.count) findings, \(publishBytes / 1024) KiB per publish, \(edits) typing edits"
        )
        print("  phase                              p50 ms    p95 ms")
        let order = [
            "apply the edit (line table)", "full parse (reference)", "incremental re-parse",
            "lint (cached declarations)", "publishDiagnostics bytes",
        ]
        for name in order {
            let v = (phases[name] ?? []).sorted()
            guard !v.isEmpty else { continue }
            let padded = name.padding(toLength: 32, withPad: " ", startingAt: 0)
            print(
                "  " + padded + String(format: " %8.3f  %8.3f", v[v.count / 2], v[min(v.count - 1, v.count * 95 / 100)])
            )
        }
        let full = (phases["full parse (reference)"] ?? []).sorted()
        let incremental = (phases["incremental re-parse"] ?? []).sorted()
        if !full.isEmpty, !incremental.isEmpty, incremental[incremental.count / 2] > 0 {
            print(
                String(
                    format: "ratio: incremental re-parse is %.1fx faster than a full parse (p50)",
                    full[full.count / 2] / incremental[incremental.count / 2]))
        }
        return 0
    }
}
