import Foundation
import IsolintRules
import IsolintSyntax

/// `isolint bench --scaling FILE`: whether any rule's cost grows faster than its input. The file
/// is linted as it is and doubled (its text twice, the second copy's declarations renamed: twice
/// the declarations and findings, not twice the declarations of each name), by
/// each rule alone, and by the parser, the index and all rules together; a cost that more than
/// doubles (beyond `limit`, and over a millisecond, under which the clock's noise dominates) is
/// flagged and the command exits 1.
enum ScalingBench {
    static let limit = 2.6

    static func run(path: String, repeats: Int) -> Int32 {
        guard let data = FileManager.default.contents(atPath: path) else {
            printErr("isolint bench: cannot read \(path)")
            return 2
        }
        let once = [UInt8](data)
        let twice = doubled(once, path: path)
        let small = SourceFile(path: path, bytes: once)
        let large = SourceFile(path: path, bytes: twice)
        print("file: \(path)  \(small.lineCount) lines, doubled to \(large.lineCount); best of \(repeats) runs each")
        print("phase or rule                               findings 1x   2x     ms 1x     ms 2x   ratio")
        var flagged: [String] = []
        func row(_ name: String, _ findings: (Int, Int)?, _ t1: Double, _ t2: Double) {
            let ratio = t1 > 0 ? t2 / t1 : 0
            let superlinear = ratio > limit && t2 > 1
            if superlinear { flagged.append(name) }
            let counts = findings.map { String(format: "%8d %6d", $0.0, $0.1) } ?? String(repeating: " ", count: 15)
            print(
                String(
                    format: "%@ %@ %9.2f %9.2f %6.2f%@", name + String(repeating: " ", count: max(0, 40 - name.count)),
                    counts,
                    t1, t2, ratio, superlinear ? "  grows faster than its input" : ""))
        }
        // The 1x and 2x runs alternate, so that a burst of load on a shared machine slows both
        // sizes alike instead of the one it happened to fall on.
        func best<T>(_ once: () -> T, _ twice: () -> T) -> ((T, Double), (T, Double)) {
            var values = (once(), twice())
            var fastest = (Double.infinity, Double.infinity)
            func time(_ body: () -> T) -> (T, Double) {
                let t0 = DispatchTime.now().uptimeNanoseconds
                let v = body()
                return (v, Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            }
            for _ in 0..<repeats {
                let a = time(once)
                let b = time(twice)
                values = (a.0, b.0)
                fastest = (min(fastest.0, a.1), min(fastest.1, b.1))
            }
            return ((values.0, fastest.0), (values.1, fastest.1))
        }
        let ((tree1, p1), (tree2, p2)) = best({ SyntaxTree.parse(small) }, { SyntaxTree.parse(large) })
        row("lex and parse", nil, p1, p2)
        let ((index1, i1), (index2, i2)) = best({ Linter.index([tree1]) }, { Linter.index([tree2]) })
        row("index", nil, i1, i2)
        let settings = TargetSettings()
        let all = Linter()
        let ((all1, a1), (all2, a2)) = best(
            { all.lint(tree1, index: index1, settings: settings) },
            { all.lint(tree2, index: index2, settings: settings) })
        row("every rule", (all1.count, all2.count), a1, a2)
        for rule in RuleCatalog.all {
            // Each rule on, those off by default too.
            var configuration = Configuration()
            for d in rule.descriptors { configuration.ruleOverrides[d.id] = .some(d.defaultSeverity) }
            let linter = Linter(rules: [rule], configuration: configuration)
            let ((f1, t1), (f2, t2)) = best(
                { linter.lint(tree1, index: index1, settings: settings) },
                { linter.lint(tree2, index: index2, settings: settings) })
            row(rule.descriptors.map(\.id).joined(separator: ", "), (f1.count, f2.count), t1, t2)
        }
        if flagged.isEmpty {
            print("every cost at most \(limit)x when the input doubles")
            return 0
        }
        print("grows faster than its input: \(flagged.joined(separator: ", "))")
        return 1
    }

    /// The text, a newline, and the text again with every name the file declares for a type or at
    /// file scope suffixed `_2` (so that the copies do not redeclare each other's types).
    static func doubled(_ bytes: [UInt8], path: String) -> [UInt8] {
        let tree = SyntaxTree.parse(SourceFile(path: path, bytes: bytes))
        var declared: Set<String> = []
        for i in tree.nodes.indices {
            let n = Int32(i)
            let kind = tree.nodes[i].kind
            // Not extensions: `extension String` extends a type the file does not declare.
            let nominal: NodeKindSet = [
                .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .typealiasDecl,
            ]
            if nominal.contains(kind) || (tree.isFileScope(n) && (kind == .funcDecl || kind == .varDecl)) {
                if tree.nodes[i].name >= 0 { declared.insert(tree.name(of: n)) }
            }
        }
        var out = bytes + [UInt8(ascii: "\n")]
        var last = 0
        for t in tree.tokens where t.kind == .identifier {
            let r = t.range
            guard r.lowerBound >= last, r.upperBound <= bytes.count,
                declared.contains(String(decoding: bytes[r], as: UTF8.self))
            else { continue }
            out += bytes[last..<r.upperBound]
            out += Array("_2".utf8)
            last = r.upperBound
        }
        out += bytes[last...]
        return out
    }
}
