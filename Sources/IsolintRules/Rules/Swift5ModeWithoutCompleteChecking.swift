import IsolintSyntax

/// `swift5-mode-without-complete-checking`: a Package.swift target compiled in Swift 5 mode
/// without complete concurrency checking.
public struct Swift5ModeWithoutCompleteChecking: ManifestRule {
    public static let descriptor = RuleDescriptor(
        id: "swift5-mode-without-complete-checking", severity: .warning,
        summary: "A target in Swift 5 mode without StrictConcurrency: its migration work stays invisible.",
        explanation: """
            ## What it finds
            A target of a Package.swift that compiles in Swift 5 mode — `.swiftLanguageMode(.v5)`, a package-wide \
            `swiftLanguageModes: [.v5]`, or a tools version before 6.0 without a language mode — and does not \
            enable complete concurrency checking: neither `.enableUpcomingFeature("StrictConcurrency")` nor \
            `.enableExperimentalFeature("StrictConcurrency")` (or `=complete`; `=targeted` checks less), in its own \
            settings, in a shared settings variable, or in a loop that adds settings to every target. Targets \
            whose settings come from a helper function isolint cannot read are left alone. The finding starts \
            at the `.target(` call.

            ## Why it matters in Swift 6
            In Swift 5 mode the compiler checks only code that already adopted concurrency: the data races \
            Swift 6 will reject stay invisible until the day the mode flips, and then they all arrive at once. \
            With complete checking they show up now as warnings, and can be fixed target by target — the \
            playbook's first step.

            ## Fix
            Add `.enableUpcomingFeature("StrictConcurrency")` to the target's `swiftSettings` (the array is \
            created when missing; a shared variable gets `+ […]` at this target only). A manifest older than \
            tools version 5.8, where `enableUpcomingFeature` does not exist yet, gets `// swift-tools-version:5.8`.

            ## Before / after
            ```swift
            .target(name: "Legacy", swiftSettings: [.swiftLanguageMode(.v5)])
            .target(name: "Legacy", swiftSettings: [.swiftLanguageMode(.v5), .enableUpcomingFeature("StrictConcurrency")])
            ```
            """)

    /// The setting the fix adds, and the first tools version whose PackageDescription has it.
    static let setting = #".enableUpcomingFeature("StrictConcurrency")"#
    static let settingToolsVersion = (major: 5, minor: 8)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }

    public func check(manifest: PackageManifest, in file: FileContext, into findings: inout [Finding]) {
        for target in manifest.targets where target.kind != .plugin {
            guard manifest.languageMode(of: target) < 6, !manifest.hasCompleteChecking(target),
                manifest.swiftSettingsAreKnown(target)
            else { continue }
            var fixes: [Fix] = []
            if var edits = manifest.addingSwiftSetting(Self.setting, to: target) {
                if let raise = manifest.raisingToolsVersion(to: Self.settingToolsVersion) { edits.append(raise) }
                fixes.append(
                    Fix(title: "Enable complete checking: add \(Self.setting) to its swiftSettings", edits: edits))
            }
            let why =
                target.languageMode != nil
                ? "is pinned to Swift 5 mode"
                : manifest.packageLanguageModes.isEmpty
                    ? "compiles in Swift 5 mode (tools version \(manifest.toolsVersion.major).\(manifest.toolsVersion.minor))"
                    : "compiles in Swift 5 mode (the package's swiftLanguageModes)"
            findings.append(
                file.finding(
                    Self.descriptor, target.callRange,
                    "Target '\(target.name)' \(why) without complete concurrency checking: the data races Swift 6 will reject stay invisible. Enable StrictConcurrency to see them now as warnings.",
                    fixes: fixes))
        }
    }
}
