import IsolintSyntax

/// A proposed change: a title shown in editors and the CLI, and byte edits on one file.
public struct Fix: Sendable, Equatable {
    public var title: String
    public var isPreferred: Bool
    public var edits: [ByteEdit]
    /// The fix inserts a placeholder a person must complete or confirm (a `// Safety:` comment to
    /// make true, a `TODO(isolint)`): `isolint fix` lists it without applying it unless asked to.
    public var needsReview: Bool

    public init(title: String, isPreferred: Bool = false, needsReview: Bool = false, edits: [ByteEdit]) {
        self.title = title
        self.isPreferred = isPreferred
        self.needsReview = needsReview
        self.edits = edits
    }
}

/// A secondary location with its own message (LSP related information, SARIF related locations).
public struct Note: Sendable, Equatable {
    public var range: Range<Int>
    public var message: String
}

/// One hazard found in one file. Ranges are byte offsets into the file; conversion to lines and
/// columns happens at the edge (reporters, language server).
public struct Finding: Sendable, Equatable {
    public var ruleID: String
    public var severity: Severity
    public var range: Range<Int>
    public var message: String
    public var notes: [Note]
    public var fixes: [Fix]

    public init(
        ruleID: String, severity: Severity, range: Range<Int>, message: String, notes: [Note] = [], fixes: [Fix] = []
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.range = range
        self.message = message
        self.notes = notes
        self.fixes = fixes
        // The first fix is the preferred one unless a rule said otherwise.
        if !self.fixes.isEmpty, !self.fixes.contains(where: \.isPreferred) { self.fixes[0].isPreferred = true }
    }
}
