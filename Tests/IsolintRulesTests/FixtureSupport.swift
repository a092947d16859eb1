import Foundation
import IsolintRules
import IsolintSyntax
import Testing

/// One rule fixture: `Fixtures/<rule-id>/<name>.swift` with `// expect: RULE[@COL]` markers.
struct RuleFixture: Sendable, CustomTestStringConvertible {
    let rule: String
    let name: String
    let url: URL
    var testDescription: String { "\(rule)/\(name)" }

    /// Every fixture (not the `.fixN.swift` expectations).
    static func all() -> [RuleFixture] {
        guard let root = Bundle.module.resourceURL?.appendingPathComponent("Fixtures") else { return [] }
        let fm = FileManager.default
        var out: [RuleFixture] = []
        for rule in ((try? fm.contentsOfDirectory(atPath: root.path)) ?? []).sorted() {
            let dir = root.appendingPathComponent(rule)
            for file in ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() where file.hasSuffix(".swift")
            {
                if file.range(of: #"\.fix\d+\.swift$"#, options: .regularExpression) != nil { continue }
                out.append(
                    RuleFixture(rule: rule, name: String(file.dropLast(6)), url: dir.appendingPathComponent(file)))
            }
        }
        return out
    }

    /// Expected fix outputs: (fix index from 0, file).
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
        for line in lines.prefix(3) {
            if line.hasPrefix("// compile: linux") { compiles = true }
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

/// Lints prepared bytes with every rule on (off-by-default ones included).
func lintFixture(_ bytes: [UInt8], path: String, settings: TargetSettings) -> (SyntaxTree, [Finding]) {
    var config = Configuration()
    for d in RuleCatalog.descriptors where !d.enabledByDefault { config.ruleOverrides[d.id] = d.defaultSeverity }
    let linter = Linter(configuration: config)
    let result = linter.lint([LintInput(path: path, bytes: bytes, settings: settings)])
    return (result[0].tree, result[0].findings)
}

/// `swiftc -emit-sil … -swift-version 6` on a file; nil when no swiftc is installed.
func compilerErrors(_ bytes: [UInt8], name: String, settings: TargetSettings = TargetSettings()) -> [String]? {
    guard
        let swiftc = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map({ "\($0)/swiftc" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else { return nil }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("isolint-fixture-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent(name)
    guard (try? Data(bytes).write(to: file)) != nil else { return nil }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: swiftc)
    var args = ["-emit-sil", "-o", "/dev/null", "-parse-as-library", "-swift-version", "\(settings.languageMode)"]
    if settings.defaultIsolationMainActor { args += ["-default-isolation", "MainActor"] }
    for feature in settings.upcomingFeatures.sorted() { args += ["-enable-upcoming-feature", feature] }
    p.arguments = args + [file.path]
    let pipe = Pipe()
    p.standardError = pipe
    p.standardOutput = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return nil }
    let out = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return String(decoding: out, as: UTF8.self).split(separator: "\n").filter { $0.contains("error:") }.map(String.init)
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
