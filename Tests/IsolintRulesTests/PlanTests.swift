import Foundation
import Testing

@testable import IsolintRules

/// `isolint plan`: the module graph, the order of work, each target's state, and the renderings.
@Suite("Migration plan")
struct PlanTests {
    /// Core ← Net ← App, a test target, Core in Swift 5 with complete checking and a finding,
    /// Net in Swift 5 without it, App in Swift 6 with default MainActor isolation.
    static let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Demo",
            products: [.library(name: "NetKit", targets: ["Net"])],
            targets: [
                .executableTarget(
                    name: "App", dependencies: [.product(name: "NetKit", package: "Demo"), "Core"],
                    swiftSettings: [.defaultIsolation(MainActor.self)]),
                .target(name: "Net", dependencies: [.target(name: "Core")], swiftSettings: [.swiftLanguageMode(.v5)]),
                .target(
                    name: "Core",
                    swiftSettings: [.swiftLanguageMode(.v5), .enableUpcomingFeature("StrictConcurrency")]),
                .testTarget(name: "CoreTests", dependencies: ["Core"]),
            ]
        )

        """

    static func demo() throws -> TemporaryFolder {
        let dir = try TemporaryFolder()
        try dir.write("Package.swift", manifest)
        try dir.write("Sources/Core/Core.swift", "public enum Cache { static var entries = 0 }\n")
        try dir.write("Sources/Net/Net.swift", "public struct Client { public init() {} }\n")
        try dir.write("Sources/App/main.swift", "print(\"hi\")\n")
        try dir.write("Tests/CoreTests/CoreTests.swift", "import Core\n")
        return dir
    }

    @Test func aThreeTargetPackageIsPlannedLeavesFirst() async throws {
        let dir = try Self.demo()
        let plan = await MigrationPlanner.plan(directory: dir.path, configuration: Configuration(), workers: 1)
        #expect(plan.problems.isEmpty)
        #expect(plan.order == ["Core", "CoreTests", "Net", "App"])
        let byName = Dictionary(uniqueKeysWithValues: plan.targets.map { ($0.name, $0) })
        let core = try #require(byName["Core"])
        #expect(core.kind == .library && core.path == "Sources/Core")
        #expect(core.concurrency.languageMode == 5 && core.concurrency.checking == .complete)
        #expect(core.findings == [.error: 1])
        #expect(core.next == .fixToZero)
        #expect(core.dependents == ["App", "CoreTests", "Net"])
        #expect(core.blocks == ["App", "CoreTests", "Net"])
        let net = try #require(byName["Net"])
        #expect(net.concurrency.checking == .minimal && net.next == .turnOnCompleteChecking)
        #expect(net.dependencies == ["Core"] && net.dependents == ["App"])
        let app = try #require(byName["App"])
        #expect(app.kind == .executable && app.concurrency.languageMode == 6)
        #expect(app.concurrency.defaultIsolationMainActor && app.next == .done && app.blocks.isEmpty)
        #expect(app.dependencies.sorted() == ["Core", "Net"])
        #expect(byName["CoreTests"]?.kind == .test)
    }

    @Test func theJSONContract() async throws {
        let dir = try Self.demo()
        let plan = await MigrationPlanner.plan(directory: dir.path, configuration: Configuration(), workers: 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(PlanReport.render(plan, format: .json).utf8)) as? [String: Any])
        #expect(object["order"] as? [String] == ["Core", "CoreTests", "Net", "App"])
        let targets = try #require(object["targets"] as? [[String: Any]])
        let keys = [
            "name", "kind", "path", "languageMode", "strictConcurrency", "defaultIsolation", "upcomingFeatures",
            "dependencies", "dependents", "findings", "next", "blocks",
        ]
        for t in targets { #expect(Set(t.keys) == Set(keys)) }
        let core = try #require(targets.first)
        #expect(core["name"] as? String == "Core")
        #expect(core["languageMode"] as? Int == 5)
        #expect(core["strictConcurrency"] as? String == "complete")
        #expect(core["defaultIsolation"] as? String == "nonisolated")
        #expect(core["upcomingFeatures"] as? [String] == ["StrictConcurrency"])
        #expect(core["findings"] as? [String: Int] == ["error": 1, "warning": 0, "info": 0, "hint": 0])
        #expect(core["next"] as? String == "fix to zero")
        #expect(targets.last?["defaultIsolation"] as? String == "MainActor")
        #expect(targets.last?["kind"] as? String == "executable")
        #expect((object["problems"] as? [Any])?.isEmpty == true)
    }

    @Test func aFolderWithoutAManifestIsOneTarget() async throws {
        let dir = try TemporaryFolder()
        try dir.write(".isolint.json", "{\"swiftVersion\": \"5\"}")
        try dir.write("A.swift", "var a = 0\n")
        try dir.write("Sub/B.swift", "var b = 0\n")
        let (configuration, _) = WorkspaceSettings.loadConfiguration(dir.path + "/.isolint.json", knownRules: [])
        let plan = await MigrationPlanner.plan(directory: dir.path, configuration: configuration, workers: 1)
        let name = String(dir.path.split(separator: "/").last ?? "")
        #expect(plan.order == [name])
        #expect(plan.targets.first?.files.count == 2)
        #expect(plan.targets.first?.concurrency.languageMode == 5)
        #expect(plan.targets.first?.next == .turnOnCompleteChecking)
        #expect(plan.targets.first?.path == ".")
    }

    @Test func aMalformedManifestIsNamedWithItsLineAndTheRestIsPlanned() async throws {
        let dir = try TemporaryFolder()
        try dir.write(
            "Good/Package.swift",
            "// swift-tools-version: 6.0\nlet package = Package(name: \"Good\", targets: [.target(name: \"Good\")])\n")
        try dir.write("Good/Sources/Good/G.swift", "struct G {}\n")
        try dir.write(
            "Bad/Package.swift",
            "// swift-tools-version: 6.0\nlet package = Package(\n    name: \"Bad\",\n    targets: [.target(name: \"Bad\"\n"
        )
        try dir.write("Bad/Sources/Bad/B.swift", "struct B {}\n")
        try dir.write("Empty/Package.swift", "// swift-tools-version: 6.0\nimport PackageDescription\n")
        let plan = await MigrationPlanner.plan(directory: dir.path, configuration: Configuration(), workers: 1)
        #expect(plan.order.contains("Good"))
        #expect(plan.problems.count == 2)
        #expect(
            plan.problems.contains {
                $0.description == "\(dir.path)/Bad/Package.swift:2: malformed Package.swift (unbalanced brackets "
                    + "or a broken literal here); what could be read is planned"
            })
        #expect(plan.problems.contains { $0.file.hasSuffix("Bad/Package.swift") && $0.line == 2 })
        #expect(plan.problems.contains { $0.file.hasSuffix("Empty/Package.swift") && $0.line == 1 })
    }

    @Test func aCycleIsReportedAndStillOrdered() {
        let c = TargetConcurrency(
            languageMode: 6, checking: .complete, defaultIsolationMainActor: false, upcomingFeatures: [])
        func target(_ name: String, _ deps: [String], kind: PlanTarget.Kind = .library) -> PlanTarget {
            var t = PlanTarget(name: name, kind: kind, path: name, concurrency: c, settings: .standalone, origin: "")
            t.dependencies = deps
            return t
        }
        let plan = MigrationPlan(
            root: "/r",
            targets: [
                target("App", ["B"], kind: .app), target("B", ["C"]), target("C", ["B"]), target("Leaf", ["Gone"]),
            ],
            problems: [])
        #expect(plan.order == ["B", "Leaf", "C", "App"])
        #expect(plan.problems.map(\.message) == ["dependency cycle among B, C; ordered by name"])
        // A test of the app comes after the app.
        let withTests = MigrationPlan(
            root: "/r",
            targets: [target("AppTests", ["App"], kind: .test), target("App", [], kind: .app), target("Lib", [])],
            problems: [])
        #expect(withTests.order == ["Lib", "App", "AppTests"])
    }

    @Test(arguments: [
        (5, ConcurrencyChecking.minimal, 0, NextStep.turnOnCompleteChecking),
        (5, .targeted, 3, .turnOnCompleteChecking),
        (5, .complete, 3, .fixToZero),
        (5, .complete, 0, .flipToSwift6),
        (6, .complete, 2, .fixToZero),
        (6, .complete, 0, .done),
    ])
    func theNextStep(mode: Int, checking: ConcurrencyChecking, blocking: Int, step: NextStep) {
        #expect(NextStep.of(languageMode: mode, checking: checking, blocking: blocking) == step)
    }

    // MARK: Graphs

    static func sample() -> MigrationPlan {
        func target(
            _ name: String, _ deps: [String], _ mode: Int, _ checking: ConcurrencyChecking, _ errors: Int,
            kind: PlanTarget.Kind = .library
        ) -> PlanTarget {
            let c = TargetConcurrency(
                languageMode: mode, checking: checking, defaultIsolationMainActor: false, upcomingFeatures: [])
            var t = PlanTarget(name: name, kind: kind, path: name, concurrency: c, settings: .standalone, origin: "")
            t.dependencies = deps
            t.findings = [.error: errors]
            return t
        }
        return MigrationPlan(
            root: "/r",
            targets: [
                target("Core", [], 6, .complete, 0), target("Net \"HTTP\" <2>", ["Core"], 5, .complete, 0),
                target("Store", ["Core"], 5, .complete, 2), target("UI", ["Net \"HTTP\" <2>"], 5, .minimal, 4),
                target("My App", ["UI", "Store"], 5, .targeted, 1, kind: .app),
            ],
            problems: [])
    }

    @Test func dotIsWhatGraphvizAccepts() throws {
        let dot = PlanReport.dot(Self.sample())
        #expect(dot.hasPrefix("digraph migration {\n"))
        #expect(dot.contains("  \"Core\" -> \"Net \\\"HTTP\\\" <2>\";\n"))
        #expect(dot.contains("fillcolor=\"#c8e6c9\""))
        let graphviz = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let graphviz else { return }
        let dir = try TemporaryFolder()
        try dir.write("plan.dot", dot)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: graphviz)
        p.arguments = ["-Tsvg", "-o", dir.path + "/plan.svg", dir.path + "/plan.dot"]
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let svg = String(
            decoding: FileManager.default.contents(atPath: dir.path + "/plan.svg") ?? Data(), as: UTF8.self)
        #expect(svg.contains("<svg") && svg.contains("My App"))
    }

    @Test func mermaidFollowsItsGrammar() {
        let text = PlanReport.mermaid(Self.sample())
        #expect(MermaidSubset.problems(text) == [])
        #expect(text.hasPrefix("flowchart TD\n"))
        #expect(
            text.contains(
                "  t2[\"Net #quot;HTTP#quot; #lt;2#gt;<br/>library, Swift 5, complete<br/>0 errors, 0 warnings<br/>flip to Swift 6\"]\n"
            ))
        #expect(text.contains("  t1 --> t2\n"))
        #expect(text.contains("  class t1 done\n"))
        // The checker is not a rubber stamp.
        #expect(!MermaidSubset.problems("graph LR\n  a[\"x\"] --> \n").isEmpty)
        #expect(!MermaidSubset.problems("flowchart TD\n  a[\"un\"quoted\"]\n").isEmpty)
        #expect(!MermaidSubset.problems("flowchart TD\n  class b done\n").isEmpty)
    }

    @Test func markdownAndTextTables() {
        let plan = Self.sample()
        let md = PlanReport.markdown(plan)
        #expect(
            md.contains("| 1 | `Core` | library | Swift 6 | complete | nonisolated | 0 | 0 | 0 | 0 | **done** | - |\n"))
        #expect(md.contains("```mermaid\nflowchart TD\n"))
        let text = PlanReport.text(plan)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "Migration plan for /r: 5 targets, leaves first.")
        #expect(lines[2].hasPrefix("#  target      "))
        #expect(lines[3].hasPrefix("1  Core        "))
        #expect(
            lines.last(where: { !$0.isEmpty })
                == "2 turn on complete checking, 1 fix to zero, 1 flip to Swift 6, 1 done.")
        #expect(!lines.contains { $0.hasSuffix(" ") })
    }
}

/// A checker for the Mermaid subset `PlanReport.mermaid` writes (there is no Mermaid parser on
/// this machine): `flowchart TD` or `graph TD`, then lines that are a node `id["label"]`, an edge
/// `id --> id`, a `classDef name style` or a `class id,id name`. Labels are double-quoted with no
/// `"` inside (Mermaid's escape is `#quot;`); ids are letters, digits and `_`; an edge or a class
/// names declared nodes; a class names a declared classDef.
enum MermaidSubset {
    static func isID(_ s: Substring) -> Bool {
        guard let first = s.first, first.isLetter || first == "_" else { return false }
        return s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    static func problems(_ text: String) -> [String] {
        var out: [String] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard let header = lines.first, header == "flowchart TD" || header == "graph TD" else {
            return ["the first line must be `flowchart TD`"]
        }
        lines.removeFirst()
        var nodes = Set<Substring>()
        var classes = Set<Substring>()
        var pending: [(String, [Substring], Substring?)] = []
        for raw in lines {
            let line = raw.drop { $0 == " " }
            if let open = line.firstIndex(of: "[") {
                let id = line[..<open]
                let rest = line[line.index(after: open)...]
                guard isID(id), rest.hasPrefix("\""), rest.hasSuffix("\"]"), rest.count >= 3 else {
                    out.append("bad node: \(line)")
                    continue
                }
                let label = rest.dropFirst().dropLast(2)
                if label.contains("\"") { out.append("a `\"` inside a label: \(line)") }
                nodes.insert(id)
            } else if line.contains(" --> ") {
                let parts = line.components(separatedBy: " --> ")
                guard parts.count == 2, isID(Substring(parts[0])), isID(Substring(parts[1])) else {
                    out.append("bad edge: \(line)")
                    continue
                }
                pending.append((String(line), [Substring(parts[0]), Substring(parts[1])], nil))
            } else if line.hasPrefix("classDef ") {
                let parts = line.split(separator: " ")
                guard parts.count == 3, isID(parts[1]),
                    parts[2].split(separator: ",").allSatisfy({ $0.split(separator: ":").count == 2 })
                else {
                    out.append("bad classDef: \(line)")
                    continue
                }
                classes.insert(parts[1])
            } else if line.hasPrefix("class ") {
                let parts = line.split(separator: " ")
                guard parts.count == 3, isID(parts[2]) else {
                    out.append("bad class: \(line)")
                    continue
                }
                let ids = parts[1].split(separator: ",")
                guard ids.allSatisfy(isID) else {
                    out.append("bad class: \(line)")
                    continue
                }
                pending.append((String(line), ids, parts[2]))
            } else {
                out.append("not in the subset: \(line)")
            }
        }
        for (line, ids, className) in pending {
            for id in ids where !nodes.contains(id) { out.append("undeclared node \(id): \(line)") }
            if let className, !classes.contains(className) { out.append("undeclared class \(className): \(line)") }
        }
        return out
    }
}
