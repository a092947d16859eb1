import IsolintSyntax

/// Everything a rule may look at for one file.
public final class FileContext: Sendable {
    public let tree: SyntaxTree
    public let index: WorkspaceIndex
    public let settings: TargetSettings
    /// The semantic model: names, Sendability, isolation, locals and captures.
    public let model: SemanticModel
    public var isolation: IsolationModel { model.isolation }

    /// Every rule id a suppression may name (implemented or reserved by the catalog).
    public let knownRuleIDs: Set<String>
    private let suppressionMemo = Memo<Suppressions>()

    public init(tree: SyntaxTree, index: WorkspaceIndex, settings: TargetSettings, knownRuleIDs: Set<String> = []) {
        self.tree = tree
        self.index = index
        self.settings = settings
        self.model = SemanticModel(tree: tree, index: index, settings: settings)
        self.knownRuleIDs = knownRuleIDs
    }

    /// The file's suppression directives, read once.
    public var suppressions: Suppressions { suppressionMemo.get { Suppressions(tree: tree) } }

    /// A finding for `descriptor` with its default severity.
    public func finding(
        _ descriptor: RuleDescriptor, _ range: Range<Int>, _ message: String, fixes: [Fix] = [], notes: [Note] = [],
        severity: Severity? = nil
    ) -> Finding {
        Finding(
            ruleID: descriptor.id, severity: severity ?? descriptor.defaultSeverity, range: range, message: message,
            notes: notes, fixes: fixes)
    }

    /// Byte range of one token.
    public func range(ofToken t: Int32) -> Range<Int> { tree.tokenRange(t) }

    /// Byte range from the start of token `a` to the end of token `b`.
    public func range(from a: Int32, through b: Int32) -> Range<Int> {
        Int(tree.token(at: a).start)..<max(Int(tree.token(at: a).start), Int(tree.token(at: max(a, b)).end))
    }
}
