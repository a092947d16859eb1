import IsolintSyntax
import Testing

@testable import IsolintRules

/// `mayRunAfter`: which code can run after a point, over the structured statements of a function.
@Suite("Control flow")
struct ControlFlowTests {
    /// Whether the call `later(…)` may run after the call `first(…)`, in `f`'s body.
    static func mayRun(_ body: String) -> Bool? {
        let m = SemanticModelTests.model("func f(_ c: Bool, _ xs: [Int]) throws {\n\(body)\n}")
        func call(_ name: String) -> Int32? {
            m.tree.nodes.indices.map { Int32($0) }.first {
                m.tree[$0].kind == .call && m.tree.calleeName(of: $0) == name
            }
        }
        guard let f = m.tree.nodes.indices.map({ Int32($0) }).first(where: { m.tree[$0].kind == .funcDecl }),
            let block = m.tree.firstChild(f, kind: .codeBlock), let a = call("first"), let b = call("later")
        else { return nil }
        return m.mayRunAfter(b, a, in: block)
    }

    @Test func straightLineAndBranches() {
        #expect(Self.mayRun("first(); later()") == true)
        #expect(Self.mayRun("later(); first()") == false)
        #expect(Self.mayRun("if c { first() } else { later() }") == false)
        #expect(Self.mayRun("if c { first() }\nlater()") == true)
        #expect(Self.mayRun("if c { first(); return }\nlater()") == false)
        #expect(Self.mayRun("guard c else { first(); return }\nlater()") == false)
        #expect(Self.mayRun("switch c { case true: first() case false: later() }") == false)
        // A `catch` starts from before the statement that threw: the send may not have happened.
        #expect(Self.mayRun("do { try first() } catch { later() }") == false)
        #expect(Self.mayRun("do { try first(); try other() } catch { later() }") == true)
    }

    @Test func loopsRunTheirBodyAgain() {
        #expect(Self.mayRun("for _ in xs { later(); first() }") == true)
        #expect(Self.mayRun("for _ in xs { first(); break }\nlater()") == true)
        #expect(Self.mayRun("later()\nfor _ in xs { first() }") == false)
    }

    @Test func closuresRunWhereTheyArePassed() {
        #expect(Self.mayRun("first(); xs.forEach { _ in later() }") == true)
    }
}
