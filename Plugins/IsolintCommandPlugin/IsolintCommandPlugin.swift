import Foundation
import PackagePlugin

/// `swift package isolint SUBCOMMAND [ARGS…]`: runs the isolint executable built from this
/// package with the subcommand and arguments as given (`lint`, `fix`, `plan`, `rules`, …), in the
/// package's directory (so a command without paths works on the whole package, as `isolint` run
/// there does). SwiftPM asks for permission to write to the package directory
/// (declared for `fix`) unless `--allow-writing-to-package-directory` is given.
@main
struct IsolintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "isolint")
        let args = arguments.isEmpty ? ["lint"] : arguments
        let process = Process()
        process.executableURL = tool.url
        process.arguments = args
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("isolint \(args[0]) exited with status \(process.terminationStatus)")
            throw ExitStatus(code: process.terminationStatus)
        }
    }
}

struct ExitStatus: Error, CustomStringConvertible {
    var code: Int32
    var description: String { "isolint exited with status \(code)" }
}
