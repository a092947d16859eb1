import Foundation

/// Real code for round-trip tests: the parser's fixtures and the project's own sources.
func realSwiftFiles() -> [String] {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let root = tests.deletingLastPathComponent().deletingLastPathComponent()
    var paths: [String] = []
    for dir in [tests.appendingPathComponent("Fixtures/parser"), root.appendingPathComponent("Sources")] {
        let walk = FileManager.default.enumerator(atPath: dir.path)
        while let name = walk?.nextObject() as? String {
            if name.hasSuffix(".swift") { paths.append(dir.appendingPathComponent(name).path) }
        }
    }
    return paths
}
