import IsolintSyntax

/// The check the lint fuzzer and the mutant test share: lint a file with every rule on, check
/// each finding's ranges, apply each fix on its own, and lint the fixed text again. A trap is a
/// crash of the caller; anything else wrong is returned as a problem.
public enum FixValidity {
    /// A linter with every rule on, the off-by-default ones included.
    public static let allRules: Linter = {
        var config = Configuration()
        for d in RuleCatalog.descriptors where !d.enabledByDefault { config.ruleOverrides[d.id] = d.defaultSeverity }
        return Linter(configuration: config)
    }()

    public static let settingsToTry: [TargetSettings] = [
        TargetSettings(targetName: "App", kind: .library),
        TargetSettings(
            targetName: "App", kind: .executable, defaultIsolationMainActor: true,
            upcomingFeatures: ["InferIsolatedConformances", "NonisolatedNonsendingByDefault"]),
    ]

    /// Problems found linting `bytes` (and its fixes, `fixDepth` levels deep); empty when fine.
    public static func problems(
        in bytes: [UInt8], path: String = "Sources/App/Fuzz.swift", settings: TargetSettings, fixDepth: Int = 1,
        maximumFixes: Int = 64
    ) -> [String] {
        let tree = Pipeline.parse(SourceFile(path: path, bytes: bytes))
        let index = Pipeline.index([Pipeline.indexPart(tree, settings: settings)])
        let findings = allRules.lint(tree, index: index, settings: settings)
        var out: [String] = []
        var fixesTried = 0
        for f in findings {
            if f.range.lowerBound < 0 || f.range.upperBound > bytes.count || f.range.isEmpty && f.message.isEmpty {
                out.append("\(f.ruleID): range \(f.range) outside the file (\(bytes.count) bytes)")
            }
            for n in f.notes where n.range.lowerBound < 0 || n.range.upperBound > bytes.count {
                out.append("\(f.ruleID): note range \(n.range) outside the file")
            }
            guard fixDepth > 0 else { continue }
            for fix in f.fixes where fixesTried < maximumFixes {
                fixesTried += 1
                let fixed: [UInt8]
                do {
                    fixed = try tree.source.applying(fix.edits)
                } catch {
                    out.append("\(f.ruleID): fix '\(fix.title)' does not apply: \(error)")
                    continue
                }
                // The fixed text parses (it always does) and lints again without a trap.
                out += problems(in: fixed, path: path, settings: settings, fixDepth: fixDepth - 1)
                    .map { "after fix '\(fix.title)': \($0)" }
            }
        }
        return out
    }
}
