/// The rule reference, generated from the registry: `docs/rules.md`, the README's table and
/// `isolint rules --format markdown|json` all come from here (tests check the files are current).
public enum RuleReference {
    /// One line per rule: id, severity, summary, whether it is on by default, compiler group.
    public static func table(_ descriptors: [RuleDescriptor] = RuleCatalog.descriptors) -> String {
        var out = "| rule | severity | the hazard | compiler |\n|---|---|---|---|\n"
        for d in descriptors {
            let severity = d.defaultSeverity.rawValue + (d.enabledByDefault ? "" : ", off")
            let compiler = d.compilerGroup.map { "`[#\($0)]`" } ?? (d.compilerReports ? "error, no group" : "silent")
            out += "| [`\(d.id)`](docs/rules.md#\(d.id)) | \(severity) | \(escape(d.summary)) | \(compiler) |\n"
        }
        return out
    }

    /// The whole reference: the table, then each rule's explanation.
    public static func markdown(_ descriptors: [RuleDescriptor] = RuleCatalog.descriptors) -> String {
        var out = """
            # isolint rules

            Generated from the rule registry by `isolint rules --format markdown`; do not edit by hand.
            Every rule can be set to `off`, `hint`, `info`, `warning` or `error` in `.isolint.json`, and
            silenced for a line, a block or a file with `// isolint:disable…` comments.


            """
        out += table(descriptors).replacingOccurrences(of: "](docs/rules.md#", with: "](#")
        for d in descriptors {
            out += "\n<a id=\"\(d.id)\"></a>\n## \(d.id)\n\n"
            out += "**\(d.defaultSeverity.rawValue)**\(d.enabledByDefault ? "" : " (off by default)")"
            if let g = d.compilerGroup {
                out += " · compiler: `[#\(g)]`"
            } else {
                out += d.compilerReports ? " · compiler: an error without a group" : " · compiler: silent"
            }
            out += " · \(d.summary)\n\n"
            // The explanation's own headings sit one level below the rule's.
            for line in d.explanation.split(separator: "\n", omittingEmptySubsequences: false) {
                out += line.hasPrefix("## ") ? "#" + line + "\n" : line + "\n"
            }
        }
        return out
    }

    /// `[{"id","severity","enabledByDefault","summary","compilerGroup","explanation"}]`.
    public static func json(_ descriptors: [RuleDescriptor] = RuleCatalog.descriptors) -> String {
        let items: [JSON] = descriptors.map { d in
            .object([
                ("id", .string(d.id)), ("severity", .string(d.defaultSeverity.rawValue)),
                ("enabledByDefault", .bool(d.enabledByDefault)), ("summary", .string(d.summary)),
                ("compilerGroup", d.compilerGroup.map { .string($0) } ?? .null),
                ("explanation", .string(d.explanation)),
            ])
        }
        return JSON.array(items).serialized() + "\n"
    }

    static func escape(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }
}
