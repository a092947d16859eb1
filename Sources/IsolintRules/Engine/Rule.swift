import IsolintSyntax

/// What a rule is, independent of how it checks: the single source for `isolint rules`,
/// `isolint explain`, editor hovers and SARIF help.
public struct RuleDescriptor: Sendable {
    public let id: String
    public let defaultSeverity: Severity
    public let summary: String
    /// Markdown with fixed sections: what it finds, why it matters in Swift 6, which fix when,
    /// before/after.
    public let explanation: String
    /// The compiler's diagnostic group for the same hazard (`MutableGlobalVariable`…), if any.
    public let compilerGroup: String?
    /// Whether swiftc reports the hazard at all (with a group or without one).
    public let compilerReports: Bool
    public let enabledByDefault: Bool

    public init(
        id: String, severity: Severity, summary: String, explanation: String, compilerGroup: String? = nil,
        compilerReports: Bool = false, enabledByDefault: Bool = true
    ) {
        self.id = id
        self.defaultSeverity = severity
        self.summary = summary
        self.explanation = explanation
        self.compilerGroup = compilerGroup
        self.compilerReports = compilerReports || (compilerGroup.map { _ in true } ?? false)
        self.enabledByDefault = enabledByDefault
    }
}

/// A check: what it reports. How it runs is one of the three kinds below.
public protocol Rule: Sendable {
    /// The rules this check reports (a check may report more than one id, e.g. a rule and its
    /// `info` companion).
    var descriptors: [RuleDescriptor] { get }
    /// The kinds below this check is, read once when a `Linter` is made. Given by the kinds'
    /// extensions rather than found by `as?`: the first cast to each kind scans every protocol
    /// conformance in the binary, 2 ms on one core at the start of every run.
    var asNodeRule: (any NodeRule)? { get }
    var asFileRule: (any FileRule)? { get }
    var asCandidateFileRule: (any CandidateFileRule)? { get }
    var asManifestRule: (any ManifestRule)? { get }
}

extension Rule {
    public var asNodeRule: (any NodeRule)? { nil }
    public var asFileRule: (any FileRule)? { nil }
    public var asCandidateFileRule: (any CandidateFileRule)? { nil }
    public var asManifestRule: (any ManifestRule)? { nil }
}

/// A check over syntax nodes. The engine walks each tree once and hands every node of a
/// subscribed kind to the rules that asked for it.
///
/// The contract that lets the language server keep findings of unchanged declarations: what a
/// node rule reports depends only on the top-level declaration holding the node and on the
/// workspace index, and its ranges lie inside that declaration. A check that reads another
/// declaration of the same file's tree, or reports into it, is a `FileRule`.
public protocol NodeRule: Rule {
    var nodeKinds: [NodeKind] { get }
    /// The names a call must go by for the rule to find anything in it (`calleeName(of:)`), or
    /// nil for every call. The engine then hands the rule only the calls whose name may be one
    /// of them (through a name filter: a few others pass too, so the rule still checks).
    var calleeNames: [String]? { get }
    func check(_ node: Int32, in file: FileContext, into findings: inout [Finding])
}

extension NodeRule {
    public var calleeNames: [String]? { nil }
    public var asNodeRule: (any NodeRule)? { self }
}

/// A check over a whole file, run once per file after the node rules.
public protocol FileRule: Rule {
    func check(file: FileContext, into findings: inout [Finding])
}

extension FileRule {
    public var asFileRule: (any FileRule)? { self }
}

/// A check over a whole file whose search starts from nodes each judged under a node rule's
/// contract: whether a node is a candidate depends only on the top-level declaration holding
/// it, the index and the settings. The engine asks it of each node of `candidateKinds` in the same walk as the
/// node rules, and the language server keeps the answers of unchanged declarations, so that a
/// keystroke judges only the edited one; the whole-file check then starts from the candidates.
public protocol CandidateFileRule: Rule {
    var candidateKinds: [NodeKind] { get }
    /// As `NodeRule.calleeNames`: the names a call must go by to be a candidate, or nil.
    var calleeNames: [String]? { get }
    func isCandidate(_ node: Int32, in file: FileContext) -> Bool
    /// The whole-file check, from every candidate of the file in node order.
    func check(candidates: [Int32], file: FileContext, into findings: inout [Finding])
}

extension CandidateFileRule {
    public var calleeNames: [String]? { nil }
    public var asCandidateFileRule: (any CandidateFileRule)? { self }
}

/// A check over a package manifest, run once for each `Package.swift`: its targets, their
/// settings and dependencies, as the project's own parser reads them.
public protocol ManifestRule: Rule {
    func check(manifest: PackageManifest, in file: FileContext, into findings: inout [Finding])
}

extension ManifestRule {
    public var asManifestRule: (any ManifestRule)? { self }
}
