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
    public var notes: [Note] {
        get { pendingShift == 0 ? storedNotes : storedNotes.map { $0.shifted(by: pendingShift) } }
        _modify {
            settle()
            yield &storedNotes
        }
    }
    public var fixes: [Fix] {
        get { pendingShift == 0 ? storedFixes : storedFixes.map { $0.shifted(by: pendingShift) } }
        _modify {
            settle()
            yield &storedFixes
        }
    }
    private var storedNotes: [Note]
    private var storedFixes: [Fix]
    /// Bytes the stored notes and fixes have yet to move by: `shifted(by:)` defers it, because the
    /// language server moves every finding after an edit on each keystroke and reads the fixes of
    /// almost none of them.
    private var pendingShift = 0

    public init(
        ruleID: String, severity: Severity, range: Range<Int>, message: String, notes: [Note] = [], fixes: [Fix] = []
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.range = range
        self.message = message
        self.storedNotes = notes
        self.storedFixes = fixes
        // The first fix is the preferred one unless a rule said otherwise.
        if !fixes.isEmpty, !fixes.contains(where: \.isPreferred) { self.storedFixes[0].isPreferred = true }
    }

    /// The same finding with every range moved by `delta` bytes.
    func shifted(by delta: Int) -> Finding {
        var f = self
        f.range = (range.lowerBound + delta)..<(range.upperBound + delta)
        f.pendingShift += delta
        return f
    }

    private mutating func settle() {
        guard pendingShift != 0 else { return }
        storedNotes = notes
        storedFixes = fixes
        pendingShift = 0
    }

    public static func == (a: Finding, b: Finding) -> Bool {
        a.ruleID == b.ruleID && a.severity == b.severity && a.range == b.range && a.message == b.message
            && a.notes == b.notes && a.fixes == b.fixes
    }
}

extension Note {
    func shifted(by delta: Int) -> Note {
        Note(range: (range.lowerBound + delta)..<(range.upperBound + delta), message: message)
    }
}

extension Fix {
    func shifted(by delta: Int) -> Fix {
        var g = self
        g.edits = edits.map {
            ByteEdit(range: ($0.range.lowerBound + delta)..<($0.range.upperBound + delta), newText: $0.newText)
        }
        return g
    }
}
