import Foundation
import PackagePlugin

/// Lints each target it is applied to on every build (`swift build`, Xcode): isolint prints its
/// findings as `FILE:LINE:COL: error|warning|note: MESSAGE [rule]`, the compiler's format, which
/// SwiftPM passes through and Xcode shows inline. It never fails the build by itself
/// (`--fail-on never`); `.isolint.json` sets severities as for `isolint lint`.
@main
struct IsolintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles(withSuffix: "swift").map(\.url)
        guard !files.isEmpty else { return [] }
        // The command's output, which the build tracks: a Swift file holding one comment (SwiftPM
        // compiles a plugin's Swift outputs into the target; another kind would become a resource).
        let stamp = context.pluginWorkDirectoryURL.appendingPathComponent("\(target.name)+isolint.swift")
        return [
            .buildCommand(
                displayName: "isolint \(target.name)",
                executable: try context.tool(named: "isolint").url,
                arguments: ["lint", "--format", "xcode", "--fail-on", "never", "--no-progress", "--stamp", stamp.path]
                    + files.map(\.path),
                inputFiles: files,
                outputFiles: [stamp])
        ]
    }
}
