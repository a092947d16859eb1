/// Something wrong with a manifest or project file, by file and (when known) 1-based line.
public struct PlanProblem: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)" }
}

/// The step a target is at in the playbook: complete checking in Swift 5 mode, fix what it
/// shows, flip the language mode, done.
public enum NextStep: String, Sendable, CaseIterable {
    case turnOnCompleteChecking = "turn on complete checking"
    case fixToZero = "fix to zero"
    case flipToSwift6 = "flip to Swift 6"
    case done = "done"

    /// The step for a target in `mode` with `checking`, and this many errors and warnings.
    public static func of(languageMode: Int, checking: ConcurrencyChecking, blocking: Int) -> NextStep {
        if languageMode >= 6 { return blocking == 0 ? .done : .fixToZero }
        if checking != .complete { return .turnOnCompleteChecking }
        return blocking == 0 ? .flipToSwift6 : .fixToZero
    }
}

/// One module of the graph: a Package.swift target or an Xcode target.
public struct PlanTarget: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case library, executable, test, app, macro, plugin

        init(_ kind: TargetSettings.Kind) {
            switch kind {
            case .executable: self = .executable
            case .test: self = .test
            case .macro: self = .macro
            case .plugin: self = .plugin
            case .library, .unknown: self = .library
            }
        }
    }

    /// Unique in the plan (qualified by its package or project when two share a name).
    public var name: String
    public var kind: Kind
    /// Its sources' folder, relative to the planned directory.
    public var path: String
    public var concurrency: TargetConcurrency
    /// Names of the targets in the plan it depends on, and of those that depend on it.
    public var dependencies: [String] = []
    public var dependents: [String] = []
    /// Findings of its files by severity.
    public var findings: [Severity: Int] = [:]
    public var next: NextStep = .done
    /// Every target that depends on it directly or not, while it is not done: they should not
    /// flip to Swift 6 before it does.
    public var blocks: [String] = []
    /// Its Swift sources (absolute), and the settings they are linted with.
    public var files: [String] = []
    public var settings: TargetSettings
    /// The Package.swift or .xcodeproj it comes from.
    public var origin: String

    public init(
        name: String, kind: Kind, path: String, concurrency: TargetConcurrency, settings: TargetSettings,
        origin: String
    ) {
        self.name = name
        self.kind = kind
        self.path = path
        self.concurrency = concurrency
        self.settings = settings
        self.origin = origin
    }

    /// Errors and warnings: what must reach zero before the flip.
    public var blocking: Int { (findings[.error] ?? 0) + (findings[.warning] ?? 0) }
}

/// The migration plan: every target with its state and next step, and the order of work —
/// leaves first, applications (and what depends on them) last.
public struct MigrationPlan: Sendable, Equatable {
    /// The planned directory.
    public var root: String
    /// In the order of work.
    public var targets: [PlanTarget]
    public var problems: [PlanProblem]

    public var order: [String] { targets.map(\.name) }

    /// Orders `targets`, fills in dependents, next steps and what each blocks. Dependencies on
    /// names not in the list are dropped; a dependency cycle is reported and broken by name.
    public init(root: String, targets unordered: [PlanTarget], problems: [PlanProblem]) {
        self.root = root
        self.problems = problems
        var targets = unordered
        let index = Dictionary(targets.indices.map { (targets[$0].name, $0) }, uniquingKeysWith: { a, _ in a })
        var edges: [[Int]] = Array(repeating: [], count: targets.count)
        for k in targets.indices {
            var seen = Set<Int>()
            targets[k].dependencies = targets[k].dependencies.filter { name in
                guard let d = index[name], d != k, seen.insert(d).inserted else { return false }
                edges[k].append(d)
                return true
            }
        }
        var dependents: [[Int]] = Array(repeating: [], count: targets.count)
        for k in targets.indices { for d in edges[k] { dependents[d].append(k) } }
        // Levels by Kahn's algorithm: a target's level is one more than its deepest dependency's.
        // A cycle is broken at its first member by name, which goes after what it can.
        var level = [Int](repeating: -1, count: targets.count)
        var remaining = edges.map(\.count)
        var placed = [Bool](repeating: false, count: targets.count)
        var ready = targets.indices.filter { remaining[$0] == 0 }
        var broken: [Int] = []
        while true {
            while let k = ready.popLast() {
                guard !placed[k] else { continue }
                placed[k] = true
                level[k] = 1 + (edges[k].filter { placed[$0] }.map { level[$0] }.max() ?? -1)
                for u in dependents[k] where !placed[u] {
                    remaining[u] -= 1
                    if remaining[u] <= 0 { ready.append(u) }
                }
            }
            let left = targets.indices.filter { !placed[$0] }
            guard !left.isEmpty else { break }
            let cyclic = left.filter { MigrationPlan.reaches($0, $0, edges, within: Set(left)) }
            guard let first = (cyclic.isEmpty ? left : cyclic).min(by: { targets[$0].name < targets[$1].name }) else {
                break
            }
            broken += cyclic.filter { !broken.contains($0) }
            ready.append(first)
        }
        if !broken.isEmpty {
            let names = broken.map { targets[$0].name }.sorted()
            self.problems.append(
                PlanProblem(
                    file: root, line: nil,
                    message: "dependency cycle among \(names.joined(separator: ", ")); ordered by name"))
        }
        // Applications, and whatever depends on one, go last.
        var late = targets.map { $0.kind == .app }
        for k in targets.indices.sorted(by: { level[$0] < level[$1] }) where edges[k].contains(where: { late[$0] }) {
            late[k] = true
        }
        for k in targets.indices {
            targets[k].dependents = dependents[k].map { targets[$0].name }.sorted()
            let c = targets[k].concurrency
            targets[k].next = NextStep.of(
                languageMode: c.languageMode, checking: c.checking, blocking: targets[k].blocking)
        }
        for k in targets.indices where targets[k].next != .done {
            var seen = Set<Int>()
            var stack = dependents[k]
            while let u = stack.popLast() {
                guard seen.insert(u).inserted else { continue }
                stack += dependents[u]
            }
            targets[k].blocks = seen.map { targets[$0].name }.sorted()
        }
        let order = targets.indices.sorted { a, b in
            if late[a] != late[b] { return !late[a] }
            if level[a] != level[b] { return level[a] < level[b] }
            return targets[a].name < targets[b].name
        }
        self.targets = order.map { targets[$0] }
    }

    /// Whether `from` reaches `to` through at least one edge, staying within `nodes`.
    static func reaches(_ from: Int, _ to: Int, _ edges: [[Int]], within nodes: Set<Int>) -> Bool {
        var seen = Set<Int>()
        var stack = edges[from].filter { nodes.contains($0) }
        while let k = stack.popLast() {
            if k == to { return true }
            guard seen.insert(k).inserted else { continue }
            stack += edges[k].filter { nodes.contains($0) }
        }
        return false
    }
}
