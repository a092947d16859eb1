import Foundation
import IsolintSyntax
import Testing

@testable import IsolintRules

/// Where closures go: the hand-off query, parameter matching, and forwarding through the index.
@Suite("Closure hand-offs")
struct ClosureHandOffTests {
    static func closures(_ m: SemanticModel) -> [Int32] {
        m.tree.nodes.indices.filter { m.tree.nodes[$0].kind == .closure }.map { Int32($0) }
    }

    @Test func handOffKinds() {
        let m = SemanticModelTests.model(
            """
            import Foundation
            enum Pool {
                static func run(_ job: @escaping @Sendable () -> Void) {}
                static func hand(_ job: sending @escaping () -> Void) {}
                static func keep(_ job: @escaping () -> Void) {}
                static func onMain(_ job: @escaping @MainActor @Sendable () -> Void) {}
            }
            func f() async {
                Task.detached { }
                Task { }
                DispatchQueue.global().async { }
                Pool.run { }
                Pool.hand { }
                Pool.keep { }
                Pool.onMain { }
                await withTaskGroup(of: Void.self) { group in group.addTask { } }
                unknownAPI { }
            }
            @MainActor func g() {
                Task { }
                DispatchQueue.main.async { }
                Pool.onMain { }
            }
            """)
        let kinds = Self.closures(m).map { c in m.handOff(ofClosure: c).map { "\($0.kind):\($0.via)" } ?? "-" }
        #expect(
            kinds == [
                "sending:Task.detached", "sending:a Task started outside any global actor",
                "sendable:DispatchQueue.global().async", "sendable:Pool.run", "sending:Pool.hand", "-",
                "sendable:Pool.onMain", "-", "sending:the task group's addTask", "-", "-", "-", "-",
            ])
    }

    @Test func parametersBindLikeSwift() {
        let info = FunctionInfo(
            name: "schedule", labels: ["after", "on", "then", "orElse"], isStatic: false, isAsync: false,
            attributes: [], isNonisolated: false, closureParameters: [false, false, true, true],
            sendableClosureParameters: [false, false, true, false], closureParameterActors: ["", "", "", ""],
            sendingParameters: [false, false, false, false], escapingClosureParameters: [false, false, true, true])
        func shape(_ labels: [String?], _ trailing: [Bool]) -> CallShape {
            CallShape(
                name: "schedule", receiver: .implicit(""), isInitializer: false, labels: labels, trailing: trailing)
        }
        // `schedule(after: 1) { } orElse: { }`: the first trailing closure takes `then`.
        let s = shape(["after", nil, "orElse"], [false, true, true])
        #expect(s.parameter(of: 1, in: info) == 2)
        #expect(s.parameter(of: 2, in: info) == 3)
        // Defaulted `on:` skipped; a label that is not there matches nothing.
        #expect(shape(["after", "then"], [false, false]).parameter(of: 1, in: info) == 2)
        #expect(shape(["after", "when"], [false, false]).parameter(of: 1, in: info) == nil)
    }

    @Test func forwardingIsFollowedAcrossFiles() {
        let a = """
            func refresh(onDone: @escaping () -> Void) {
                Scheduler.shared.schedule(then: onDone)
            }
            """
        let b = """
            final class Scheduler {
                static let shared = Scheduler()
                func schedule(then work: @escaping () -> Void) { run(work) }
                func run(_ body: @escaping () -> Void) { Task.detached { body() } }
            }
            """
        let linter = Linter(configuration: Configuration())
        let results = linter.lint([
            LintInput(path: "A.swift", bytes: Array(a.utf8), settings: TargetSettings()),
            LintInput(path: "B.swift", bytes: Array(b.utf8), settings: TargetSettings()),
        ])
        let inA = results[0].findings.filter { $0.ruleID == EscapingClosureMissingSendable.descriptor.id }
        #expect(
            inA.map(\.message) == [
                "Escaping closure 'onDone' is not Sendable but is forwarded to schedule(then:) → run(_:), where it is captured by the `sending` closure of Task.detached; its captures would be shared across isolation domains."
            ])
        #expect(inA.first?.notes.map { results[0].tree.source.text($0.range) } == ["onDone"])
        // Each function on the way is reported too, at its own parameter.
        let inB = results[1].findings.filter { $0.ruleID == EscapingClosureMissingSendable.descriptor.id }
        #expect(inB.map { results[1].tree.source.lineColumn(of: $0.range.lowerBound).line } == [3, 4])
    }

    @Test func unknownReceiversAreNotGuessed() {
        // `reader.read` of a package type must not take a workspace `read` of another type.
        let m = SemanticModelTests.model(
            """
            struct BodyStream { func read(_ handler: @escaping @Sendable () -> Void) {} }
            func consume(reader: some AsyncReader) async {
                var done = false
                reader.read { done = true }
                _ = done
            }
            """)
        #expect(Self.closures(m).map { m.handOff(ofClosure: $0) } == [nil])
    }

    @Test func lockBoxPrefersTheWorkspacesOwn() {
        let own = SemanticModelTests.model(
            """
            import Synchronization
            final class LockIsolated<Value>: @unchecked Sendable {
                init(_ value: Value) {}
                func withValue<T>(_ body: (inout Value) -> T) -> T { fatalError() }
            }
            """)
        #expect(own.lockBox()?.typeName == "LockIsolated")
        #expect(own.lockBox()?.method == "withValue")
        #expect(SemanticModelTests.model("import Synchronization\n").lockBox()?.typeName == "Mutex")
        #expect(SemanticModelTests.model("import Foundation\n").lockBox() == nil)
    }
}
