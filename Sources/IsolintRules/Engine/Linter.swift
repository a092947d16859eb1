import IsolintSyntax

/// One file to lint.
public struct LintInput: Sendable {
    public var path: String
    public var bytes: [UInt8]
    public var settings: TargetSettings
    public init(path: String, bytes: [UInt8], settings: TargetSettings) {
        self.path = path
        self.bytes = bytes
        self.settings = settings
    }
}

/// The rule engine: walks each tree once, handing nodes to the rules subscribed to their kind,
/// then applies configuration and suppressions.
public struct Linter: Sendable {
    public let rules: [any Rule]
    public let configuration: Configuration
    /// Rule indices per node kind.
    private let dispatch: [[Int]]
    public let descriptors: [String: RuleDescriptor]

    public init(rules: [any Rule] = RuleCatalog.all, configuration: Configuration = Configuration()) {
        self.rules = rules
        self.configuration = configuration
        var table = [[Int]](repeating: [], count: 256)
        var descriptors: [String: RuleDescriptor] = [:]
        for (i, rule) in rules.enumerated() {
            for k in rule.nodeKinds { table[Int(k.rawValue)].append(i) }
            for d in rule.descriptors { descriptors[d.id] = d }
        }
        descriptors[UnknownRuleInSuppression.descriptor.id] = UnknownRuleInSuppression.descriptor
        self.dispatch = table
        self.descriptors = descriptors
    }

    /// Ids a suppression or configuration may name: every implemented rule and every id the
    /// catalog reserves.
    public var knownRuleIDs: Set<String> { Set(descriptors.keys).union(RuleCatalog.catalogIDs) }

    /// Findings of one parsed file against a workspace index, sorted by position.
    public func lint(_ tree: SyntaxTree, index: WorkspaceIndex, settings: TargetSettings) -> [Finding] {
        let context = FileContext(tree: tree, index: index, settings: settings)
        var raw: [Finding] = []
        for (i, node) in tree.nodes.enumerated() {
            let subscribed = dispatch[Int(node.kind.rawValue)]
            if subscribed.isEmpty { continue }
            for r in subscribed { rules[r].check(Int32(i), in: context, into: &raw) }
        }
        let suppressions = Suppressions(tree: tree)
        raw += UnknownRuleInSuppression.findings(suppressions, known: knownRuleIDs)
        var out: [Finding] = []
        out.reserveCapacity(raw.count)
        for var f in raw {
            guard let d = descriptors[f.ruleID] else { continue }
            // A user's severity replaces the rule's (including an `info` companion case's).
            if let override = configuration.ruleOverrides[d.id] {
                guard let severity = override else { continue }
                f.severity = severity
            } else if !d.enabledByDefault {
                continue
            }
            if suppressions.isSuppressed(f.ruleID, line: tree.source.line(of: f.range.lowerBound)) { continue }
            out.append(f)
        }
        out.sort { ($0.range.lowerBound, $0.ruleID) < ($1.range.lowerBound, $1.ruleID) }
        // One finding per rule and position, whatever path led a rule there twice.
        var seen = Set<String>()
        return out.filter { seen.insert("\($0.ruleID)@\($0.range.lowerBound):\($0.message)").inserted }
    }

    /// Index a set of trees (the first pass).
    public static func index(_ trees: [SyntaxTree]) -> WorkspaceIndex {
        var index = WorkspaceIndex()
        for t in trees { index.merge(IndexBuilder.index(t)) }
        index.finalize()
        return index
    }

    /// Convenience: parse, index and lint sources held in memory (tests, the language server).
    public func lint(_ inputs: [LintInput]) -> [(tree: SyntaxTree, findings: [Finding])] {
        let trees = inputs.map { SyntaxTree.parse(SourceFile(path: $0.path, bytes: $0.bytes)) }
        let index = Linter.index(trees)
        return zip(trees, inputs).map { ($0, lint($0, index: index, settings: $1.settings)) }
    }
}

/// `unknown-rule-in-suppression`: every unknown id in a directive, reported at its comment.
public enum UnknownRuleInSuppression {
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

        ```swift
        // isolint:disable-next-line global-mutable-stat   // typo: reported
        // isolint:disable-next-line global-mutable-state  // fine
        ```
        """)

    static func findings(_ s: Suppressions, known: Set<String>) -> [Finding] {
        var out: [Finding] = []
        for d in s.directives {
            for id in d.ids where id != "all" && !known.contains(id) {
                out.append(Finding(ruleID: descriptor.id, severity: descriptor.defaultSeverity, range: d.range,
                                   message: "Unknown rule '\(id)' in isolint:\(d.form.rawValue); it suppresses nothing."))
            }
        }
        return out
    }
}
