import Foundation
import IsolintRules

/// `isolint rules [--format text|json|markdown|schema]` and `isolint explain RULE`.
enum RulesCommand {
    static func list(_ args: [String]) -> Int32 {
        var format = "text"
        var k = 0
        while k < args.count {
            switch args[k] {
            case "--format":
                guard k + 1 < args.count else {
                    printErr("isolint rules: --format needs a value (text, json, markdown or schema)")
                    return 2
                }
                format = args[k + 1]
                k += 2
            case "-h", "--help":
                print("USAGE: isolint rules [--format text|json|markdown|schema]")
                return 0
            default:
                printErr("isolint rules: unexpected argument '\(args[k])'")
                return 2
            }
        }
        switch format {
        case "text":
            let descriptors = RuleCatalog.descriptors
            let width = descriptors.map(\.id.count).max() ?? 0
            for d in descriptors {
                let pad = String(repeating: " ", count: width - d.id.count)
                let off = d.enabledByDefault ? "" : " (off by default)"
                let group = d.compilerGroup.map { " [#\($0)]" } ?? ""
                print("\(d.id)\(pad)  \(d.defaultSeverity.rawValue.padding(7))  \(d.summary)\(off)\(group)")
            }
        case "json":
            FileHandle.standardOutput.write(Data(RuleReference.json().utf8))
        case "markdown":
            FileHandle.standardOutput.write(Data(RuleReference.markdown().utf8))
        case "schema":
            FileHandle.standardOutput.write(Data(ConfigurationSchema.json().utf8))
        default:
            printErr("isolint rules: --format takes text, json, markdown or schema (got '\(format)')")
            return 2
        }
        return 0
    }

    static func explain(_ args: [String]) -> Int32 {
        guard args.count == 1, let id = args.first else {
            printErr("isolint explain: expected one RULE id (see 'isolint rules')")
            return 2
        }
        if id == "-h" || id == "--help" {
            print("USAGE: isolint explain RULE")
            return 0
        }
        guard let d = RuleCatalog.descriptor(id) else {
            let close = closest(to: id, in: RuleCatalog.descriptors.map(\.id))
            let hint = close.isEmpty ? "" : " — did you mean \(close.map { "'\($0)'" }.joined(separator: " or "))?"
            printErr("isolint explain: unknown rule '\(id)'\(hint) (see 'isolint rules')")
            return 2
        }
        var header =
            "# \(d.id) (\(d.defaultSeverity.rawValue)\(d.enabledByDefault ? "" : ", off by default"))\n\n\(d.summary)\n"
        if let g = d.compilerGroup { header += "Compiler diagnostic group: [#\(g)]\n" }
        print(header + "\n" + d.explanation)
        return 0
    }

    /// The ids nearest to a misspelt one (edit distance at most a third of its length, at most 3).
    static func closest(to id: String, in ids: [String]) -> [String] {
        let scored = ids.map { ($0, editDistance(Array(id.utf8), Array($0.utf8))) }
        let limit = max(2, id.count / 3)
        let best = scored.filter { $0.1 <= limit }.sorted { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }
        let prefixed = ids.filter { $0.hasPrefix(id) && id.count >= 3 }
        var out: [String] = []
        for candidate in best.map(\.0) + prefixed where !out.contains(candidate) { out.append(candidate) }
        return Array(out.prefix(3))
    }

    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
