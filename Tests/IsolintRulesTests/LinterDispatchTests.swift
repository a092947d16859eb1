import IsolintSyntax
import Testing

@testable import IsolintRules

/// How the engine hands nodes to rules: a rule that names its callees sees only the calls that
/// go by those names (backticks dropped, as `calleeName(of:)` gives them); others see every call.
@Suite("Linter dispatch")
struct LinterDispatchTests {
    /// Reports every call it is handed, by its callee's name.
    struct CallRecorder: NodeRule {
        static let descriptor = RuleDescriptor(
            id: "call-recorder", severity: .info, summary: "Records calls.", explanation: "Records calls.")
        let names: [String]?
        var descriptors: [RuleDescriptor] { [Self.descriptor] }
        var nodeKinds: [NodeKind] { [.call] }
        var calleeNames: [String]? { names }
        func check(_ node: Int32, in file: FileContext, into findings: inout [Finding]) {
            let name = file.tree.calleeName(of: node) ?? "?"
            findings.append(file.finding(Self.descriptor, file.tree.range(of: node), name))
        }
    }

    static let source = """
        func f() {
            Task { }
            Task.detached { }
            `Task` { }
            print(1)
            items.append(2)
            makeTask()
            ({ })()
        }
        """

    func calls(_ names: [String]?) -> [String] {
        let linter = Linter(rules: [CallRecorder(names: names)])
        let tree = SyntaxTree.parse(text: Self.source)
        return linter.lint(tree, index: Linter.index([tree]), settings: .standalone).map(\.message)
    }

    @Test func aRuleSeesOnlyTheCallsItNames() {
        #expect(calls(["Task", "detached"]) == ["Task", "detached", "Task"])
        #expect(calls(["append"]) == ["append"])
        #expect(calls([]) == [])
    }

    @Test func aRuleWithoutNamesSeesEveryCall() {
        #expect(calls(nil) == ["Task", "detached", "Task", "print", "append", "makeTask", "?"])
    }

    /// The engine passes over nodes of kinds no rule asked for by a `ByteSet` of kinds: every
    /// value it holds, none it does not, in each of its four words.
    @Test func byteSetHoldsWhatWasInserted() {
        let inserted: Set<UInt8> = [0, 1, 63, 64, 100, 127, 128, 191, 192, 255]
        var set = ByteSet()
        for k in inserted { set.insert(k) }
        for k in 0...255 { #expect(set.contains(UInt8(k)) == inserted.contains(UInt8(k)), "kind \(k)") }
        #expect(!ByteSet().contains(0))
        let kinds: NodeKindSet = [.funcDecl, .closure, .call]
        #expect(kinds.contains(.funcDecl) && kinds.contains(.closure) && kinds.contains(.call))
        #expect(!kinds.contains(.initDecl) && !kinds.contains(.sourceFile))
    }

    /// The engine's per-kind rule lists and per-rule name lists, flattened: each list keeps its
    /// items in order, an empty list allows nothing, an absent one (a rule without names) allows
    /// everything, and an index out of range reads as an empty, absent list.
    @Test func flatListsKeepEachList() {
        let lists = FlatLists<UInt64>([[3, 1], nil, [], [7]])
        #expect(lists.range(0).map { lists[item: $0] } == [3, 1])
        #expect(lists.range(1).isEmpty && lists.range(2).isEmpty)
        #expect(lists.range(3).map { lists[item: $0] } == [7])
        #expect(lists.allows(0, 1) && lists.allows(0, 3) && !lists.allows(0, 7))
        #expect(lists.allows(1, 12345))
        #expect(!lists.allows(2, 0))
        #expect(lists.allows(3, 7) && !lists.allows(3, 3))
        #expect(lists.range(4).isEmpty && lists.range(-1).isEmpty && lists.allows(4, 0) && lists.allows(-1, 0))
        let kinds = FlatLists<Int32>([[], [0, 2]])
        #expect(kinds.range(1).map { kinds[item: $0] } == [0, 2] && !kinds.allows(0, 0))
    }

    /// The callee-name lists' one-bit summary only turns calls away: a hash that shares its low
    /// six bits with a listed one passes the summary and is still refused by the list.
    @Test func calleeNameListsAnswerAsTheirLists() {
        let task = NameHash.of("Task")
        let names = CalleeNameLists([[task], nil, []])
        #expect(names.allows(0, task) && !names.allows(0, NameHash.of("print")))
        #expect(!names.allows(0, task ^ (1 << 40)))
        #expect(names.allows(1, NameHash.of("print")) && names.allows(1, task))
        #expect(!names.allows(2, task))
        #expect(names.allows(3, task) && names.allows(-1, task))
    }

    /// The engine learns a rule's kinds from `Rule.asNodeRule` and its siblings (no dynamic
    /// cast): for every rule of the catalog, and for a rule of two kinds, they say what a cast says.
    @Test func ruleKindsAreWhatACastSays() {
        struct TwoKinds: NodeRule, FileRule {
            var descriptors: [RuleDescriptor] { [CallRecorder.descriptor] }
            var nodeKinds: [NodeKind] { [.call] }
            func check(_ node: Int32, in file: FileContext, into findings: inout [Finding]) {}
            func check(file: FileContext, into findings: inout [Finding]) {}
        }
        let rules: [any Rule] = RuleCatalog.all + [TwoKinds()]
        var kinds = (node: 0, file: 0, candidate: 0, manifest: 0)
        for rule in rules {
            let id = rule.descriptors.first?.id ?? "?"
            #expect((rule.asNodeRule != nil) == (rule is any NodeRule), "\(id)")
            #expect((rule.asFileRule != nil) == (rule is any FileRule), "\(id)")
            #expect((rule.asCandidateFileRule != nil) == (rule is any CandidateFileRule), "\(id)")
            #expect((rule.asManifestRule != nil) == (rule is any ManifestRule), "\(id)")
            if rule.asNodeRule != nil { kinds.node += 1 }
            if rule.asFileRule != nil { kinds.file += 1 }
            if rule.asCandidateFileRule != nil { kinds.candidate += 1 }
            if rule.asManifestRule != nil { kinds.manifest += 1 }
        }
        // Every kind is used, and the rule of two kinds is counted as both.
        #expect(kinds.node > 0 && kinds.file > 1 && kinds.candidate > 0 && kinds.manifest > 0)
        #expect(TwoKinds().asNodeRule != nil && TwoKinds().asFileRule != nil)
    }
}
