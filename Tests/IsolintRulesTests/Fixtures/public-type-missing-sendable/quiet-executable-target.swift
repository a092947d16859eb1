// fixture: target=executable
// compile: linux
import Foundation

/// Options of the `thumbnailer` command-line tool. Public out of habit; nothing imports
/// an executable target, so nobody outside needs the Sendable promise.
public struct CommandOptions {
    public var verbose: Bool
    public var inputPath: String
    public var outputPath: String?
    public var sizes: [Int]

    public init(arguments: [String]) {
        verbose = arguments.contains("--verbose")
        inputPath = arguments.first { !$0.hasPrefix("--") } ?? "."
        outputPath = nil
        sizes = [64, 128, 256]
    }
}

public enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 2
}

public enum OutputFormat {
    case png
    case jpeg(quality: Double)
}
