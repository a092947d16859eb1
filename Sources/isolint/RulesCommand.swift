import IsolintRules

enum RulesCommand {
    static func list(_ args: [String]) -> Int32 {
        if let a = args.first {
            printErr("isolint rules: unexpected argument '\(a)'")
            return 2
        }
        let descriptors = RuleCatalog.descriptors
        let width = descriptors.map(\.id.count).max() ?? 0
        for d in descriptors {
            let pad = String(repeating: " ", count: width - d.id.count)
            let off = d.enabledByDefault ? "" : " (off by default)"
            print("\(d.id)\(pad)  \(d.defaultSeverity.rawValue.padding(7))  \(d.summary)\(off)")
        }
        return 0
    }

    static func explain(_ args: [String]) -> Int32 {
        guard args.count == 1, let id = args.first else {
            printErr("isolint explain: expected one RULE id (see 'isolint rules')")
            return 2
        }
        guard let d = RuleCatalog.descriptor(id) else {
            printErr("isolint explain: unknown rule '\(id)' (see 'isolint rules')")
            return 2
        }
        var header =
            "# \(d.id) (\(d.defaultSeverity.rawValue)\(d.enabledByDefault ? "" : ", off by default"))\n\n\(d.summary)\n"
        if let g = d.compilerGroup { header += "Compiler diagnostic group: [#\(g)]\n" }
        print(header + "\n" + d.explanation)
        return 0
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
