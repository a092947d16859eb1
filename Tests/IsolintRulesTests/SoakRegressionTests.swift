import IsolintSyntax
import Testing

@testable import IsolintRules

/// Texts the language server's soak test (Tests/e2e/test_soak.py) met half-typed and that
/// trapped the linter, reduced to their core.
@Suite("Soak regressions")
struct SoakRegressionTests {
    @Test(arguments: [
        // A closure that is the first operand of a sequence whose children are a slice not
        // starting at 0: `k > 0` took the slice's first index for its second.
        "{{DispatchQueue.main.async{{}{{}}}}="
    ])
    func lintsWithoutTrapping(_ text: String) {
        let tree = Pipeline.parse(SourceFile(path: "S.swift", text: text))
        let settings = TargetSettings(kind: .library)
        let index = Pipeline.index([Pipeline.indexPart(tree, settings: settings)])
        _ = Linter().lint(tree, index: index, settings: settings)
    }
}
