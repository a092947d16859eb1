// compile: linux
import Foundation

/// Generates Swift source for the settings bundle, e.g.
///
///     static var apiKey = ""
///
struct SettingsCodeGenerator {
    // static var counter = 0 was the old approach; generated code now uses an actor.
    /* var globalCache: [String: Any] = [:] */
    let template = "static var \\(name) = \\(defaultValue)"
    let header = """
        // Generated file: do not edit.
        var generatedAt = Date()
        static var revision = 1
        """
    var lastOutput = ""

    mutating func render(names: [String]) -> String {
        var output = header + "\n"
        for name in names {
            output += "static var \(name) = 0\n"
        }
        lastOutput = output
        return output
    }
}

let defaultRetryCount: Int = {
    var count = 3
    if ProcessInfo.processInfo.environment["CI"] != nil { count = 1 }
    return count
}()

final class DraftEditor {
    var text = ""
    lazy var wordCount: Int = text.split(separator: " ").count
    private var undoStack: [String] = []
}
