import Foundation
import IsolintSyntax
import Testing

@testable import IsolintRules

/// `IndexBuilder` and `WorkspaceIndex`: what the rules know of every type in the workspace.
@Suite("Workspace index")
struct IndexTests {
    /// Plain names take a shortcut past the type-text parser; it answers what the parser does,
    /// for specifiers, empty components, metatypes and optionals too.
    @Test func plainTypeNamesParseAsTheParserReadsThem() {
        let texts = [
            "String", "Int?", "Swift.String", "A.B.C?", "inout", "some", "any", "each", "_const", "__owned",
            "Foo.Type", "Foo.Protocol", "Type", "_Foo", "sendingX", "A..B", "a.b", "é", "Café.Menu?", "x1",
        ]
        for text in texts {
            var copy = text
            let reference = copy.withUTF8 { bytes -> TypeExpr in
                var p = TypeTextParser(bytes)
                let t = p.parseType(depth: 0)
                return p.atEnd ? t : .unknown
            }
            #expect(TypeExpr.parse(text) == reference, "\(text)")
        }
    }

    static func index(_ files: [(String, String)], settings: TargetSettings = .standalone) -> WorkspaceIndex {
        Linter.index(files.map { SyntaxTree.parse(SourceFile(path: $0.0, text: $0.1)) }, settings: settings)
    }

    static func index(_ text: String) -> WorkspaceIndex { index([("Sources/App/A.swift", text)]) }

    // MARK: Types

    @Test func typesWithKindAttributesAndFlags() throws {
        let idx = Self.index(
            """
            @MainActor @Observable
            public final class Model: Identifiable, @unchecked Sendable {}
            struct Point<T> { var x: T }
            enum Mode { case on, off(reason: String, code: Int) }
            actor Cache {}
            protocol Loader: Sendable {}
            open class Base {}
            """)
        let model = try #require(idx.type("Model"))
        #expect(model.kind == .classDecl)
        #expect(model.file == "Sources/App/A.swift")
        #expect(model.attributes == ["MainActor", "Observable"])
        #expect(model.inherited.map(\.name) == ["Identifiable", "Sendable"])
        #expect(model.inherited.map(\.isUnchecked) == [false, true])
        #expect(model.isPublic)
        #expect(model.genericParameters.isEmpty)
        let point = try #require(idx.type("Point"))
        #expect(point.kind == .structDecl)
        #expect(point.genericParameters == ["T"])
        #expect(!point.isPublic)
        let mode = try #require(idx.type("Mode"))
        #expect(mode.kind == .enumDecl)
        #expect(mode.hasCases)
        #expect(mode.associatedValues == [TypeExpr.parse("String"), TypeExpr.parse("Int")])
        #expect(idx.type("Cache")?.kind == .actorDecl)
        #expect(idx.type("Loader")?.kind == .protocolDecl)
        #expect(idx.type("Base")?.isPublic == true)
        #expect(idx.type("Missing") == nil)
    }

    @Test func conformancesMergedFromExtensionsInOtherFiles() throws {
        let idx = Self.index([
            ("Sources/App/Model.swift", "final class Model: NSObject {}\n"),
            ("Sources/App/Model+Codable.swift", "extension Model: Codable, CustomStringConvertible {}\n"),
            ("Sources/App/Model+Sendable.swift", "extension Model: @unchecked Sendable {}\n"),
        ])
        let model = try #require(idx.symbol(qualified: "Model"))
        #expect(
            idx.inheritanceEntries(model).map(\.entry.name) == [
                "NSObject", "Codable", "CustomStringConvertible", "Sendable",
            ])
        #expect(idx.type("Model")?.inherited.map(\.name) == ["NSObject"])
        #expect(idx.declaresSendable("Model"))
        #expect(idx.explicitSendableConformance(model)?.isUnchecked == true)
        #expect(idx.conforms(model, to: "Codable"))
        // Extensions of types not declared in the workspace still record what they add.
        #expect(
            Self.index("extension URLSession: Dummy {}\n").externalExtensions("URLSession").flatMap(\.inherited).map(
                \.name) == ["Dummy"])
    }

    @Test func rememberedConformancesAnswerAsTheWalkDoes() throws {
        // A type entered while another's search is under way may yet lead to a yes: its "no" is
        // not remembered until the whole search says no. `W` reaches `P` through `A`, whose
        // search enters `W` first (entries are read from the last).
        let cycle = Self.index(
            "protocol P {}\nclass Q: P {}\nclass A: Q, W {}\nclass W: A {}\nclass Lone: W {}\nclass Other {}\n")
        for (name, expected) in [("A", true), ("W", true), ("Lone", true), ("Q", true), ("Other", false)] {
            let s = try #require(cycle.symbol(qualified: name))
            #expect(cycle.conforms(s, to: "P") == expected, "\(name)")
            #expect(cycle.conformsByWalk(s, to: "P") == expected, "\(name)")
        }
        // Random hierarchies, cycles included, asked in random orders: the remembered answers are
        // the walk's, whatever was asked before.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        for _ in 0..<40 {
            let names = (0..<8).map { "T\($0)" }
            var text = "protocol P {}\nprotocol R: P {}\n"
            for name in names {
                let parents = (0..<next(4)).map { _ in next(10) }.map { k in
                    k < 8 ? names[k] : (k == 8 ? "R" : "ObservableObject")
                }
                text += "class \(name)\(parents.isEmpty ? "" : ": " + parents.joined(separator: ", ")) {}\n"
            }
            let idx = Self.index(text)
            var order = names
            for i in order.indices.reversed() { order.swapAt(i, next(i + 1)) }
            for name in order {
                let s = try #require(idx.symbol(qualified: name))
                for proto in ["P", "ObservableObject"] {
                    #expect(
                        idx.conforms(s, to: proto) == idx.conformsByWalk(s, to: proto), "\(name): \(proto) in\n\(text)")
                }
            }
        }
        // Each type is entered once per search: sixty classes that each name the next two and the
        // first (2^60 paths, one cycle after another) are searched in a moment.
        let lattice = (0..<60).map { k in "class L\(k): L\(min(k + 1, 59)), L\(min(k + 2, 59)), L0 {}" }
        let wide = Self.index(lattice.joined(separator: "\n") + "\nprotocol P {}\nclass Other: P {}\n")
        for k in [0, 30, 59] {
            #expect(!wide.conforms(try #require(wide.symbol(qualified: "L\(k)")), to: "P"), "L\(k)")
        }
        // Deeper than the search follows: the walk answers.
        let depth = WorkspaceIndex.maximumConformanceDepth + 10
        var chain = (0..<depth).map { "class C\($0): C\($0 + 1) {}" }
        chain.append("class C\(depth): ObservableObject {}")
        let deep = Self.index(chain.joined(separator: "\n") + "\n")
        for k in [0, 5, depth - 1, depth] {
            #expect(deep.conforms(try #require(deep.symbol(qualified: "C\(k)")), to: "ObservableObject"), "C\(k)")
        }
    }

    @Test func mergingInAnyOrderGivesTheSameAnswers() {
        let a = ("Sources/A.swift", "class Base: UIViewController {}\nvar counter = 0\n")
        let b = ("Sources/B.swift", "final class Screen: Base {}\nfunc bump() { counter += 1 }\n")
        let ab = Self.index([a, b]), ba = Self.index([b, a])
        #expect(ab.mutatedNames == ba.mutatedNames)
        #expect(ab.mainActorReason("Screen") == ba.mainActorReason("Screen"))
        #expect(ab.mainActorReason("Screen") != nil)
        #expect(Set(ab.types.map(\.qualifiedName)) == Set(ba.types.map(\.qualifiedName)))
    }

    // MARK: Properties

    @Test func storedVersusComputedProperties() throws {
        let idx = Self.index(
            """
            struct Settings {
                var name: String
                let id: Int = 0
                var count = 0
                var observed: Int = 0 { didSet { print(observed) } }
                var guarded: Int = 0 { willSet { } didSet { } }
                var computed: Int { count * 2 }
                var explicit: Int { get { 1 } set { } }
                var readOnly: Int { get { 1 } }
                static var shared = Settings(name: "")
                lazy var lazyValue: Double = 1.0
                var (a, b) = (1, 2)
                var handler: @Sendable () -> Void = {}
                var callback: (() -> Void)?
            }
            """)
        let props = try #require(idx.type("Settings")).properties
        func p(_ name: String) -> PropertyInfo? { props.first { $0.name == name } }
        #expect(
            props.map(\.name) == [
                "name", "id", "count", "observed", "guarded", "computed", "explicit", "readOnly",
                "shared", "lazyValue", "a", "b", "handler", "callback",
            ])
        #expect(
            props.filter(\.isStored).map(\.name) == [
                "name", "id", "count", "observed", "guarded", "shared", "lazyValue", "a", "b", "handler", "callback",
            ])
        #expect(p("name")?.typeText == "String")
        #expect(p("id")?.isLet == true && p("name")?.isLet == false)
        #expect(p("count")?.typeText == "Int")
        #expect(p("shared")?.isStatic == true)
        #expect(p("shared")?.typeText == "Settings")
        #expect(p("lazyValue")?.attributes == [])
        #expect(p("lazyValue")?.typeText == "Double")
        #expect(p("handler")?.isClosure == true && p("handler")?.isSendableClosure == true)
        #expect(p("name")?.isClosure == false)
    }

    @Test func initializerTypeInference() throws {
        let idx = Self.index(
            """
            final class Holder {
                var a = 1
                var b = 1.5
                var c = "s"
                var d = true
                var e = Formatter()
                var f = JSONDecoder.init()
                var g = makeThing()
                var h = os_unfair_lock()
                var i = [1, 2]
            }
            """)
        let props = try #require(idx.type("Holder")).properties
        #expect(
            props.map(\.typeText) == [
                "Int", "Double", "String", "Bool", "Formatter", "JSONDecoder", nil, "os_unfair_lock", "[Int]",
            ])
    }

    @Test func propertyWrapperAttributesAreRecorded() throws {
        let idx = Self.index("final class VM: ObservableObject {\n    @Published var items: [String] = []\n}\n")
        let p = try #require(idx.type("VM")?.properties.first)
        #expect(p.attributes == ["Published"])
        #expect(p.isStored)
        #expect(p.typeText == "[String]")
    }

    // MARK: mutatedNames

    @Test func mutatedNames() {
        let idx = Self.index(
            """
            var plain = 0
            var compound = 0
            var viaInout = 0
            var list: [Int] = []
            var dict: [String: Int] = [:]
            let neverChanged = 0
            var onlyRead = 0
            func work() {
                plain = 1
                compound += 2
                swap(&viaInout, &other)
                list.append(3)
                dict.removeValue(forKey: "k")
                self.member -= 1
                optional ??= 4
                print(onlyRead, neverChanged)
                flag.toggle()
                configuration.prepare()
                reader.read()
            }
            struct Configuration {
                var steps = 0
                mutating func prepare() { steps += 1 }
                func read() -> Int { steps }
            }
            """)
        for name in [
            "plain", "compound", "viaInout", "other", "list", "dict", "member", "optional", "flag", "configuration",
        ] {
            #expect(idx.isMutated(name, declaredIn: ""), "\(name) should be mutated")
        }
        for name in ["neverChanged", "onlyRead", "work", "print", "swap", "reader"] {
            #expect(!idx.isMutated(name, declaredIn: ""), "\(name) should not be mutated")
        }
    }

    @Test func comparisonIsNotAssignment() {
        let idx = Self.index("func f() { if a == b { }\n let c = d != e\n let g = h }\n")
        #expect(["a", "b", "d", "e", "h"].allSatisfy { !idx.isMutated($0, declaredIn: "") })
    }

    // MARK: Sendable

    @Test(arguments: [
        "Int", "String", "Bool", "Double", "UUID", "URL", "Date", "Data", "Foundation.Date", "Int?", "String!",
        "[Int]", "[String: Int]", "[String: [Int]]", "[Int]?", "Set<String>", "Optional<Int>", "Array<Date>",
        "Dictionary<String, [UUID]>", "Result<Int, Error>", "(Int, String)", "(a: Int, b: String)", "()", "any Error",
        "ClosedRange<Int>", "@Sendable () -> Void", "@convention(c) (Int32) -> Void", "@MainActor () -> Void",
        "Int.Type", "any Sendable", "(any Error)?",
    ])
    func standardTypesAreKnownSendable(type: String) {
        #expect(WorkspaceIndex().isKnownSendable(type))
    }

    @Test(arguments: [
        "NSMutableArray", "AnyHashable", "[NSMutableString]", "Set<NSObject>", "(Int, NSObject)", "Optional<Timer>",
        "() -> Void", "[String: AnyHashable]", "@convention(block) () -> Void", "Any", "AnyObject",
    ])
    func typesKnownNotSendable(type: String) {
        #expect(WorkspaceIndex().sendability(of: TypeExpr.parse(type), in: LookupContext(module: "")) == .notSendable)
    }

    @Test(arguments: ["DateFormatter", "Unknown", "[String: JSONDecoder]", "Array"])
    func sdkTypesTheKnowledgeBaseDoesNotListAreUnknown(type: String) {
        #expect(WorkspaceIndex().sendability(of: TypeExpr.parse(type), in: LookupContext(module: "")) == .unknown)
    }

    /// The four knowledge-base tables are asked through one: every name they list, bare and
    /// module- or type-qualified, gets what the tables answer in their order (not Sendable, a
    /// value type, a container, a protocol refining Sendable), whole path before last name.
    @Test func oneTableAnswersAsTheFourKnowledgeBaseTablesInOrder() {
        let kb = KnowledgeBase.self
        let names =
            kb.nonSendableTypes.union(kb.sendableValueTypes).union(kb.sendableContainers)
            .union(kb.sendableRefiningProtocols)
        #expect(kb.externalSendability.count == names.count)
        func expected(_ path: [String], _ args: [Sendability]) -> Sendability {
            let (name, full) = (path[path.count - 1], path.joined(separator: "."))
            if kb.nonSendableTypes.contains(name) || kb.nonSendableTypes.contains(full) { return .notSendable }
            if kb.sendableValueTypes.contains(full) || kb.sendableValueTypes.contains(name) { return .sendable }
            if kb.sendableContainers.contains(name) { return args.isEmpty ? .unknown : .all(args) }
            return kb.sendableRefiningProtocols.contains(name) ? .sendable : .unknown
        }
        let evaluator = SendabilityEvaluator(
            r: WorkspaceIndex().resolver, facts: [], assumed: nil, structural: false)
        var checked = 0
        for name in names.sorted() + ["Unknown", "Scalar", "Unicode.Unknown"] {
            let parts = name.split(separator: ".").map(String.init)
            for path in [parts, ["Swift"] + parts, ["Unicode"] + parts, ["NSObject"] + parts] {
                for args in [[], [Sendability.sendable], [.notSendable], [.unknown]] {
                    #expect(evaluator.external(path, args) == expected(path, args), "\(path) \(args)")
                    checked += 1
                }
            }
        }
        #expect(checked > 400)
    }

    @Test func workspaceStructsAndEnums() {
        let idx = Self.index(
            """
            struct Point { var x: Double; var y: Double }
            struct Line { var from: Point; var to: Point; static var cache: [Int: NSMutableArray] = [:] }
            struct Node { var value: Int; var children: [Node] }
            struct HasClass { var storage: NSMutableData }
            struct Computed { var base: Int; var derived: NSObject { NSObject() } }
            public struct PublicPoint { var x: Int }
            public struct DeclaredPublic: Sendable { var x: Int }
            struct Generic<T> { var t: T }
            struct Untyped { var value = makeThing() }
            enum Event { case tap(Point), text(String) }
            enum Bad { case item(NSMutableString) }
            final class Ref {}
            final class SafeRef: Sendable { let x = 1 }
            actor Store {}
            @MainActor final class Screen {}
            """)
        #expect(idx.isKnownSendable("Point"))
        #expect(idx.isKnownSendable("Line"))
        #expect(idx.isKnownSendable("[Line]?"))
        #expect(idx.isKnownSendable("Node"))
        #expect(!idx.isKnownSendable("HasClass"))
        #expect(idx.isKnownSendable("Computed"))
        #expect(!idx.isKnownSendable("PublicPoint"))
        #expect(idx.isKnownSendable("DeclaredPublic"))
        // Internal generic structs are Sendable when their arguments are; not "in general".
        #expect(idx.isKnownSendable("Generic<Int>"))
        #expect(!idx.isKnownSendable("Generic<NSMutableString>"))
        #expect(!idx.isKnownSendable("Generic"))
        #expect(!idx.isKnownSendable("Untyped"))
        #expect(idx.isKnownSendable("Event"))
        #expect(!idx.isKnownSendable("Bad"))
        #expect(!idx.isKnownSendable("Ref"))
        #expect(idx.isKnownSendable("SafeRef"))
        #expect(idx.isKnownSendable("Store"))
        #expect(idx.isKnownSendable("Screen"))
        #expect(idx.isKnownSendable("[String: Point]"))
        #expect(!idx.isKnownSendable("[String: Ref]"))
        // Implicit inference is not a declaration.
        #expect(!idx.declaresSendable("Point"))
        #expect(idx.declaresSendable("DeclaredPublic"))
    }

    @Test func sendableThroughARefiningProtocol() {
        let idx = Self.index(
            """
            protocol Message: Sendable {}
            protocol Command: Message {}
            final class Ping: Command {}
            final class Failure: Error {}
            final class Plain: CustomStringConvertible { var description: String { "" } }
            typealias Model = Codable & Sendable
            struct Row: Model { let id: Int }
            """)
        #expect(idx.declaresSendable("Ping"))
        #expect(idx.declaresSendable("Failure"))
        #expect(!idx.declaresSendable("Plain"))
        #expect(idx.isKnownSendable("Ping"))
        #expect(idx.declaresSendable("Row"))
    }

    @Test func nonSendableClasses() {
        let idx = Self.index([
            (
                "Sources/A.swift",
                """
                final class Formatter {}
                class Base {}
                final class Child: Base {}
                final class Checked: Sendable { let x = 1 }
                final class Unchecked: @unchecked Sendable { var x = 1 }
                @MainActor final class ViewModel {}
                final class Controller: UIViewController {}
                actor Store {}
                struct Value {}
                """
            ),
            ("Sources/B.swift", "extension Child: @unchecked Sendable {}\n"),
        ])
        func notSendable(_ name: String) -> Bool {
            idx.sendability(of: TypeExpr.parse(name), in: LookupContext(module: "")) == .notSendable
        }
        #expect(notSendable("Formatter"))
        #expect(notSendable("Base"))
        #expect(!notSendable("Child"))
        #expect(!notSendable("Checked"))
        #expect(!notSendable("Unchecked"))
        #expect(!notSendable("ViewModel"))
        #expect(!notSendable("Controller"))
        #expect(!notSendable("Store"))
        #expect(!notSendable("Value"))
    }

    // RULES.md, "Sendability of a type": each fact below was seen producing false alarms on real
    // code that compiles in Swift 6 mode.

    @Test func aMemberNotSendableCrossesOneLevelOfNestingInEitherOrder() throws {
        // Declared first, `Outer` is settled before `Inner` in the first round, while `Inner` is
        // still unknown: the second round carries `Inner`'s answer up to it.
        for text in [
            "struct Outer { var inner: Inner }\nstruct Inner { var ref: Ref }\nfinal class Ref { var x = 0 }\n",
            "final class Ref { var x = 0 }\nstruct Inner { var ref: Ref }\nstruct Outer { var inner: Inner }\n",
        ] {
            let idx = Self.index(text)
            for name in ["Inner", "Outer"] {
                let s = try #require(idx.symbol(qualified: name))
                #expect(idx.implicitSendability(s) == .notSendable, "\(name) in \(text)")
                #expect(idx.structuralSendability(s) == .notSendable, "\(name) in \(text)")
            }
        }
        // No member definitely not Sendable: nothing changes in the first round, and every answer
        // stays unknown.
        let idx = Self.index("struct Outer { var inner: Inner }\nstruct Inner { var other: Elsewhere }\n")
        for name in ["Inner", "Outer"] {
            let s = try #require(idx.symbol(qualified: name))
            #expect(idx.implicitSendability(s) == .unknown, "\(name)")
            #expect(idx.structuralSendability(s) == .unknown, "\(name)")
        }
    }

    @Test func nestedTypesResolveByScopeNotByShortName() throws {
        let idx = Self.index(
            """
            struct A { struct Options: Sendable { let x: Int } }
            public struct B { public struct Options { public var flags: NSMutableSet } ; public var options: Options }
            public struct C { public var options: A.Options }
            """)
        let b = try #require(idx.symbol(qualified: "B.Options"))
        #expect(idx.declaredSendability(b) == .none)
        #expect(idx.declaresSendable("A.Options"))
        #expect(
            idx.sendability(of: TypeExpr.parse("Options"), in: LookupContext(module: "", scopes: ["B"])) == .notSendable
        )
        #expect(
            idx.sendability(of: TypeExpr.parse("Options"), in: LookupContext(module: "", scopes: ["A"])) == .sendable)
        #expect(
            idx.structuralSendability(try #require(idx.symbol(qualified: "C"))) == .sendable(requiredParameters: []))
        #expect(idx.structuralSendability(try #require(idx.symbol(qualified: "B"))) == .notSendable)
        // Nothing at file scope is called `Options`.
        if case .external = idx.resolve(name: "Options") {} else { Issue.record("Options resolved at file scope") }
    }

    @Test func extensionScopesLookInTheExtendedTypeThenAtFileScope() throws {
        let idx = Self.index(
            "struct A { struct X {}; struct B {} }\nstruct X {}\nextension A.B { struct C { let x: X } }\n")
        let c = try #require(idx.symbol(qualified: "A.B.C"))
        // Inside `extension A.B`, `X` is the file-scope X, not A.X (swiftc: "cannot find type 'X'" without it).
        let x = idx.resolve(["X"], in: idx.context(of: c))
        #expect(x == .symbol(try #require(idx.symbol(qualified: "X"))))
    }

    @Test func typesOfAnotherTargetAreNotThisTargetsTypes() throws {
        var index = WorkspaceIndex()
        let core = SyntaxTree.parse(
            SourceFile(path: "Sources/Core/A.swift", text: "public struct Token: Sendable { let v: Int }\n"))
        let app = SyntaxTree.parse(
            SourceFile(path: "Sources/App/B.swift", text: "final class Token {}\nstruct Use { let t: Token }\n"))
        index.merge(IndexBuilder.index(core, settings: TargetSettings(targetName: "Core")))
        index.merge(IndexBuilder.index(app, settings: TargetSettings(targetName: "App")))
        index.finalize()
        #expect(index.sendability(of: TypeExpr.parse("Token"), in: LookupContext(module: "App")) == .notSendable)
        #expect(index.sendability(of: TypeExpr.parse("Token"), in: LookupContext(module: "Core")) == .sendable)
        #expect(index.sendability(of: TypeExpr.parse("Core.Token"), in: LookupContext(module: "App")) == .sendable)
    }

    @Test func unavailableSendableExtensionDeclaresTheOpposite() throws {
        let idx = Self.index("final class Handle {}\n@available(*, unavailable)\nextension Handle: Sendable {}\n")
        let s = try #require(idx.symbol(qualified: "Handle"))
        guard case .explicitlyNot = idx.declaredSendability(s) else {
            Issue.record("expected explicitly not Sendable, got \(idx.declaredSendability(s))")
            return
        }
        #expect(idx.explicitSendableConformance(s) == nil)
        #expect(!idx.isKnownSendable("Handle"))
    }

    @Test func conditionalConformances() throws {
        let idx = Self.index(
            """
            public struct Box<T> { public var value: T }
            extension Box: Sendable where T: Sendable {}
            public struct Pair<A, B> { var a: A; var b: B }
            extension Pair: Sendable where A: Sendable, B: Sendable {}
            """)
        #expect(idx.isKnownSendable("Box<Int>"))
        #expect(!idx.isKnownSendable("Box<NSMutableString>"))
        #expect(!idx.isKnownSendable("Box"))
        #expect(idx.isKnownSendable("Pair<Int, String>"))
        #expect(!idx.isKnownSendable("Pair<Int, NSObject>"))
        #expect(!idx.declaresSendable("Box"))
    }

    @Test func genericParametersAndTypealiases() {
        let idx = Self.index(
            """
            typealias Handler = () -> Void
            typealias SafeHandler = @Sendable () -> Void
            typealias Callback = @convention(c) (Int32) -> Void
            typealias Matrix = [[Double]]
            struct Holder<T: Sendable, U> { var t: T; var u: U }
            """)
        #expect(!idx.isKnownSendable("Handler"))
        #expect(idx.isKnownSendable("SafeHandler"))
        #expect(idx.isKnownSendable("Callback"))
        #expect(idx.isKnownSendable("Matrix"))
        #expect(idx.isKnownSendable("Holder<Int, Int>"))
        #expect(!idx.isKnownSendable("Holder<Int, NSObject>"))
        let context = LookupContext(
            module: "", genericParameters: ["T", "U"],
            requirements: [Requirement(parameter: "T", constraint: TypeExpr.parse("Sendable"))])
        #expect(idx.sendability(of: TypeExpr.parse("T"), in: context) == .sendable)
        #expect(idx.sendability(of: TypeExpr.parse("U"), in: context) == .notSendable)
    }

    @Test func globalActorClassesNeedASendableSuperclass() {
        let idx = Self.index(
            """
            class Legacy {}
            @MainActor final class Sub: Legacy {}
            @MainActor final class Root {}
            @MainActor final class ObjC: NSObject {}
            @MainActor final class Controller: UIViewController {}
            """)
        #expect(!idx.isKnownSendable("Sub"))
        #expect(idx.isKnownSendable("Root"))
        #expect(idx.isKnownSendable("ObjC"))
        #expect(idx.isKnownSendable("Controller"))
    }

    @Test func defaultMainActorIsolationMakesTypesSendable() {
        let idx = Self.index(
            [
                (
                    "Sources/App/A.swift",
                    "public struct Row { var cache: NSMutableDictionary }\nnonisolated struct Free { var cache: NSMutableDictionary }\n"
                )
            ],
            settings: TargetSettings(targetName: "App", defaultIsolationMainActor: true))
        #expect(idx.sendability(of: TypeExpr.parse("Row"), in: LookupContext(module: "App")) == .sendable)
        #expect(idx.sendability(of: TypeExpr.parse("Free"), in: LookupContext(module: "App")) == .notSendable)
        #expect(idx.mainActorReason("Row", module: "App") == "the target's default isolation is MainActor")
        #expect(idx.mainActorReason("Free", module: "App") == nil)
    }

    @Test func propertyWrapperStorageDecidesAStructsSendability() {
        let idx = Self.index(
            """
            @propertyWrapper struct Clamped<V> { var wrappedValue: V }
            struct Settings { @Clamped var volume: Double }
            struct Published2 { @Published var items: [String] }
            """)
        #expect(idx.isKnownSendable("Settings"))
        #expect(!idx.isKnownSendable("Published2"))
    }

    // MARK: Main actor

    @Test func mainActorReasonThroughASuperclassChain() {
        let idx = Self.index([
            ("Sources/Base.swift", "class BaseViewController: UIViewController {}\n"),
            ("Sources/Mid.swift", "class ListViewController: BaseViewController {}\n"),
            (
                "Sources/Leaf.swift",
                "final class UsersViewController: ListViewController {}\n@MainActor class Coordinator {}\nfinal class AppCoordinator: Coordinator {}\nfinal class Plain: NSObject {}\n"
            ),
        ])
        #expect(idx.mainActorReason("UIViewController") == "UIViewController is @MainActor in the SDK")
        #expect(
            idx.mainActorReason("BaseViewController")
                == "BaseViewController inherits from UIViewController (UIViewController is @MainActor in the SDK)")
        #expect(
            idx.mainActorReason("UsersViewController")
                == "UsersViewController inherits from ListViewController, which leads to UIViewController (UIViewController is @MainActor in the SDK)"
        )
        #expect(idx.mainActorReason("Coordinator") == "Coordinator is @MainActor")
        #expect(
            idx.mainActorReason("AppCoordinator")
                == "AppCoordinator inherits from Coordinator (Coordinator is @MainActor)")
        #expect(idx.mainActorReason("Plain") == nil)
        #expect(idx.isMainActorType("UsersViewController"))
        #expect(!idx.isMainActorType("Plain"))
    }

    @Test func mainActorThroughAProtocolConformance() {
        let idx = Self.index([
            (
                "Sources/A.swift",
                "final class DataSource: NSObject, UITableViewDataSource {}\n@MainActor protocol Screen {}\nfinal class Home: Screen {}\n"
            )
        ])
        #expect(
            idx.mainActorReason("DataSource")
                == "DataSource inherits from UITableViewDataSource (UITableViewDataSource is @MainActor in the SDK)")
        #expect(idx.mainActorReason("Home") == "Home inherits from Screen (Screen is @MainActor)")
    }

    // swiftc 6.3: `final class D { func f() {} }` + `extension D: P {}` with `@MainActor protocol P`
    // leaves D (and `D().f()`) nonisolated; only the extension's own members are @MainActor.
    @Test
    func conformanceInAnExtensionDoesNotMakeTheTypeMainActor() {
        let idx = Self.index([
            ("Sources/A.swift", "final class DataSource: NSObject {}\n"),
            ("Sources/B.swift", "extension DataSource: UITableViewDataSource {}\n"),
        ])
        #expect(idx.mainActorReason("DataSource") == nil)
        #expect(!idx.isKnownSendable("DataSource"))
    }

    @Test func inheritanceCyclesTerminate() {
        let idx = Self.index("class A: B {}\nclass B: A {}\n")
        #expect(idx.mainActorReason("A") == nil)
        #expect(!idx.declaresSendable("A"))
        #expect(!idx.isKnownSendable("A"))
        let structs = Self.index("struct S { var t: T }\nstruct T { var s: S? }\n")
        #expect(structs.isKnownSendable("S"))
    }

    @Test func globalActorsAndViewReferences() {
        let idx = Self.index(
            """
            @globalActor actor DatabaseActor { static let shared = DatabaseActor() }
            @DatabaseActor final class Repository {}
            struct ContentView: View {
                @StateObject var model = FeedModel()
                @Environment(Settings.self) var settings
                var title: String?
                var body: some View { Text("") }
            }
            struct Plain { var cache: Cache }
            extension Row: View {
                @Environment(Theme.self) var theme
                var count: Counter { Counter() }
            }
            """)
        #expect(idx.isGlobalActorAttribute("DatabaseActor"))
        #expect(idx.isGlobalActorAttribute("MainActor"))
        #expect(!idx.isGlobalActorAttribute("Observable"))
        #expect(idx.declaresSendable("Repository"))
        #expect(
            ["FeedModel", "Settings", "String", "Theme", "Counter"].allSatisfy {
                idx.isReferencedFromViews($0, declaredIn: "")
            })
        #expect(!["Cache", "Repository", "Row"].contains { idx.isReferencedFromViews($0, declaredIn: "") })
    }

    @Test func splitTopLevelKeepsNestedSeparators() {
        #expect(
            splitTopLevel("String, [Int: (a: Int, b: Int)], Set<Int>", ",") == [
                "String", "[Int: (a: Int, b: Int)]", "Set<Int>",
            ])
        #expect(splitTopLevel("String: [Int: Int]", ":") == ["String", "[Int: Int]"])
    }
}

/// The cheap name filters rules ask before typing an expression: exact sets, split by what a
/// main-actor type declares (a method or initializer, a property), extensions included.
@Suite("Main-actor name filters")
struct MainActorNameFilterTests {
    @Test func methodsAndPropertiesOfMainActorTypesOnly() {
        let idx = IndexTests.index(
            """
            @MainActor final class Store {
                var items: [Int] = []
                static let shared = Store()
                func reload() {}
                init(seed: Int) {}
            }
            extension Store { var count: Int { items.count }; func add(_ x: Int) {} }
            final class Plain { var other = 0; func refresh() {} }
            """)
        let names = idx.mainActorNames(seenFrom: nil)
        for name in ["reload", "add", "init"] {
            #expect(names.methods.contains(name), "\(name)")
            #expect(!names.properties.contains(name), "\(name)")
            #expect(names.isMember(name), "\(name)")
            #expect(names.isMember(hash: NameHash.of(name)), "\(name)")
        }
        for name in ["items", "shared", "count"] {
            #expect(names.properties.contains(name), "\(name)")
            #expect(!names.methods.contains(name), "\(name)")
            #expect(names.isMember(name), "\(name)")
            #expect(names.isMember(hash: NameHash.of(name)), "\(name)")
        }
        for name in ["other", "refresh", "Store", "Plain"] {
            #expect(!names.methods.contains(name) && !names.properties.contains(name), "\(name)")
            #expect(!names.isMember(name), "\(name)")
            #expect(!names.isMember(hash: NameHash.of(name)), "\(name)")
        }
        #expect(names.types.contains("Store"))
        #expect(!names.types.contains("Plain"))
    }
}
