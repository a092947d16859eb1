import Foundation
import IsolintSyntax
import Testing

@testable import IsolintRules

/// `IndexBuilder` and `WorkspaceIndex`: what the rules know of every type in the workspace.
@Suite("Workspace index")
struct IndexTests {
    static func index(_ files: [(String, String)]) -> WorkspaceIndex {
        Linter.index(files.map { SyntaxTree.parse(SourceFile(path: $0.0, text: $0.1)) })
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
        #expect(model.inherited == ["Identifiable", "Sendable"])
        #expect(model.uncheckedSendable)
        #expect(model.isPublic)
        #expect(!model.hasGenericParameters)
        let point = try #require(idx.type("Point"))
        #expect(point.kind == .structDecl)
        #expect(point.hasGenericParameters)
        #expect(!point.isPublic)
        let mode = try #require(idx.type("Mode"))
        #expect(mode.kind == .enumDecl)
        #expect(mode.hasCases)
        #expect(mode.associatedValueTypes == ["String", "Int"])
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
        #expect(idx.inherited("Model") == ["NSObject", "Codable", "CustomStringConvertible", "Sendable"])
        #expect(idx.extensionInherited["Model"] == ["Codable", "CustomStringConvertible", "Sendable"])
        #expect(idx.extensionUnchecked == ["Model"])
        #expect(idx.type("Model")?.inherited == ["NSObject"])
        #expect(idx.declaresSendable("Model"))
        #expect(!idx.isNonSendableClass("Model"))
        // Extensions of types not declared in the workspace still record what they add.
        #expect(Self.index("extension URLSession: Dummy {}\n").inherited("URLSession") == ["Dummy"])
    }

    @Test func mergingInAnyOrderGivesTheSameAnswers() {
        let a = ("Sources/A.swift", "class Base: UIViewController {}\nvar counter = 0\n")
        let b = ("Sources/B.swift", "final class Screen: Base {}\nfunc bump() { counter += 1 }\n")
        let ab = Self.index([a, b]), ba = Self.index([b, a])
        #expect(ab.mutatedNames == ba.mutatedNames)
        #expect(ab.mainActorReason("Screen") == ba.mainActorReason("Screen"))
        #expect(Set(ab.types.keys) == Set(ba.types.keys))
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
                "Int", "Double", "String", "Bool", "Formatter", "JSONDecoder", nil, "os_unfair_lock", nil,
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
            }
            """)
        for name in ["plain", "compound", "viaInout", "other", "list", "dict", "member", "optional", "flag"] {
            #expect(idx.mutatedNames.contains(name), "\(name) should be mutated")
        }
        for name in ["neverChanged", "onlyRead", "work", "print", "swap"] {
            #expect(!idx.mutatedNames.contains(name), "\(name) should not be mutated")
        }
    }

    @Test func comparisonIsNotAssignment() {
        let idx = Self.index("func f() { if a == b { }\n let c = d != e\n let g = h }\n")
        #expect(idx.mutatedNames.isDisjoint(with: ["a", "b", "d", "e", "h"]))
    }

    // MARK: Sendable

    @Test(arguments: [
        "Int", "String", "Bool", "Double", "UUID", "URL", "Date", "Data", "Foundation.Date", "Int?", "String!",
        "[Int]", "[String: Int]", "[String: [Int]]", "[Int]?", "Set<String>", "Optional<Int>", "Array<Date>",
        "Dictionary<String, [UUID]>", "Result<Int, Error>", "(Int, String)", "(a: Int, b: String)", "()", "any Error",
        "ClosedRange<Int>",
    ])
    func standardTypesAreKnownSendable(type: String) {
        #expect(WorkspaceIndex().isKnownSendable(type))
    }

    @Test(arguments: [
        "NSMutableArray", "DateFormatter", "Unknown", "[NSMutableString]", "[String: DateFormatter]", "Set<NSObject>",
        "(Int, NSObject)", "Optional<JSONDecoder>", "() -> Void",
    ])
    func otherTypesAreNotKnownSendable(type: String) {
        #expect(!WorkspaceIndex().isKnownSendable(type))
    }

    @Test func workspaceStructsAndEnums() {
        let idx = Self.index(
            """
            struct Point { var x: Double; var y: Double }
            struct Line { var from: Point; var to: Point; static var cache: [Int: NSMutableArray] = [:] }
            struct Node { var value: Int; var children: [Node] }
            struct HasClass { var formatter: DateFormatter }
            struct Computed { var base: Int; var derived: NSObject { NSObject() } }
            public struct PublicPoint { var x: Int }
            public struct DeclaredPublic: Sendable { var x: Int }
            struct Generic<T> { var t: T }
            struct Untyped { var value = makeThing() }
            enum Event { case tap(Point), text(String) }
            enum Bad { case item(DateFormatter) }
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
        #expect(!idx.isKnownSendable("Generic<Int>"))
        #expect(!idx.isKnownSendable("Untyped"))
        #expect(idx.isKnownSendable("Event"))
        #expect(!idx.isKnownSendable("Bad"))
        #expect(!idx.isKnownSendable("Ref"))
        #expect(idx.isKnownSendable("SafeRef"))
        #expect(idx.isKnownSendable("Store"))
        #expect(idx.isKnownSendable("Screen"))
        #expect(idx.isKnownSendable("[String: Point]"))
        #expect(!idx.isKnownSendable("[String: Ref]"))
    }

    @Test func sendableThroughARefiningProtocol() {
        let idx = Self.index(
            """
            protocol Message: Sendable {}
            protocol Command: Message {}
            final class Ping: Command {}
            final class Failure: Error {}
            final class Plain: CustomStringConvertible { var description: String { "" } }
            """)
        #expect(idx.declaresSendable("Ping"))
        #expect(idx.declaresSendable("Failure"))
        #expect(!idx.declaresSendable("Plain"))
        #expect(idx.isKnownSendable("Ping"))
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
        #expect(idx.isNonSendableClass("Formatter"))
        #expect(idx.isNonSendableClass("Base"))
        #expect(!idx.isNonSendableClass("Child"))
        #expect(!idx.isNonSendableClass("Checked"))
        #expect(!idx.isNonSendableClass("Unchecked"))
        #expect(!idx.isNonSendableClass("ViewModel"))
        #expect(!idx.isNonSendableClass("Controller"))
        #expect(!idx.isNonSendableClass("Store"))
        #expect(!idx.isNonSendableClass("Value"))
        // Only workspace classes: the index does not guess about SDK classes.
        #expect(!idx.isNonSendableClass("DateFormatter"))
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
                == "inherits from UIViewController (UIViewController is @MainActor in the SDK)")
        #expect(
            idx.mainActorReason("UsersViewController")
                == "inherits from ListViewController, which leads to UIViewController (UIViewController is @MainActor in the SDK)"
        )
        #expect(idx.mainActorReason("Coordinator") == "Coordinator is @MainActor")
        #expect(idx.mainActorReason("AppCoordinator") == "inherits from Coordinator (Coordinator is @MainActor)")
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
                == "inherits from UITableViewDataSource (UITableViewDataSource is @MainActor in the SDK)")
        #expect(idx.mainActorReason("Home") == "inherits from Screen (Screen is @MainActor)")
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
        #expect(idx.isNonSendableClass("DataSource"))
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
            """)
        #expect(idx.isGlobalActorAttribute("DatabaseActor"))
        #expect(idx.isGlobalActorAttribute("MainActor"))
        #expect(!idx.isGlobalActorAttribute("Observable"))
        #expect(idx.declaresSendable("Repository"))
        #expect(idx.viewReferencedTypes.isSuperset(of: ["FeedModel", "Settings", "String"]))
    }

    @Test func valueTypes() {
        let idx = Self.index("struct S {}\nenum E {}\nfinal class C {}\n")
        #expect(idx.isValueType("S") && idx.isValueType("E") && idx.isValueType("S?"))
        #expect(!idx.isValueType("C"))
        #expect(idx.isValueType("[C]") && idx.isValueType("Int") && idx.isValueType("Set<C>"))
        #expect(!idx.isValueType("Unknown"))
    }

    @Test func splitTopLevelKeepsNestedSeparators() {
        #expect(
            splitTopLevel("String, [Int: (a: Int, b: Int)], Set<Int>", ",") == [
                "String", "[Int: (a: Int, b: Int)]", "Set<Int>",
            ])
        #expect(splitTopLevel("String: [Int: Int]", ":") == ["String", "[Int: Int]"])
    }
}
