import IsolintSyntax

/// Which fixes `isolint fix` and the language server's fix-all apply.
public struct FixOptions: Sendable, Equatable {
    /// Only fixes of these rules (nil: every rule).
    public var rules: Set<String>?
    /// Also fixes that insert a placeholder a person must complete (`Fix.needsReview`):
    /// `isolint fix --unsafe-fixes`.
    public var includeNeedsReview: Bool
    /// At most this many rounds of lint-and-fix.
    public var maximumPasses: Int

    public init(rules: Set<String>? = nil, includeNeedsReview: Bool = false, maximumPasses: Int = 10) {
        self.rules = rules
        self.includeNeedsReview = includeNeedsReview
        self.maximumPasses = max(1, maximumPasses)
    }
}

/// A fix that was applied: its rule and title, the pass it was applied in (1-based), and where
/// its finding was in the text of that pass (1-based line, 1-based UTF-8 column).
public struct AppliedFix: Sendable, Equatable {
    public var ruleID: String
    public var title: String
    public var pass: Int
    public var line: Int
    public var column: Int
}

/// A preferred fix left for a person: it inserts a placeholder (`needsReview`), and
/// `--unsafe-fixes` was not given. Its position is in the fixed text.
public struct PendingFix: Sendable, Equatable {
    public var ruleID: String
    public var title: String
    public var message: String
    public var range: Range<Int>
    public var line: Int
    public var column: Int
}

/// One file after fixing in passes.
public struct FileFix: Sendable {
    public var path: String
    public var settings: TargetSettings
    public var original: [UInt8]
    public var fixed: [UInt8]
    public var applied: [AppliedFix] = []
    public var needsReview: [PendingFix] = []
    /// Findings of the fixed text.
    public var remaining: [Finding] = []
    /// The edits of the first pass on the original text, as applied (the language server sends
    /// them as they are when one pass was all it took).
    public var firstPassEdits: [ByteEdit] = []
    /// Passes that changed this file.
    public var passes = 0

    /// The edits that turn the original text into the fixed one: the first pass's when it was
    /// the only one, else one per changed run of lines.
    public var edits: [ByteEdit] {
        if !changed { return [] }
        return passes <= 1 ? firstPassEdits : LineDiff.edits(from: original, to: fixed)
    }
    /// Fixes left out because the file would have parsed worse with them.
    public var leftOut: [AppliedFix] = []
    var excluded: Set<String> = []
    public var changed: Bool { original != fixed }

    public init(path: String, settings: TargetSettings, bytes: [UInt8]) {
        self.path = path
        self.settings = settings
        self.original = bytes
        self.fixed = bytes
    }
}

/// The fix engine the command line and the language server share: choose each finding's
/// preferred fix, leave out edits that overlap one already chosen (they wait for the next pass),
/// apply the edits to the bytes keeping the file's BOM and line endings, and lint again until
/// nothing changes or the pass limit is reached. A pass never makes a file parse worse.
public enum FixEngine {
    /// One chosen fix with the finding it fixes.
    public struct Choice: Sendable, Equatable {
        public var finding: Finding
        public var fix: Fix
    }

    /// The fixes of one pass.
    public struct Selection: Sendable, Equatable {
        /// Applied this pass, in source order.
        public var chosen: [Choice] = []
        /// Their edits, sorted by position, none overlapping another.
        public var edits: [ByteEdit] = []
        /// Preferred fixes that need a person (not applied without `includeNeedsReview`).
        public var needsReview: [Choice] = []
        /// Fixes left for a later pass because they overlap one chosen.
        public var deferred = 0
    }

    /// The preferred fix of every finding the options allow, skipping any fix with an edit
    /// that overlaps (or starts where) an edit already chosen starts. With the tree, a fix that
    /// changes a type's header (its attributes, modifiers or conformances: its isolation and
    /// Sendability) goes first, and findings inside that type wait for the next pass: the
    /// change may settle them (a `@MainActor` class needs no `@MainActor` on its static var).
    public static func select(
        _ findings: [Finding], options: FixOptions, fileSize: Int, tree: SyntaxTree? = nil
    ) -> Selection {
        var selection = Selection()
        var taken: [ByteEdit] = []
        var candidates: [(index: Int, choice: Choice, edits: [ByteEdit], header: Range<Int>?)] = []
        let headers = tree.map(typeHeaders) ?? []
        for (i, f) in findings.enumerated() {
            if let rules = options.rules, !rules.contains(f.ruleID) { continue }
            guard let fix = f.fixes.first(where: \.isPreferred), !fix.edits.isEmpty else { continue }
            if fix.needsReview && !options.includeNeedsReview {
                selection.needsReview.append(Choice(finding: f, fix: fix))
                continue
            }
            let edits = fix.edits.sorted(by: before)
            guard edits.allSatisfy({ $0.range.lowerBound >= 0 && $0.range.upperBound <= fileSize }),
                !zip(edits, edits.dropFirst()).contains(where: { conflict($0, $1) })
            else { continue }
            let header = typeWithHeaderEdited(edits, headers)
            candidates.append((i, Choice(finding: f, fix: fix), edits, header))
        }
        // Header fixes first (outermost first), then the rest; each in source order.
        var held: [Range<Int>] = []
        var chosen: [(Int, Choice)] = []
        for c in candidates.filter({ $0.header != nil }) + candidates.filter({ $0.header == nil }) {
            let at = c.choice.finding.range
            if held.contains(where: { $0.lowerBound <= at.lowerBound && at.upperBound <= $0.upperBound }) {
                selection.deferred += 1
                continue
            }
            if c.edits.contains(where: { e in taken.contains { conflict(e, $0) } }) {
                selection.deferred += 1
                continue
            }
            taken += c.edits
            chosen.append((c.index, c.choice))
            if let h = c.header { held.append(h) }
        }
        selection.chosen = chosen.sorted { $0.0 < $1.0 }.map(\.1)
        selection.edits = taken.sorted(by: before)
        return selection
    }

    /// Each type declaration (class, struct, enum, actor, protocol, extension): its header, from
    /// the start of its first line to its `{`, and its whole range.
    static func typeHeaders(_ tree: SyntaxTree) -> [(header: ClosedRange<Int>, type: Range<Int>)] {
        var out: [(header: ClosedRange<Int>, type: Range<Int>)] = []
        for (i, node) in tree.nodes.enumerated() where SyntaxTree.isTypeDecl(node.kind) {
            let decl = Int32(i)
            let range = tree.range(of: decl)
            let start = tree.lineStart(range.lowerBound)
            let end = tree.firstChild(decl, kind: .memberBlock).map { tree.start($0) } ?? range.upperBound
            out.append((start...max(start, end), range))
        }
        return out
    }

    /// The type whose header one of the edits changes (the innermost: nested headers lie in
    /// their parent's body, not its header).
    static func typeWithHeaderEdited(
        _ edits: [ByteEdit], _ headers: [(header: ClosedRange<Int>, type: Range<Int>)]
    ) -> Range<Int>? {
        var best: Range<Int>?
        for h in headers where edits.contains(where: { h.header.contains($0.range.lowerBound) }) {
            if best.map({ h.type.count < $0.count }) ?? true { best = h.type }
        }
        return best
    }

    static func before(_ a: ByteEdit, _ b: ByteEdit) -> Bool {
        a.range.lowerBound < b.range.lowerBound
            || (a.range.lowerBound == b.range.lowerBound && a.range.upperBound < b.range.upperBound)
    }

    /// Two edits that cannot both be applied in a well-defined order.
    static func conflict(_ a: ByteEdit, _ b: ByteEdit) -> Bool {
        a.range.lowerBound == b.range.lowerBound
            || (a.range.lowerBound < b.range.upperBound && b.range.lowerBound < a.range.upperBound)
    }

    // MARK: Applying edits to bytes

    /// How a file ends its lines.
    enum LineEndings { case lf, crlf, mixed }

    static func lineEndings(_ bytes: [UInt8]) -> LineEndings {
        var crlf = 0
        var lf = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            if i > 0 && bytes[i - 1] == 0x0D { crlf += 1 } else { lf += 1 }
        }
        if crlf > 0 && lf == 0 { return .crlf }
        if crlf == 0 { return .lf }
        return .mixed
    }

    /// `text` with its line breaks written the file's way (left alone in a file that mixes them).
    static func normalized(_ text: String, _ endings: LineEndings) -> String {
        switch endings {
        case .mixed: return text
        case .lf: return text.contains("\r\n") ? text.replacingOccurrences(of: "\r\n", with: "\n") : text
        case .crlf:
            guard text.utf8.contains(0x0A) else { return text }
            var out: [UInt8] = []
            var previous: UInt8 = 0
            for b in text.utf8 {
                if b == 0x0A && previous != 0x0D { out.append(0x0D) }
                out.append(b)
                previous = b
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The bytes with the edits applied; the UTF-8 byte order mark stays first and inserted
    /// line breaks follow the file's line endings. Nil when the edits do not apply.
    public static func apply(_ edits: [ByteEdit], to bytes: [UInt8]) -> [UInt8]? {
        try? SourceFile.apply(adjusted(edits, for: bytes), to: bytes)
    }

    /// The edits as `apply` makes them: none before the byte order mark, line breaks the file's.
    public static func adjusted(_ edits: [ByteEdit], for bytes: [UInt8]) -> [ByteEdit] {
        let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        let endings = lineEndings(bytes)
        return edits.map { e -> ByteEdit in
            var range = e.range
            // An edit at the start of the first line goes after the byte order mark.
            if bom, range.lowerBound < 3 { range = 3..<max(3, range.upperBound) }
            return ByteEdit(range: range, newText: normalized(e.newText, endings))
        }
    }

    // MARK: Passes

    /// One pass over one file: the selection applied, minus any fix that would make the file
    /// parse worse than it did (when every chosen fix is left out, the ones that waited behind
    /// them are tried). Returns the new bytes (nil when nothing changed).
    static func step(
        _ state: inout FileFix, source: SourceFile, findings: [Finding], options: FixOptions, pass: Int
    ) -> [UInt8]? {
        let bytes = state.fixed
        let tree = Pipeline.parse(source)
        let health = SyntaxHealth(tree).problems
        func parsesAsWell(_ candidate: [UInt8]) -> Bool {
            SyntaxHealth(Pipeline.parse(SourceFile(path: state.path, bytes: candidate))).problems <= health
        }
        func record(_ c: Choice) -> AppliedFix {
            let (line, column) = source.lineColumn(of: c.finding.range.lowerBound)
            return AppliedFix(ruleID: c.finding.ruleID, title: c.fix.title, pass: pass, line: line, column: column)
        }
        // A fix left out once is not tried again in later passes (its finding is known by rule and
        // message: positions move).
        func key(_ f: Finding) -> String { "\(f.ruleID)|\(f.message)" }
        for _ in 0..<4 {
            let excluded = state.excluded
            let candidates = excluded.isEmpty ? findings : findings.filter { !excluded.contains(key($0)) }
            let selection = select(candidates, options: options, fileSize: bytes.count, tree: tree)
            guard !selection.chosen.isEmpty else { return nil }
            var kept = selection.chosen
            var edits = selection.edits
            var result = apply(edits, to: bytes)
            if result.map(parsesAsWell) != true {
                // One fix at a time: keep each that leaves the file parsing as well as before.
                kept = []
                edits = []
                result = nil
                for c in selection.chosen {
                    if let candidate = apply(edits + c.fix.edits, to: bytes), parsesAsWell(candidate) {
                        edits += c.fix.edits
                        kept.append(c)
                        result = candidate
                    } else {
                        state.leftOut.append(record(c))
                        state.excluded.insert(key(c.finding))
                    }
                }
            }
            guard let new = result, new != bytes else { continue }
            if pass == 1 { state.firstPassEdits = adjusted(edits.sorted(by: before), for: bytes) }
            state.applied += kept.map(record)
            state.passes += 1
            return new
        }
        return nil
    }

    /// The placeholder fixes left among a file's final findings.
    static func pending(_ findings: [Finding], _ source: SourceFile, options: FixOptions) -> [PendingFix] {
        guard !options.includeNeedsReview else { return [] }
        return select(findings, options: options, fileSize: source.bytes.count).needsReview.map { c in
            let (line, column) = source.lineColumn(of: c.finding.range.lowerBound)
            return PendingFix(
                ruleID: c.finding.ruleID, title: c.fix.title, message: c.finding.message, range: c.finding.range,
                line: line, column: column)
        }
    }

    /// Fixes one file in passes; `lint` gives the findings of a version of its text (the
    /// language server lints against its workspace index).
    public static func fix(
        path: String, settings: TargetSettings = .standalone, bytes: [UInt8], options: FixOptions,
        lint: (SourceFile) -> [Finding]
    ) -> FileFix {
        var state = FileFix(path: path, settings: settings, bytes: bytes)
        var source = SourceFile(path: path, bytes: bytes)
        var findings = lint(source)
        for pass in 1...options.maximumPasses {
            guard let new = step(&state, source: source, findings: findings, options: options, pass: pass) else {
                break
            }
            state.fixed = new
            source = SourceFile(path: path, bytes: new)
            findings = lint(source)
        }
        state.remaining = findings
        state.needsReview = pending(findings, source, options: options)
        return state
    }

    /// Fixes every file in passes through the one pipeline: each pass indexes and lints all the
    /// files as they now are (a fix in one file can change what another's findings are).
    /// Files whose bytes fail the pipeline's input checks come back as problems, unchanged.
    public static func fix(
        _ inputs: [Pipeline.Input], linter: Linter, options: FixOptions, workers: Int? = nil
    ) async -> (files: [FileFix], problems: [(path: String, problem: InputProblem)]) {
        var states: [FileFix] = []
        var problems: [(path: String, problem: InputProblem)] = []
        for input in inputs {
            if let bytes = input.bytes {
                states.append(FileFix(path: input.path, settings: input.settings, bytes: bytes))
                continue
            }
            switch Pipeline.read(path: input.path) {
            case .success(let source):
                states.append(FileFix(path: input.path, settings: input.settings, bytes: source.bytes))
            case .failure(let problem):
                problems.append((input.path, problem))
            }
        }
        var sources: [SourceFile?] = Array(repeating: nil, count: states.count)
        var findings: [[Finding]] = Array(repeating: [], count: states.count)
        var first = true
        for pass in 1...options.maximumPasses + 1 {
            let run = await Pipeline.run(
                states.map { Pipeline.Input(path: $0.path, settings: $0.settings, bytes: $0.fixed) }, linter: linter,
                workers: workers)
            if first {
                // Bytes the pipeline refuses (UTF-16, invalid UTF-8) are not fixed.
                let refused = Set(run.problems.map(\.path))
                problems += run.problems
                if !refused.isEmpty { states.removeAll { refused.contains($0.path) } }
                sources = Array(repeating: nil, count: states.count)
                findings = Array(repeating: [], count: states.count)
                first = false
            }
            let position = Dictionary(states.indices.map { (states[$0].path, $0) }, uniquingKeysWith: { a, _ in a })
            for report in run.reports {
                guard let k = position[report.path] else { continue }
                sources[k] = report.source
                findings[k] = report.findings
            }
            guard pass <= options.maximumPasses else { break }
            var changed = false
            for k in states.indices {
                guard let source = sources[k] else { continue }
                if let new = step(&states[k], source: source, findings: findings[k], options: options, pass: pass) {
                    states[k].fixed = new
                    changed = true
                }
            }
            if !changed { break }
        }
        for k in states.indices {
            states[k].remaining = findings[k]
            if let source = sources[k] { states[k].needsReview = pending(findings[k], source, options: options) }
        }
        return (states, problems)
    }
}
