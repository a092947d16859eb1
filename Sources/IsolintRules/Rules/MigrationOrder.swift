import IsolintSyntax

/// `migration-order`: a Swift 6 target that depends on a target of the same package still in
/// Swift 5 mode.
public struct MigrationOrder: ManifestRule {
    public static let descriptor = RuleDescriptor(
        id: "migration-order", severity: .info,
        summary: "A Swift 6 target depends on a target still in Swift 5 mode: migrate the leaves first.",
        explanation: """
            ## What it finds
            A target in Swift 6 mode whose direct dependencies include a target of the same package that is \
            still in Swift 5 mode (`"Name"`, `.target(name:)` or `.byName(name:)` naming a local target; \
            products of other packages are not known and do not count). The finding starts at the dependant's \
            `.target(` call and notes each Swift 5 dependency.

            ## Why it matters in Swift 6
            A Swift 5 module's declarations carry no Sendable or isolation checking its clients can trust: the \
            Swift 6 client gets diagnostics about them (or `@preconcurrency` imports to silence them), and many \
            vanish once the dependency is migrated itself. The playbook migrates leaves first — the modules \
            nothing else depends on in the wrong direction — and the app target last: each step \
            "fix to zero, flip to Swift 6, merge".

            ## Fix
            No automatic fix: migrate the dependency first (enable complete checking, fix its warnings, switch \
            it to Swift 6), then revisit this target's findings. `isolint plan` prints the order.

            ## Before / after
            ```swift
            .target(name: "Networking", swiftSettings: [.swiftLanguageMode(.v5)]),
            .target(name: "Feature", dependencies: ["Networking"]),   // Swift 6 on top of Swift 5
            .target(name: "Networking"),                              // the leaf migrated first
            .target(name: "Feature", dependencies: ["Networking"]),
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }

    public func check(manifest: PackageManifest, in file: FileContext, into findings: inout [Finding]) {
        for target in manifest.targets where target.kind != .plugin && manifest.languageMode(of: target) >= 6 {
            let legacy = manifest.localDependencies(of: target).filter { d in
                d.target.kind != .plugin && manifest.languageMode(of: d.target) < 6 && d.target.name != target.name
            }
            guard !legacy.isEmpty else { continue }
            let names = legacy.map { "'\($0.target.name)'" }.joined(separator: ", ")
            findings.append(
                file.finding(
                    Self.descriptor, target.callRange,
                    "Target '\(target.name)' is in Swift 6 mode but depends on \(names), still in Swift 5 mode: migrate the leaves first; some of its findings may vanish once \(legacy.count == 1 ? "that dependency is" : "those dependencies are") migrated.",
                    notes: legacy.map {
                        Note(range: $0.dependency.range, message: "'\($0.target.name)' compiles in Swift 5 mode")
                    }))
        }
    }
}
