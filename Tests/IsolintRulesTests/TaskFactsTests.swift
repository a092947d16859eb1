import Foundation
import IsolintSyntax
import Testing

@testable import IsolintRules

/// What the model knows about tasks and closures: which calls make tasks, which closures escape.
@Suite("Task facts")
struct TaskFactsTests {
    static func closures(_ m: SemanticModel) -> [Int32] {
        m.tree.nodes.indices.filter { m.tree.nodes[$0].kind == .closure }.map { Int32($0) }
    }

    static func calls(_ m: SemanticModel, named name: String) -> [Int32] {
        m.tree.nodes.indices.map { Int32($0) }.filter { m.tree[$0].kind == .call && m.tree.calleeName(of: $0) == name }
    }

    @Test func escapingIsTriState() {
        let m = SemanticModelTests.model(
            """
            import Foundation
            func keep(_ f: @escaping () -> Void) {}
            func run(_ f: () -> Void) { f() }
            final class C {
                var handler: (() -> Void)?
                func g(local: (() -> Void) -> Void, stored: (@escaping () -> Void) -> Void) {
                    keep { }
                    run { }
                    [1].map { _ in }
                    DispatchQueue.main.async { }
                    somePackageFunction { }
                    local { }
                    stored { }
                    handler = { }
                    Task { }
                }
            }
            """)
        let results = Self.closures(m).map { m.closureEscapes($0) }
        #expect(results == [true, false, false, true, nil, false, true, true, true])
    }

    @Test func escapingFollowsExtensionsOfSDKTypes() {
        let m = SemanticModelTests.model(
            """
            import Foundation
            extension NSLocking {
                func synchronized<T>(_ block: () throws -> T) rethrows -> T { lock(); defer { unlock() }; return try block() }
            }
            func f(lock: NSLock) { lock.synchronized { } }
            """)
        #expect(Self.closures(m).map { m.closureEscapes($0) } == [false])
    }

    @Test func aWorkspaceTaskTypeIsNotSwiftsTask() {
        let shadowed = SemanticModelTests.model(
            """
            struct Task { init(_ body: () -> Void) {} }
            func f() { Task { }; _Concurrency.Task { } }
            """)
        #expect(Self.calls(shadowed, named: "Task").map { shadowed.taskKind(of: $0) } == [nil, .unstructured])
        let plain = SemanticModelTests.model("func f() { Task { }; Task.detached { } }")
        #expect(Self.calls(plain, named: "Task").map { plain.taskKind(of: $0) } == [.unstructured])
        #expect(Self.calls(plain, named: "detached").map { plain.taskKind(of: $0) } == [.detached])
    }

    @Test func importsSeesEveryForm() {
        let tree = SyntaxTree.parse(
            SourceFile(
                path: "A.swift",
                text: "import struct SwiftUI.View\n@preconcurrency import Combine\n#if os(iOS)\nimport UIKit\n#endif\n")
        )
        #expect(tree.imports("SwiftUI"))
        #expect(tree.imports("Combine"))
        #expect(tree.imports("UIKit"))
        #expect(!tree.imports("AppKit"))
        #expect(!tree.imports("View"))
    }

    @Test func escapingIsPartOfAFunctionType() {
        guard case .function(let outer) = TypeExpr.parse("(@escaping () -> Void, () -> Void) -> Void") else {
            Issue.record("not a function type")
            return
        }
        let flags = outer.parameters.map { p -> Bool? in
            if case .function(let f) = p { return f.isEscaping }
            return nil
        }
        #expect(flags == [true, false])
        #expect(!outer.isEscaping)
    }
}
