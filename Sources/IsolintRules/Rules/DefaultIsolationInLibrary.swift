import IsolintSyntax

/// `default-isolation-in-library`: `.defaultIsolation(MainActor.self)` on a target that is a
/// library by its name or by what depends on it.
public struct DefaultIsolationInLibrary: ManifestRule {
    public static let descriptor = RuleDescriptor(
        id: "default-isolation-in-library", severity: .info,
        summary: "Default MainActor isolation on a library target pushes work onto the main actor.",
        explanation: """
            ## What it finds
            `.defaultIsolation(MainActor.self)` in the settings of a non-executable, non-test target that is a \
            library by its name — networking, API clients, persistence and storage, models, core, utilities, \
            services — or by its dependants: another library target of the package depends on it. A module \
            named like a UI module (`…UI`, `…Views`, `…Feature`) is left alone: main-actor by default is what \
            a UI module wants. A setting in a shared variable is reported once, where it is written, naming \
            every library target that uses it.

            ## Why it matters in Swift 6
            Default MainActor isolation (SE-0466, Swift 6.2) suits app and UI targets: nearly everything there \
            runs on the main actor anyway. In a library it makes every type and function main-actor isolated: \
            parsing, networking, persistence and model code then runs on the main thread, its clients must \
            `await` it from anywhere else, and its value types' conformances are main-actor isolated too.

            ## Fix
            No automatic fix. Remove the setting from library targets (nonisolated is the default) and mark \
            the few types that really are UI state `@MainActor`; keep `.defaultIsolation(MainActor.self)` for \
            the app target and UI modules.

            ## Before / after
            ```swift
            .target(name: "Networking", swiftSettings: [.defaultIsolation(MainActor.self)]),
            .target(name: "Networking"),
            .executableTarget(name: "App", swiftSettings: [.defaultIsolation(MainActor.self)]),
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }

    public func check(manifest: PackageManifest, in file: FileContext, into findings: inout [Finding]) {
        // Library targets using each setting (a shared variable's setting is one range).
        var bySetting: [(range: Range<Int>, targets: [String])] = []
        for target in manifest.targets where target.defaultIsolationMainActor && target.kind == .library {
            guard let range = target.defaultIsolationRange, isLibrary(target, in: manifest) else { continue }
            if let k = bySetting.firstIndex(where: { $0.range == range }) {
                bySetting[k].targets.append(target.name)
            } else {
                bySetting.append((range, [target.name]))
            }
        }
        for (range, targets) in bySetting {
            let names = targets.map { "'\($0)'" }.joined(separator: ", ")
            findings.append(
                file.finding(
                    Self.descriptor, range,
                    "Default MainActor isolation on library target\(targets.count == 1 ? "" : "s") \(names): every type and function there becomes main-actor isolated, pushing work onto the main thread that never belonged there. Keep it for the app and UI targets."
                ))
        }
    }

    /// A library by name (and not a UI module), or depended on by another library target.
    func isLibrary(_ target: PackageManifest.Target, in manifest: PackageManifest) -> Bool {
        let words = KnowledgeBase.nameWords(target.name)
        if words.contains(where: KnowledgeBase.uiModuleWords.contains) { return false }
        if words.contains(where: KnowledgeBase.libraryModuleWords.contains) { return true }
        return manifest.targets.contains { other in
            other.kind == .library && other.name != target.name
                && manifest.localDependencies(of: other).contains { $0.target.name == target.name }
        }
    }
}
