// fixture: target=executable
// compile: linux
import Foundation

public struct CommandOptions {
    public var verbose: Bool
    public var inputPath: String
    public var outputPath: String?
}

public enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 2
}
