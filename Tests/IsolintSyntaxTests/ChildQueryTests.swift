import Testing

@testable import IsolintSyntax

/// The child queries that make no array (`forEachChild`, `firstChild(_:kind:where:)`,
/// `childCount`) answer what `children(_:kind:)` does.
@Suite("Child queries")
struct ChildQueryTests {
    @Test func queriesWithoutAnArrayAnswerAsChildrenOfAKind() throws {
        let tree = SyntaxTree.parse(text: "@MainActor public func f(a: Int, b: Int, _ c: @escaping () -> Void) {}\n")
        let f = try #require(tree.nodes.indices.first { tree.nodes[$0].kind == .funcDecl }.map(Int32.init))
        let clause = try #require(tree.firstChild(f, kind: .parameterClause))
        let parameters = tree.children(clause, kind: .parameter)
        #expect(parameters.count == 3)

        var seen: [Int32] = []
        tree.forEachChild(clause, kind: .parameter) { seen.append($0) }
        #expect(seen == parameters)
        #expect(tree.childCount(clause, kind: .parameter) == 3)
        #expect(tree.childCount(f, kind: .modifier) == 1)
        #expect(tree.childCount(f, kind: .parameter) == 0)

        #expect(tree.firstChild(clause, kind: .parameter) { tree.text(token: tree[$0].name) == "b" } == parameters[1])
        #expect(tree.firstChild(clause, kind: .parameter) { _ in true } == parameters[0])
        #expect(tree.firstChild(clause, kind: .parameter) { tree.text(token: tree[$0].name) == "z" } == nil)
        #expect(tree.firstChild(f, kind: .attribute) { tree.text(token: tree[$0].name) == "MainActor" } != nil)

        // No node: nothing, as `children` answers.
        var none = 0
        tree.forEachChild(-1, kind: .parameter) { _ in none += 1 }
        #expect(none == 0)
        #expect(tree.childCount(-1, kind: .parameter) == 0)
        #expect(tree.firstChild(-1, kind: .parameter) { _ in true } == nil)
    }
}
