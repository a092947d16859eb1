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
        return Self.commands(
            target: target.name, files: target.sourceFiles(withSuffix: "swift").map(\.url),
            tool: try context.tool(named: "isolint").url, workDirectory: context.pluginWorkDirectoryURL)
    }

    /// One build command: lint the target's Swift files whenever one of them changes.
    static func commands(target: String, files: [URL], tool: URL, workDirectory: URL) -> [Command] {
        guard !files.isEmpty else { return [] }
        // The command's output, which the build tracks: a Swift file holding one comment (SwiftPM
        // compiles a plugin's Swift outputs into the target; another kind would become a resource).
        let stamp = workDirectory.appendingPathComponent("\(target)+isolint.swift")
        return [
            .buildCommand(
                displayName: "isolint \(target)",
                executable: tool,
                arguments: ["lint", "--format", "xcode", "--fail-on", "never", "--no-progress", "--stamp", stamp.path]
                    + files.map(\.path),
                inputFiles: files,
                outputFiles: [stamp])
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

// Targets of an Xcode project (not a package): Build Phases → Run Build Tool Plug-ins.
extension IsolintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        return Self.commands(
            target: target.displayName, files: files, tool: try context.tool(named: "isolint").url,
            workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif
