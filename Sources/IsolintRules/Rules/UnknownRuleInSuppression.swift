import IsolintSyntax

/// `unknown-rule-in-suppression`: every unknown id in a directive, reported at its comment.
public struct UnknownRuleInSuppression: FileRule {
    public static let descriptor = RuleDescriptor(
        id: "unknown-rule-in-suppression", severity: .warning,
        summary: "A suppression comment names a rule isolint does not know.",
        explanation: """
            ## What it finds
            An `// isolint:` directive (`disable-next-line`, `disable-line`, `disable`, `enable`, `disable-file`) \
            naming a rule id that does not exist.

            ## Why it matters
            A misspelt id suppresses nothing: the finding it was meant to silence still shows, or — worse — \
            a later rename leaves the comment silently stale. The known ids in the same directive still apply.

            ## Fix
            Correct the id (`isolint rules` lists them) or remove it. `all` matches every rule.

            ## Before / after
            ```swift
            // isolint:disable-next-line global-mutable-stat   // typo: reported
            // isolint:disable-next-line global-mutable-state  // fine
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }

    public func check(file: FileContext, into findings: inout [Finding]) {
        for d in file.suppressions.directives {
            for id in d.ids where id != "all" && !file.knownRuleIDs.contains(id) {
                findings.append(
                    file.finding(
                        Self.descriptor, d.range,
                        "Unknown rule '\(id)' in isolint:\(d.form.rawValue); it suppresses nothing."))
            }
        }
    }
}
