// compile: linux
import Foundation

/// Explains suppressions in the README generator.
struct SuppressionDocs {
    // TODO: isolint:disable-next-line bogus-rule is what users typed before 1.0
    // See also: isolint:disable-file not-a-rule
    /* isolint:disable-next-line made-up-rule */
    let example = "// isolint:disable-next-line no-such-rule"
    let block = """
        // isolint:disable legacy-rule
        nonisolated(unsafe) var counter = 0
        // isolint:enable legacy-rule
        """

    /// Lines such as `// isolint:disable-next-line foo` are only directives at the start
    /// of a `//` comment.
    func render() -> String {
        example + "\n" + block // isolint is documented at isolint.dev, rule ids: nope
    }
}

final class SuppressionParserFixture {
    var lines: [String] = [] // the parser's own test input, e.g. "isolint:enable nothing"
}
