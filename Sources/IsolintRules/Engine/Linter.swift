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
    /// The node rules, and per node kind the positions of those that asked for it.
    private let nodeRules: [any NodeRule]
    private let dispatch: FlatLists<Int32>
    private let fileRules: [any FileRule]
    /// Candidate file rules, and per node kind the ones whose candidates are of that kind.
    private let candidateRules: [any CandidateFileRule]
    private let candidateDispatch: FlatLists<Int32>
    /// Per node rule, then per candidate rule: the `NameHash`es of the callee names it asks for
    /// (`calleeNames`), or nil for every call.
    private let nodeRuleNames: CalleeNameLists
    private let candidateRuleNames: CalleeNameLists
    private let manifestRules: [any ManifestRule]
    /// The node kinds some node or candidate rule asked for: most nodes are of none, and are
    /// passed over with one bit test before the rule lists are read.
    private let activeKinds: NodeKindSet
    public let descriptors: [String: RuleDescriptor]
    /// Ids a suppression or configuration may name: every rule's and every id the catalog reserves.
    public let knownRuleIDs: Set<String>

    public init(rules: [any Rule] = RuleCatalog.all, configuration: Configuration = Configuration()) {
        self.rules = rules
        self.configuration = configuration
        var nodes: [any NodeRule] = []
        var table = [[Int32]](repeating: [], count: 256)
        var files: [any FileRule] = []
        var candidates: [any CandidateFileRule] = []
        var candidateTable = [[Int32]](repeating: [], count: 256)
        var manifests: [any ManifestRule] = []
        var descriptors: [String: RuleDescriptor] = [:]
        var active: NodeKindSet = []
        for rule in rules {
            for d in rule.descriptors { descriptors[d.id] = d }
            // A rule none of whose findings the configuration keeps does not run at all.
            let enabled = rule.descriptors.contains { d in
                configuration.ruleOverrides[d.id].map { $0 != nil } ?? d.enabledByDefault
            }
            guard enabled else { continue }
            if let r = rule.asNodeRule {
                for k in r.nodeKinds {
                    table[Int(k.rawValue)].append(Int32(nodes.count))
                    active.insert(k)
                }
                nodes.append(r)
            }
            if let r = rule.asFileRule { files.append(r) }
            if let r = rule.asCandidateFileRule {
                for k in r.candidateKinds {
                    candidateTable[Int(k.rawValue)].append(Int32(candidates.count))
                    active.insert(k)
                }
                candidates.append(r)
            }
            if let r = rule.asManifestRule { manifests.append(r) }
        }
        self.nodeRules = nodes
        self.dispatch = FlatLists(table)
        self.fileRules = files
        self.candidateRules = candidates
        self.candidateDispatch = FlatLists(candidateTable)
        self.nodeRuleNames = CalleeNameLists(nodes.map { $0.calleeNames?.map(NameHash.of) })
        self.candidateRuleNames = CalleeNameLists(candidates.map { $0.calleeNames?.map(NameHash.of) })
        self.manifestRules = manifests
        self.activeKinds = active
        self.descriptors = descriptors
        self.knownRuleIDs = Set(descriptors.keys).union(RuleCatalog.reservedIDs)
    }

    /// Findings of one parsed file against a workspace index, sorted by position.
    public func lint(_ tree: SyntaxTree, index: WorkspaceIndex, settings: TargetSettings) -> [Finding] {
        var cache = LintCache(keepsEntries: false)
        return lint(tree, index: index, settings: settings, cache: &cache)
    }

    /// Lints with a cache of the previous version's findings per top-level declaration: a
    /// declaration whose text (with the trivia before it) is unchanged keeps its findings,
    /// moved to where it now starts, and only edited declarations are checked again. The
    /// caller drops the cache when the index, settings or configuration change.
    public func lint(_ tree: SyntaxTree, index: WorkspaceIndex, settings: TargetSettings, cache: inout LintCache)
        -> [Finding]
    {
        let context = FileContext(tree: tree, index: index, settings: settings, knownRuleIDs: knownRuleIDs)
        var raw: [Finding] = []
        var candidates: [LintCache.Candidate] = []
        if !cache.keepsEntries {
            // One pass over every node, no per-declaration bookkeeping.
            for i in 0..<tree.nodes.count where activeKinds.contains(tree.nodes[i].kind) {
                visit(Int32(i), context, &raw, &candidates)
            }
            raw = configured(raw)
            return finish(&raw, candidates, tree, context)
        }
        // Rules read the file's imports (XCTest, SwiftUI, Synchronization…): a change of imports
        // is a change of every declaration.
        if cache.imports != context.model.importedModules {
            cache.entries = [:]
            cache.imports = context.model.importedModules
        }
        let items = tree.items
        var entries: [LintCache.Key: LintCache.Entry] = [:]
        entries.reserveCapacity(items.count)
        var previousEnd = 0
        let lines = tree.source.lines
        tree.source.bytes.withUnsafeBufferPointer { bytes in
            for (k, item) in items.enumerated() {
                let firstNode = Int(item.firstNode)
                let endNode = k + 1 < items.count ? Int(items[k + 1].firstNode) : tree.nodes.count
                let spanStart = lines.lineStart(of: previousEnd)
                let lastToken = k + 1 < items.count ? Int(items[k + 1].firstToken) - 1 : tree.tokens.count - 2
                let spanEnd = max(lastToken >= 0 ? tree.end(ofToken: lastToken) : 0, spanStart)
                previousEnd = spanEnd
                let key = LintCache.Key(bytes: UnsafeBufferPointer(rebasing: bytes[spanStart..<spanEnd]))
                if let cached = cache.entries[key] ?? entries[key] {
                    // Declarations before an edit have not moved: their findings are reused as
                    // they are; later ones are moved by the edit's length.
                    let moved = cached.moved(start: spanStart, firstNode: Int32(firstNode))
                    raw += moved.findings
                    candidates += moved.candidates
                    entries[key] = moved
                    continue
                }
                var local: [Finding] = []
                var localCandidates: [LintCache.Candidate] = []
                for i in firstNode..<endNode where activeKinds.contains(tree.nodes[i].kind) {
                    visit(Int32(i), context, &local, &localCandidates)
                }
                local = configured(local)
                raw += local
                candidates += localCandidates
                entries[key] = LintCache.Entry(
                    start: spanStart, firstNode: Int32(firstNode), findings: local, candidates: localCandidates)
            }
        }
        cache.entries = entries
        return finish(&raw, candidates, tree, context)
    }

    /// One node: the node rules subscribed to its kind, and whether it is a candidate of the
    /// candidate file rules that start from its kind.
    private func visit(
        _ node: Int32, _ context: FileContext, _ findings: inout [Finding], _ candidates: inout [LintCache.Candidate]
    ) {
        let tree = context.tree
        let kind = tree.nodes[Int(node)].kind
        // A call's callee name, hashed once: most call rules are about a few names only, and are
        // handed only the calls that go by one of them. Loops by position: iterating the rules
        // copied each existential out of its array.
        let isCall = kind == .call
        let name = isCall ? tree.nameHash(token: tree.calleeNameToken(of: node)) : 0
        for k in dispatch.range(Int(kind.rawValue)) {
            let r = Int(dispatch[item: k])
            if isCall, !nodeRuleNames.allows(r, name) { continue }
            nodeRules[r].check(node, in: context, into: &findings)
        }
        for k in candidateDispatch.range(Int(kind.rawValue)) {
            let c = Int(candidateDispatch[item: k])
            if isCall, !candidateRuleNames.allows(c, name) { continue }
            if candidateRules[c].isCandidate(node, in: context) {
                candidates.append(LintCache.Candidate(rule: Int32(c), node: node))
            }
        }
    }

    /// File and manifest rules, configuration, suppressions, order, duplicates.
    private func finish(
        _ raw: inout [Finding], _ candidates: [LintCache.Candidate], _ tree: SyntaxTree, _ context: FileContext
    ) -> [Finding] {
        var whole: [Finding] = []
        for r in fileRules { r.check(file: context, into: &whole) }
        if !candidateRules.isEmpty {
            var perRule = [[Int32]](repeating: [], count: candidateRules.count)
            for c in candidates { perRule[Int(c.rule)].append(c.node) }
            for (r, nodes) in zip(candidateRules, perRule) { r.check(candidates: nodes, file: context, into: &whole) }
        }
        // Manifest rules judge the manifest SwiftPM reads, not one kept for older toolchains.
        if !manifestRules.isEmpty, PackageManifest.isManifest(path: tree.source.path),
            PackageManifest.isRead(path: tree.source.path, in: context.index)
        {
            let manifest = PackageManifest(tree: tree)
            for r in manifestRules { r.check(manifest: manifest, in: context, into: &whole) }
        }
        raw += configured(whole)
        let suppressions = context.suppressions
        if !suppressions.isEmpty {
            let lines = tree.source.lines
            raw.removeAll { suppressions.isSuppressed($0.ruleID, line: lines.line(of: $0.range.lowerBound)) }
        }
        // Items come in source order, so the findings usually are already.
        let inOrder: (Finding, Finding) -> Bool = { a, b in
            if a.range.lowerBound != b.range.lowerBound { return a.range.lowerBound < b.range.lowerBound }
            if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
            return a.message < b.message
        }
        // Index loops, not `zip`: it would copy each finding (and retain its strings) to compare it.
        if raw.indices.dropFirst().contains(where: { inOrder(raw[$0], raw[$0 - 1]) }) { raw.sort(by: inOrder) }
        // One finding per rule, position and message, whatever path led a rule there twice
        // (duplicates are adjacent once sorted).
        let same: (Finding, Finding) -> Bool = { a, b in
            a.range.lowerBound == b.range.lowerBound && a.ruleID == b.ruleID && a.message == b.message
        }
        guard raw.indices.dropFirst().contains(where: { same(raw[$0 - 1], raw[$0]) }) else { return raw }
        var unique: [Finding] = []
        unique.reserveCapacity(raw.count)
        for f in raw {
            if let last = unique.last, same(last, f) { continue }
            unique.append(f)
        }
        return unique
    }

    /// Findings with the configuration applied: disabled rules dropped, severities overridden
    /// (a user's severity replaces the rule's, an `info` companion case's included).
    private func configured(_ findings: [Finding]) -> [Finding] {
        var out: [Finding] = []
        out.reserveCapacity(findings.count)
        for var f in findings {
            guard let d = descriptors[f.ruleID] else { continue }
            if let override = configuration.ruleOverrides[d.id] {
                guard let severity = override else { continue }
                f.severity = severity
            } else if !d.enabledByDefault {
                continue
            }
            out.append(f)
        }
        return out
    }

    /// Index a set of trees (the first pass), all with the same settings.
    public static func index(_ trees: [SyntaxTree], settings: TargetSettings = .standalone) -> WorkspaceIndex {
        Pipeline.index(trees.map { Pipeline.indexPart($0, settings: settings) })
    }

    /// The pipeline on sources held in memory, synchronously (tests, fixtures): parse, index
    /// with each file's settings, lint. Bytes are taken as they are (no input checks).
    public func lint(_ inputs: [LintInput]) -> [(tree: SyntaxTree, findings: [Finding])] {
        let trees = inputs.map { Pipeline.parse(SourceFile(path: $0.path, bytes: $0.bytes)) }
        let index = Pipeline.index(zip(trees, inputs).map { Pipeline.indexPart($0, settings: $1.settings) })
        return zip(trees, inputs).map { ($0, lint($0, index: index, settings: $1.settings)) }
    }
}

/// Findings of unchanged top-level declarations between two versions of one file.
public struct LintCache: Sendable {
    struct Key: Hashable, Sendable {
        let hash: UInt64
        let length: Int
        /// A 64-bit hash taken eight bytes at a time (the whole file is hashed per keystroke).
        init(bytes: UnsafeBufferPointer<UInt8>) {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            let raw = UnsafeRawBufferPointer(bytes)
            var i = 0
            while i + 8 <= raw.count {
                h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x100_0000_01b3
                h ^= h >> 29
                i += 8
            }
            while i < raw.count {
                h = (h ^ UInt64(raw[i])) &* 0x100_0000_01b3
                i += 1
            }
            hash = h
            length = bytes.count
        }
    }

    /// A node a candidate file rule starts from (`rule` indexes the linter's candidate rules).
    struct Candidate: Sendable {
        var rule: Int32
        var node: Int32
    }

    /// A declaration's findings and candidates, with the offset its span started at and its
    /// first node when they were found.
    struct Entry: Sendable {
        var start: Int
        var firstNode: Int32
        var findings: [Finding]
        var candidates: [Candidate]

        /// The same entry for the declaration now starting at `start`, its nodes at `firstNode`.
        func moved(start newStart: Int, firstNode newFirst: Int32) -> Entry {
            var e = self
            if newStart != start { e.findings = findings.map { $0.shifted(by: newStart - start) } }
            if newFirst != firstNode {
                let d = newFirst - firstNode
                e.candidates = candidates.map { Candidate(rule: $0.rule, node: $0.node + d) }
            }
            e.start = newStart
            e.firstNode = newFirst
            return e
        }
    }

    var entries: [Key: Entry] = [:]
    /// The file's imports when the entries were made.
    var imports: Set<String>?
    /// A one-off lint (the command line) keeps nothing: no item is hashed.
    let keepsEntries: Bool
    public init() { keepsEntries = true }
    init(keepsEntries: Bool) { self.keepsEntries = keepsEntries }
}
