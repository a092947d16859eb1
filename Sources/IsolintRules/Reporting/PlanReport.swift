import Foundation

/// The migration plan as a table, JSON (a documented contract), Markdown for a pull request,
/// and the module graph coloured by readiness as Graphviz DOT or Mermaid.
public enum PlanReport {
    public enum Format: String, Sendable, CaseIterable {
        case text, json, markdown, dot, mermaid
    }

    public static func render(_ plan: MigrationPlan, format: Format) -> String {
        switch format {
        case .text: return text(plan)
        case .json: return json(plan).render(pretty: true) + "\n"
        case .markdown: return markdown(plan)
        case .dot: return dot(plan)
        case .mermaid: return mermaid(plan)
        }
    }

    static func isolation(_ t: PlanTarget) -> String {
        t.concurrency.defaultIsolationMainActor ? "MainActor" : "nonisolated"
    }

    static func mode(_ t: PlanTarget) -> String { "Swift \(t.concurrency.languageMode)" }

    static func counts(_ t: PlanTarget) -> [Int] { [.error, .warning, .info, .hint].map { t.findings[$0] ?? 0 } }

    static func blocks(_ t: PlanTarget, limit: Int = 4) -> String {
        if t.blocks.isEmpty { return "-" }
        let shown = t.blocks.prefix(limit).joined(separator: ", ")
        return t.blocks.count > limit ? shown + " (+\(t.blocks.count - limit))" : shown
    }

    // MARK: Text

    /// The table (problems go to stderr, not here).
    public static func text(_ plan: MigrationPlan) -> String {
        let header = ["#", "target", "kind", "mode", "checking", "isolation", "E", "W", "I", "H", "next", "blocks"]
        var rows: [[String]] = []
        for (k, t) in plan.targets.enumerated() {
            rows.append(
                ["\(k + 1)", t.name, t.kind.rawValue, mode(t), t.concurrency.checking.rawValue, isolation(t)]
                    + counts(t).map(String.init) + [t.next.rawValue, blocks(t)])
        }
        var widths = header.map(\.count)
        for r in rows { for (i, cell) in r.enumerated() { widths[i] = max(widths[i], cell.count) } }
        func line(_ cells: [String]) -> String {
            var out = ""
            for (i, cell) in cells.enumerated() {
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                // Numbers right-aligned, words left-aligned; no trailing spaces.
                let numeric = i == 0 || (6...9).contains(i)
                out += i == cells.count - 1 ? cell : (numeric ? pad + cell : cell + pad)
                if i < cells.count - 1 { out += "  " }
            }
            return out + "\n"
        }
        let n = plan.targets.count
        var out = "Migration plan for \(plan.root): \(n) target\(n == 1 ? "" : "s"), leaves first.\n\n"
        out += line(header)
        for r in rows { out += line(r) }
        let steps = NextStep.allCases.compactMap { step -> String? in
            let c = plan.targets.filter { $0.next == step }.count
            return c == 0 ? nil : "\(c) \(step.rawValue)"
        }
        out += "\n" + (steps.isEmpty ? "Nothing to plan." : steps.joined(separator: ", ") + ".") + "\n"
        return out
    }

    // MARK: JSON

    /// `{"targets":[{"name","kind","path","languageMode","strictConcurrency","defaultIsolation",
    /// "upcomingFeatures","dependencies","dependents","findings":{"error","warning","info","hint"},
    /// "next","blocks"}],"order":[…],"problems":[{"file","line","message"}]}`.
    public static func json(_ plan: MigrationPlan) -> JSON {
        let targets = plan.targets.map { t -> JSON in
            let c = counts(t)
            return .object([
                ("name", .string(t.name)), ("kind", .string(t.kind.rawValue)), ("path", .string(t.path)),
                ("languageMode", .int(t.concurrency.languageMode)),
                ("strictConcurrency", .string(t.concurrency.checking.rawValue)),
                ("defaultIsolation", .string(isolation(t))),
                ("upcomingFeatures", .array(t.concurrency.upcomingFeatures.sorted().map { .string($0) })),
                ("dependencies", .array(t.dependencies.sorted().map { .string($0) })),
                ("dependents", .array(t.dependents.map { .string($0) })),
                (
                    "findings",
                    .object([
                        ("error", .int(c[0])), ("warning", .int(c[1])), ("info", .int(c[2])), ("hint", .int(c[3])),
                    ])
                ),
                ("next", .string(t.next.rawValue)),
                ("blocks", .array(t.blocks.map { .string($0) })),
            ])
        }
        let problems = plan.problems.map { p -> JSON in
            .object([
                ("file", .string(p.file)), ("line", p.line.map { .int($0) } ?? .null), ("message", .string(p.message)),
            ])
        }
        return .object([
            ("targets", .array(targets)), ("order", .array(plan.order.map { .string($0) })),
            ("problems", .array(problems)),
        ])
    }

    // MARK: Markdown

    static func cell(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    public static func markdown(_ plan: MigrationPlan) -> String {
        var out = "## Swift 6 migration plan\n\n"
        out += "Leaves first, the app last. Each target: turn on complete checking in Swift 5 mode, fix to zero, "
        out += "flip to Swift 6.\n\n"
        out +=
            "| # | target | kind | mode | checking | default isolation | errors | warnings | info | hints | next step "
        out += "| blocks |\n|---:|---|---|---|---|---|---:|---:|---:|---:|---|---|\n"
        for (k, t) in plan.targets.enumerated() {
            let c = counts(t)
            out +=
                "| \(k + 1) | `\(cell(t.name))` | \(t.kind.rawValue) | \(mode(t)) | \(t.concurrency.checking.rawValue) "
            out += "| \(isolation(t)) | \(c[0]) | \(c[1]) | \(c[2]) | \(c[3]) | **\(t.next.rawValue)** "
            out += "| \(cell(blocks(t, limit: 6))) |\n"
        }
        out += "\n```mermaid\n" + mermaid(plan) + "```\n"
        if !plan.problems.isEmpty {
            out += "\n### Problems\n\n"
            for p in plan.problems {
                out += "- `\(cell(p.file))\(p.line.map { ":\($0)" } ?? "")`: \(cell(p.message))\n"
            }
        }
        return out
    }

    // MARK: Graphs

    /// Fill and border colours by step: done green, flip blue, fix to zero orange, complete
    /// checking still off red.
    static func colours(_ step: NextStep) -> (fill: String, stroke: String) {
        switch step {
        case .done: return ("#c8e6c9", "#2e7d32")
        case .flipToSwift6: return ("#bbdefb", "#1565c0")
        case .fixToZero: return ("#ffe0b2", "#ef6c00")
        case .turnOnCompleteChecking: return ("#ffcdd2", "#c62828")
        }
    }

    static func classNames(_ step: NextStep) -> String {
        switch step {
        case .done: return "done"
        case .flipToSwift6: return "flip"
        case .fixToZero: return "fix"
        case .turnOnCompleteChecking: return "checking"
        }
    }

    static func labelLines(_ t: PlanTarget) -> [String] {
        let c = counts(t)
        return [
            t.name, "\(t.kind.rawValue), \(mode(t)), \(t.concurrency.checking.rawValue)",
            "\(c[0]) errors, \(c[1]) warnings", t.next.rawValue,
        ]
    }

    /// The dependency edges (dependency, dependent) a picture needs: an edge another path already
    /// implies is left out (the transitive reduction), so the graph stays readable.
    static func edges(_ plan: MigrationPlan) -> [(from: String, to: String)] {
        var deps: [String: [String]] = [:]
        for t in plan.targets { deps[t.name] = t.dependencies }
        var reach: [String: Set<String>] = [:]
        func reachable(_ name: String) -> Set<String> {
            if let r = reach[name] { return r }
            var seen = Set<String>()
            var stack = deps[name] ?? []
            while let d = stack.popLast() {
                guard seen.insert(d).inserted else { continue }
                stack += deps[d] ?? []
            }
            reach[name] = seen
            return seen
        }
        var out: [(from: String, to: String)] = []
        for t in plan.targets {
            let direct = t.dependencies.sorted()
            for d in direct where !direct.contains(where: { $0 != d && $0 != t.name && reachable($0).contains(d) }) {
                out.append((d, t.name))
            }
        }
        return out
    }

    /// Graphviz: one box per target, edges from a dependency to what depends on it (the order of
    /// work reads top to bottom; edges other paths imply are left out).
    public static func dot(_ plan: MigrationPlan) -> String {
        func quoted(_ s: String) -> String {
            "\""
                + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: " ") + "\""
        }
        var out = "digraph migration {\n"
        out += "  rankdir=TB;\n"
        out += "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\"];\n"
        out += "  edge [color=\"#607d8b\"];\n"
        for t in plan.targets {
            let (fill, stroke) = colours(t.next)
            let label = labelLines(t).map { quoted($0).dropFirst().dropLast() }.joined(separator: "\\n")
            out += "  \(quoted(t.name)) [label=\"\(label)\", fillcolor=\"\(fill)\", color=\"\(stroke)\"];\n"
        }
        for e in edges(plan) { out += "  \(quoted(e.from)) -> \(quoted(e.to));\n" }
        out += "}\n"
        return out
    }

    /// Mermaid flowchart: node ids `t1`, `t2`… in the order of work, labels quoted (a `"` in a
    /// name becomes `#quot;`), one class per step.
    public static func mermaid(_ plan: MigrationPlan) -> String {
        var ids: [String: String] = [:]
        for (k, t) in plan.targets.enumerated() { ids[t.name] = "t\(k + 1)" }
        func label(_ s: String) -> String {
            s.replacingOccurrences(of: "\"", with: "#quot;").replacingOccurrences(of: "<", with: "#lt;")
                .replacingOccurrences(of: ">", with: "#gt;").replacingOccurrences(of: "\n", with: " ")
        }
        var out = "flowchart TD\n"
        for t in plan.targets {
            guard let id = ids[t.name] else { continue }
            out += "  \(id)[\"\(labelLines(t).map(label).joined(separator: "<br/>"))\"]\n"
        }
        for e in edges(plan) {
            if let from = ids[e.from], let to = ids[e.to] { out += "  \(from) --> \(to)\n" }
        }
        for step in NextStep.allCases {
            let (fill, stroke) = colours(step)
            out += "  classDef \(classNames(step)) fill:\(fill),stroke:\(stroke),color:#000\n"
        }
        for step in NextStep.allCases {
            let members = plan.targets.filter { $0.next == step }.compactMap { ids[$0.name] }
            if !members.isEmpty { out += "  class \(members.joined(separator: ",")) \(classNames(step))\n" }
        }
        return out
    }
}
