import Foundation
import IsolintRules
import IsolintSyntax
import Testing

/// One rule fixture: `Fixtures/<rule-id>/<name>.swift` with `// expect: RULE[@COL]` markers, or a
/// directory `Fixtures/<rule-id>/<name>/` whose `.swift` files are linted together as one workspace
/// (a `Package.swift` at its root maps them to targets and is linted as the manifest; without one,
/// each file's `// fixture:` header gives its settings).
struct RuleFixture: Sendable, CustomTestStringConvertible {
    let rule: String
    let name: String
    let url: URL
    var isDirectory = false
    var testDescription: String { "\(rule)/\(name)" + (isDirectory ? "/" : "") }

    /// Every fixture (not the `.fixN.swift` expectations, not `_`-prefixed support directories).
    static func all() -> [RuleFixture] {
        guard let root = Bundle.module.resourceURL?.appendingPathComponent("Fixtures") else { return [] }
        let fm = FileManager.default
        var out: [RuleFixture] = []
        for rule in ((try? fm.contentsOfDirectory(atPath: root.path)) ?? []).sorted() where !rule.hasPrefix("_") {
            let dir = root.appendingPathComponent(rule)
            for file in ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() {
                let url = dir.appendingPathComponent(file)
                var isDir: ObjCBool = false
                if fm.fileExists(atPath: url.path, isDirectory: &isDir), isDir.boolValue {
                    out.append(RuleFixture(rule: rule, name: file, url: url, isDirectory: true))
                    continue
                }
                guard file.hasSuffix(".swift") else { continue }
                if file.range(of: #"\.fix\d+\.swift$"#, options: .regularExpression) != nil { continue }
                out.append(RuleFixture(rule: rule, name: String(file.dropLast(6)), url: url))
            }
        }
        return out
    }

    /// The fixture's files: (path relative to the fixture directory, URL). A single-file fixture is
    /// its own only file.
    var files: [(relative: String, url: URL)] {
        guard isDirectory else { return [(url.lastPathComponent, url)] }
        let fm = FileManager.default
        let paths = (fm.subpaths(atPath: url.path) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        return paths.map { ($0, url.appendingPathComponent($0)) }
    }

    /// Expected fix outputs: (fix index from 0, file), beside the fixture as `NAME.fixN.swift`.
    var fixExpectations: [(index: Int, url: URL)] {
        let dir = url.deletingLastPathComponent()
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return files.compactMap { f -> (Int, URL)? in
            guard f.hasPrefix(name + ".fix"), f.hasSuffix(".swift"),
                let n = Int(f.dropFirst(name.count + 4).dropLast(6)), n >= 1
            else { return nil }
            return (n - 1, dir.appendingPathComponent(f))
        }.sorted { $0.0 < $1.0 }
    }
}

/// A fixture linted: each file's tree, findings and prepared text, in file order.
struct LintedFixture {
    struct File {
        var relative: String
        var prepared: PreparedFixture
        var tree: SyntaxTree
        var findings: [Finding]
        /// The target settings it was linted with (its header's, or its manifest target's).
        var settings: TargetSettings
    }
    var files: [File]

    /// Lints every file of a fixture together, with every rule on (off-by-default ones included).
    init(_ fixture: RuleFixture) throws {
        var prepared: [(String, PreparedFixture)] = []
        for (relative, url) in fixture.files { prepared.append((relative, PreparedFixture(try Data(contentsOf: url)))) }
        // A Package.swift at the root decides every file's target.
        let manifest = prepared.first { $0.0 == "Package.swift" }.map {
            PackageManifest(tree: SyntaxTree.parse(SourceFile(path: "Package.swift", bytes: $0.1.bytes)))
        }
        let inputs = prepared.map { relative, p -> LintInput in
            var settings = p.settings
            if let manifest, relative != "Package.swift", let target = manifest.target(containing: relative) {
                settings = manifest.settings(of: target)
            } else if manifest != nil, relative == "Package.swift" {
                settings = .standalone
            }
            let path =
                fixture.isDirectory
                ? "\(fixture.rule)/\(fixture.name)/\(relative)" : "\(fixture.rule)/\(fixture.name).swift"
            return LintInput(path: path, bytes: p.bytes, settings: settings)
        }
        let results = lintFixture(inputs)
        files = zip(zip(prepared, results), inputs).map { pair, input in
            File(
                relative: pair.0.0, prepared: pair.0.1, tree: pair.1.tree, findings: pair.1.findings,
                settings: input.settings)
        }
    }

    /// Every expectation, with the file it is in.
    var expectations: [(file: String, expectation: Expectation)] {
        files.flatMap { f in f.prepared.expectations.map { (f.relative, $0) } }
    }

    /// The rules a fixture is about: its own and every rule it marks.
    func relevantRules(_ fixture: RuleFixture) -> Set<String> {
        Set([fixture.rule] + expectations.map(\.expectation.rule))
    }
}

struct Expectation: Hashable, CustomStringConvertible {
    var rule: String
    var line: Int
    var column: Int?
    var description: String { "\(rule)@\(line)" + (column.map { ":\($0)" } ?? "") }
}

/// A fixture's text with its markers removed, the expectations they held, and the settings
/// its `// fixture:` header asks for.
struct PreparedFixture {
    var bytes: [UInt8]
    var expectations: [Expectation]
    var settings: TargetSettings
    var compiles: Bool
    /// `// compile: linux stand-ins`: compiled with the SwiftData stand-ins (see `StandIns`).
    var usesStandIns: Bool

    init(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        // Split on `\n` bytes (a `\r\n` is one Character in Swift), keeping each `\r`.
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        var expectations: [Expectation] = []
        for (i, line) in lines.enumerated() {
            guard let r = line.range(of: "// expect:") else { continue }
            let hasCR = line.utf8.last == UInt8(ascii: "\r")
            let spec = line[r.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
            for item in spec.split(separator: ",") {
                let parts = item.trimmingCharacters(in: .whitespaces).split(separator: "@")
                guard let rule = parts.first else { continue }
                expectations.append(
                    Expectation(rule: String(rule), line: i + 1, column: parts.count > 1 ? Int(parts[1]) : nil))
            }
            var kept = String(line[..<r.lowerBound])
            while kept.hasSuffix(" ") || kept.hasSuffix("\t") { kept.removeLast() }
            lines[i] = kept + (hasCR ? "\r" : "")
        }
        bytes = Array(lines.joined(separator: "\n").utf8)
        self.expectations = expectations
        var s = TargetSettings(kind: .library)
        compiles = false
        usesStandIns = false
        for line in lines.prefix(3) {
            if line.hasPrefix("// compile: linux") { compiles = true }
            if line.hasPrefix("// compile: linux stand-ins") { usesStandIns = true }
            guard line.hasPrefix("// fixture:") else { continue }
            for setting in line.dropFirst("// fixture:".count).split(separator: " ") {
                let kv = setting.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "=", maxSplits: 1)
                    .map(String.init)
                guard kv.count == 2 else { continue }
                switch kv[0] {
                case "swift": s.languageMode = Int(kv[1]) ?? 6
                case "defaultIsolation": s.defaultIsolationMainActor = kv[1] == "MainActor"
                case "upcoming": s.upcomingFeatures = Set(kv[1].split(separator: ",").map(String.init))
                case "target": s.kind = TargetSettings.Kind(rawValue: kv[1]) ?? .library
                default: break
                }
            }
        }
        settings = s
    }
}

/// Lints prepared files together with every rule on (off-by-default ones included).
func lintFixture(_ inputs: [LintInput]) -> [(tree: SyntaxTree, findings: [Finding])] {
    var config = Configuration()
    for d in RuleCatalog.descriptors where !d.enabledByDefault { config.ruleOverrides[d.id] = d.defaultSeverity }
    return Linter(configuration: config).lint(inputs)
}

/// Lints one file's prepared bytes with every rule on.
func lintFixture(_ bytes: [UInt8], path: String, settings: TargetSettings) -> (SyntaxTree, [Finding]) {
    let result = lintFixture([LintInput(path: path, bytes: bytes, settings: settings)])
    return (result[0].tree, result[0].findings)
}

/// `swiftc -emit-sil … -swift-version 6` on a file; nil when no swiftc is installed.
func compilerErrors(_ bytes: [UInt8], name: String, settings: TargetSettings = TargetSettings()) -> [String]? {
    compilerErrors([(name, bytes)], settings: settings)
}

/// The same for files compiled together as one module.
func compilerErrors(_ files: [(name: String, bytes: [UInt8])], settings: TargetSettings = TargetSettings())
    -> [String]?
{
    guard let swiftc = executable("swiftc") else { return nil }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("isolint-fixture-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    var paths: [String] = []
    for (k, f) in files.enumerated() {
        // Flattened, and numbered so that two files of the same name do not collide.
        let file = dir.appendingPathComponent("\(k)-" + (f.name.split(separator: "/").last.map(String.init) ?? f.name))
        guard (try? Data(f.bytes).write(to: file)) != nil else { return nil }
        paths.append(file.path)
    }
    var args = ["-emit-sil", "-o", "/dev/null", "-parse-as-library", "-swift-version", "\(settings.languageMode)"]
    if files.count > 1 { args += ["-module-name", "Fixture", "-wmo"] }
    if settings.defaultIsolationMainActor { args += ["-default-isolation", "MainActor"] }
    for feature in settings.upcomingFeatures.sorted() { args += ["-enable-upcoming-feature", feature] }
    guard let out = run(swiftc, args + paths, in: nil) else { return nil }
    return out.split(separator: "\n").filter { $0.contains("error:") }.map(String.init)
}

/// `swift package dump-package` on a manifest: its errors (empty when it is accepted); nil when
/// no `swift` is installed.
func dumpPackageErrors(_ manifest: [UInt8]) -> [String]? {
    guard let swift = executable("swift") else { return nil }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("isolint-manifest-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    guard (try? Data(manifest).write(to: dir.appendingPathComponent("Package.swift"))) != nil,
        let out = run(swift, ["package", "dump-package"], in: dir)
    else { return nil }
    return out.split(separator: "\n").filter { $0.contains("error:") }.map(String.init)
}

func executable(_ name: String) -> String? {
    ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map { "\($0)/\(name)" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Runs a program and returns what it wrote to standard error.
func run(_ program: String, _ arguments: [String], in directory: URL?) -> String? {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: program)
    p.arguments = arguments
    if let directory { p.currentDirectoryURL = directory }
    let pipe = Pipe()
    p.standardError = pipe
    p.standardOutput = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return nil }
    let out = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return String(decoding: out, as: UTF8.self)
}

/// SwiftData does not exist on Linux: a fixture marked `// compile: linux stand-ins` is compiled
/// with `Fixtures/_stand-ins/SwiftData.swift` (small stand-ins for `ModelContainer`,
/// `ModelContext`, `FetchDescriptor`, the `ModelActor` protocol) instead of `import SwiftData`,
/// `@Model` removed, and each `@ModelActor actor` expanded as the macro expands it (the members it
/// adds and the conformance).
enum StandIns {
    static var swiftData: [UInt8]? {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/_stand-ins/SwiftData.swift")
        return (try? Data(contentsOf: url)).map { Array($0) }
    }

    static func expand(_ bytes: [UInt8]) -> [UInt8] {
        var text = String(decoding: bytes, as: UTF8.self)
        text = text.replacingOccurrences(of: #"(?m)^import SwiftData\r?$"#, with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: #"@Model\b\s*"#, with: "", options: .regularExpression)
        let members = """
            nonisolated let modelExecutor: any ModelExecutor
                nonisolated let modelContainer: ModelContainer
                init(modelContainer: ModelContainer) {
                    let modelContext = ModelContext(modelContainer)
                    self.modelExecutor = DefaultSerialModelExecutor(modelContext: modelContext)
                    self.modelContainer = modelContainer
                }
            """
        text = text.replacingOccurrences(
            of: #"@ModelActor\s+((?:(?:public|internal|fileprivate|private|final)\s+)*)actor\s+(\w+)\s*\{"#,
            with: "$1actor $2: ModelActor {\n    \(members)\n", options: .regularExpression)
        return Array(text.utf8)
    }
}

/// Every finding of the rules a fixture is about, in full: rule, severity, range, message, notes
/// and every fix with its edits (1-based line:column, UTF-8 columns, end exclusive). The text is
/// what `Fixtures/<rule>/<name>.snapshot` holds; a change shows as a diff to review.
func snapshot(_ findings: [Finding], _ source: SourceFile) -> String {
    func position(_ offset: Int) -> String {
        let (l, c) = source.lineColumn(of: offset)
        return "\(l):\(c)"
    }
    func span(_ r: Range<Int>) -> String { "\(position(r.lowerBound))-\(position(r.upperBound))" }
    func quoted(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out + "\""
    }
    var out = ""
    for f in findings {
        out += "\(f.ruleID) \(f.severity.rawValue) \(span(f.range))\n"
        out += "  message: \(f.message)\n"
        for n in f.notes { out += "  note \(span(n.range)): \(n.message)\n" }
        for (k, fix) in f.fixes.enumerated() {
            out +=
                "  fix \(k + 1)\(fix.isPreferred ? " (preferred)" : "")\(fix.needsReview ? " (needs review)" : ""): \(fix.title)\n"
            for e in fix.edits { out += "    \(span(e.range)) \(quoted(e.newText))\n" }
        }
    }
    return out.isEmpty ? "(no findings)\n" : out
}

/// The source file of a fixture's snapshot (next to the fixture in the repository).
func snapshotURL(rule: String, name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        .appendingPathComponent(rule).appendingPathComponent(name + ".snapshot")
}
