import Foundation
import Testing

@testable import IsolintSyntax

// MARK: - Helpers

/// `DeclDump.render` of `source`, one entry per line.
private func declLines(_ source: String) -> [String] {
    DeclDump.render(SyntaxTree.parse(text: source)).split(separator: "\n").map(String.init)
}

/// `"kind L:C name"` (spaces for readability) → the dump's `kind<TAB>L:C<TAB>name`.
private func dumpLine(_ readable: String) -> String {
    let parts = readable.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    return parts[0] + "\t" + parts[1] + "\t" + (parts.count > 2 ? parts[2] : "")
}

/// The decl dump of `source` must be exactly `expected` (lines written as `"kind L:C name"`).
/// Every expectation in this file was checked against `swiftc -dump-parse`.
private func expectDecls(_ source: String, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(declLines(source) == expected.map(dumpLine), sourceLocation: sourceLocation)
}

/// Like `expectDecls` but compares kinds and positions only (for inputs whose names hit a
/// known decl-dump bug, tested separately).
private func expectDeclPositions(
    _ source: String, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = declLines(source).map {
        $0.split(separator: "\t", omittingEmptySubsequences: false).prefix(2).joined(separator: " ")
    }
    #expect(actual == expected, sourceLocation: sourceLocation)
}

/// A node and its subtree as `kind:name(children…)`, e.g. `call(identifierExpr:f argument:x(literalExpr))`.
private func shape(_ tree: SyntaxTree, _ node: Int32) -> String {
    let n = tree[node]
    var s = "\(n.kind)"
    if n.name >= 0 { s += ":" + tree.text(token: n.name) }
    let kids = tree.children(node)
    if !kids.isEmpty { s += "(" + kids.map { shape(tree, $0) }.joined(separator: " ") + ")" }
    return s
}

/// Shapes of the top-level items of `source`.
private func shapes(_ source: String) -> [String] {
    let tree = SyntaxTree.parse(text: source)
    return tree.children(tree.root).map { shape(tree, $0) }
}

/// Every node of `kind`, in creation order.
private func all(_ tree: SyntaxTree, _ kind: NodeKind) -> [Int32] {
    tree.nodes.indices.filter { tree.nodes[$0].kind == kind }.map { Int32($0) }
}

// MARK: - Declarations (expected lines from swiftc -dump-parse)

@Suite struct DeclDumpTests {
    @Test func importsWithAttributesAndKinds() {
        expectDecls(
            #"""
            @preconcurrency import Foundation
            import struct Swift.Int
            import func Darwin.C.sqrt
            import A.B.C
            @_exported import Combine
            @testable import MyApp
            """#,
            [
                "import 1:17 Foundation",
                "import 2:1 Swift.Int",
                "import 3:1 Darwin.C.sqrt",
                "import 4:1 A.B.C",
                "import 5:12 Combine",
                "import 6:11 MyApp",
            ])
    }

    @Test func classWithGenericsInheritanceAndWhereClause() {
        expectDecls(
            #"""
            @MainActor final class ViewModel<T: Equatable, U>: NSObject, @unchecked Sendable where T: Hashable, U == Int {
                class Nested {}
                struct Inner<V> where V: Sendable {}
            }
            """#,
            [
                "class 1:18 ViewModel",
                "class 2:5 Nested",
                "struct 3:5 Inner",
            ])
    }

    @Test func structWithGlobalActorIsolatedConformance() {
        expectDecls(
            #"""
            struct Model: @MainActor Observable, Codable {
                let id: Int
            }
            """#,
            [
                "struct 1:1 Model",
                "let 2:9 id",
            ])
    }

    @Test func enumWithRawValuesAndCases() {
        expectDecls(
            #"""
            enum Direction: String, CaseIterable {
                case north, south = "S"
                case east; case west
            }
            """#,
            [
                "enum 1:1 Direction",
                "case 2:10 north",
                "case 2:17 south",
                "case 3:10 east",
                "case 3:21 west",
            ])
    }

    @Test func enumCaseWithAssociatedValues() {
        expectDeclPositions(
            #"""
            enum Event {
                case tapped(Int, label: String), moved(_ x: Double)
                case idle
            }
            """#,
            [
                "enum 1:1",
                "case 2:10",
                "case 2:38",
                "case 3:10",
            ])
    }

    @Test func indirectEnumCases() {
        expectDeclPositions(
            #"""
            indirect enum Tree<T> {
                case leaf(T)
                indirect case node(Tree, Tree)
            }
            """#,
            [
                "enum 1:10",
                "case 2:10",
                "case 3:19",
            ])
    }

    @Test func actors() {
        expectDecls(
            #"""
            actor Store: Sendable {
                var items: [Int] = []
                nonisolated let id = 1
            }
            distributed actor Remote {}
            @globalActor actor DatabaseActor { static let shared = DatabaseActor() }
            """#,
            [
                "actor 1:1 Store",
                "var 2:9 items",
                "let 3:21 id",
                "actor 5:13 Remote",
                "actor 6:14 DatabaseActor",
                "let 6:47 shared",
            ])
    }

    @Test func protocolWithRequirements() {
        expectDecls(
            #"""
            protocol Repository: AnyObject, Sendable where Self: Loader {
                associatedtype Item: Hashable = Int
                associatedtype Failure
                var count: Int { get }
                var name: String { get set }
                static var shared: Self { get }
                func load() async throws -> [Item]
                init(path: String)
                subscript(index: Int) -> Item { get }
            }
            """#,
            [
                "protocol 1:1 Repository",
                "associatedtype 2:5 Item",
                "associatedtype 3:5 Failure",
                "var 4:9 count",
                "var 5:9 name",
                "var 6:16 shared",
                "func 7:5 load()",
                "init 8:5 init(path:)",
                "subscript 9:5 subscript(_:)",
            ])
    }

    @Test func extensionsWithWhereClauses() {
        expectDecls(
            #"""
            extension Array: Repository where Element: Equatable {
                typealias Item = Element
            }
            extension Optional {}
            """#,
            [
                "extension 1:1 Array",
                "typealias 2:5 Item",
                "extension 4:1 Optional",
            ])
    }

    @Test func extensionOfQualifiedType() {
        expectDeclPositions(
            #"""
            extension Swift.Dictionary where Key == String {}
            """#,
            [
                "extension 1:1"
            ])
    }

    @Test func typealiases() {
        expectDecls(
            #"""
            typealias Handler<T> = (T) -> Void
            typealias Pair = (Int, Int)
            public typealias Completion = @Sendable (Result<Data, Error>) -> Void
            """#,
            [
                "typealias 1:1 Handler",
                "typealias 2:1 Pair",
                "typealias 3:8 Completion",
            ])
    }

    @Test func functionNamesWithLabels() {
        expectDecls(
            #"""
            func f(_ a: Int, x b: Int, c: Int = 1, _ d: String...) {}
            func g<T>(t: T) async throws -> T where T: Sendable { t }
            func h(completion: @escaping @Sendable (Result<Int, Error>) -> Void) {}
            func noArgs() {}
            func typed() throws(MyError) {}
            func re(_ body: () throws -> Void) rethrows { try body() }
            func `default`(`in` x: Int) {}
            """#,
            [
                "func 1:1 f(_:x:c:_:)",
                "func 2:1 g(t:)",
                "func 3:1 h(completion:)",
                "func 4:1 noArgs()",
                "func 5:1 typed()",
                "func 6:1 re(_:)",
                "func 7:1 default(in:)",
            ])
    }

    @Test func initializersAndDeinit() {
        expectDecls(
            #"""
            final class Controller {
                init() {}
                convenience init?(id: Int, _ name: String) { self.init() }
                required init!(coder: NSCoder) {}
                init<T>(value: T) where T: Numeric {}
                deinit { print("bye") }
            }
            """#,
            [
                "class 1:7 Controller",
                "init 2:5 init()",
                "init 3:17 init(id:_:)",
                "init 4:14 init(coder:)",
                "init 5:5 init(value:)",
                "deinit 6:5 deinit",
            ])
    }

    @Test func subscriptNames() {
        expectDecls(
            #"""
            struct Matrix {
                subscript(i: Int) -> Int { 0 }
                subscript(_ i: Int, j j: Int) -> Int { get { 0 } set {} }
                subscript(key key: String) -> Int { 0 }
                static subscript(n: Int) -> Int { n }
            }
            """#,
            [
                "struct 1:1 Matrix",
                "subscript 2:5 subscript(_:)",
                "subscript 3:5 subscript(_:j:)",
                "subscript 4:5 subscript(key:)",
                "subscript 5:12 subscript(_:)",
            ])
    }

    @Test func operatorFunctions() {
        expectDeclPositions(
            #"""
            struct Vector {
                static func == (lhs: Vector, rhs: Vector) -> Bool { true }
                static prefix func - (v: Vector) -> Vector { v }
            }
            """#,
            [
                "struct 1:1",
                "func 2:12",
                "func 3:19",
            ])
    }

    @Test func methodModifiers() {
        expectDecls(
            #"""
            class Base {
                class func make() -> Base { Base() }
                final class func other() {}
                override func viewDidLoad() { super.viewDidLoad() }
                @objc private func tapped(_ sender: Any) {}
                nonisolated func free() {}
                @MainActor(unsafe) func legacy() {}
                static let shared = Base()
                class var name: String { "" }
            }
            """#,
            [
                "class 1:1 Base",
                "func 2:11 make()",
                "func 3:17 other()",
                "func 4:14 viewDidLoad()",
                "func 5:19 tapped(_:)",
                "func 6:17 free()",
                "func 7:24 legacy()",
                "let 8:16 shared",
                "var 9:15 name",
            ])
    }

    @Test func varsWithMultipleAndTupleBindings() {
        expectDecls(
            #"""
            var a = 1, b: Int = 2, c: String
            let (x, y) = (1, 2)
            let (p, (q, _)) = (1, (2, 3))
            let _ = 5
            var (m, n): (Int, Int) = (0, 0)
            """#,
            [
                "var 1:5 a",
                "var 1:12 b",
                "var 1:24 c",
                "let 2:6 x",
                "let 2:9 y",
                "let 3:6 p",
                "let 3:10 q",
                "var 5:6 m",
                "var 5:9 n",
            ])
    }

    @Test func computedPropertiesAndObservers() {
        expectDecls(
            #"""
            var computed: Int { 42 }
            var full: Int {
                get { a }
                set { a = newValue }
            }
            var observed: Int = 0 {
                willSet { print(newValue) }
                didSet(old) { print(old) }
            }
            var asyncGetter: Int {
                get async throws { 1 }
            }
            """#,
            [
                "var 1:5 computed",
                "var 2:5 full",
                "var 6:5 observed",
                "var 10:5 asyncGetter",
            ])
    }

    @Test func propertyModifiers() {
        expectDecls(
            #"""
            class Holder {
                lazy var items = [1, 2]
                nonisolated(unsafe) static var cache = [String: Int]()
                private(set) var count = 0
                public internal(set) var total = 0
                weak var delegate: AnyObject?
                unowned let owner: Holder
                @Published var value = 0
                @objc dynamic var flag = false
                lazy var formatter: Formatter = { Formatter() }()
            }
            """#,
            [
                "class 1:1 Holder",
                "var 2:14 items",
                "var 3:36 cache",
                "var 4:22 count",
                "var 5:30 total",
                "var 6:14 delegate",
                "let 7:17 owner",
                "var 8:20 value",
                "var 9:23 flag",
                "var 10:14 formatter",
                "closure 10:37",
            ])
    }

    @Test func localDeclarationsInBodies() {
        expectDecls(
            #"""
            func outer() {
                let a = 1
                var b = 2
                func inner(x: Int) -> Int {
                    struct Local {}
                    return x
                }
                async let c = fetch()
                enum E { case one }
            }
            """#,
            [
                "func 1:1 outer()",
                "let 2:9 a",
                "var 3:9 b",
                "func 4:5 inner(x:)",
                "struct 5:9 Local",
                "let 8:15 c",
                "enum 9:5 E",
                "case 9:19 one",
            ])
    }

    @Test func closuresWithSignatures() {
        expectDecls(
            #"""
            let c1 = { (x: Int) -> Int in x * 2 }
            let c2 = { x, y in x + y }
            let c3 = { [weak self, unowned(unsafe) u = other, x] in print(x) }
            let c4 = { @MainActor in update() }
            let c5: @Sendable () async throws -> Void = { @Sendable [x] () async throws -> Void in }
            let c6 = { () in }
            """#,
            [
                "let 1:5 c1",
                "closure 1:10",
                "let 2:5 c2",
                "closure 2:10",
                "let 3:5 c3",
                "closure 3:10",
                "let 4:5 c4",
                "closure 4:10",
                "let 5:5 c5",
                "closure 5:45",
                "let 6:5 c6",
                "closure 6:10",
            ])
    }

    @Test func trailingClosures() {
        expectDecls(
            #"""
            items.map { $0 + 1 }.filter { $0 > 2 }
            UIView.animate(withDuration: 1) { a() } completion: { _ in b() }
            foo(a: 1) { x in x }
            Button { action() } label: { Text("x") }
            DispatchQueue.main.async { [weak self] in
                self?.reload()
            }
            """#,
            [
                "closure 1:11",
                "closure 1:29",
                "closure 2:33",
                "closure 2:53",
                "closure 3:11",
                "closure 4:8",
                "closure 4:28",
                "closure 5:26",
            ])
    }

    @Test func closuresInsideStringInterpolation() {
        expectDecls(
            #"""
            let s = "value: \(items.map { "\($0)" }.joined())"
            let t = "nested \("a \(f { 1 })")"
            """#,
            [
                "let 1:5 s",
                "closure 1:29",
                "let 2:5 t",
                "closure 2:26",
            ])
    }

    @Test func closuresInDefaultArgumentsAndInitializers() {
        expectDecls(
            #"""
            func run(work: () -> Void = {}, done: @escaping () -> Void = { print("done") }) {}
            lazy var x: Int = { 1 }()
            let handler: (Int) -> Void = { value in
                let doubled = value * 2
                print(doubled)
            }
            """#,
            [
                "func 1:1 run(work:done:)",
                "closure 1:29",
                "closure 1:62",
                "var 2:10 x",
                "closure 2:19",
                "let 3:5 handler",
                "closure 3:30",
                "let 4:9 doubled",
            ])
    }

    @Test func taskAndContinuationClosures() {
        expectDecls(
            #"""
            func load() async -> Int {
                Task { @MainActor [weak self] in
                    guard let self else { return }
                    self.update()
                }
                return await withCheckedContinuation { continuation in
                    fetch { result in
                        continuation.resume(returning: result)
                    }
                }
            }
            """#,
            [
                "func 1:1 load()",
                "closure 2:10",
                "closure 6:42",
                "closure 7:15",
            ])
    }

    @Test func ifConfigBranchesAllKept() {
        expectDecls(
            #"""
            #if DEBUG
            let a = 1
            #elseif os(iOS)
            let b = 2
            #else
            let c = 3
            #endif
            """#,
            [
                "let 2:5 a",
                "let 4:5 b",
                "let 6:5 c",
            ])
    }

    @Test func ifConfigInsideMembersAndBodies() {
        expectDecls(
            #"""
            struct S {
            #if canImport(UIKit)
                func ui() {}
            #elseif canImport(AppKit)
                func mac() {}
            #else
                var other: Int { 0 }
            #endif
                func body() {
                    #if DEBUG
                    let debug = true
                    #else
                    let release = true
                    #endif
                }
            }
            """#,
            [
                "struct 1:1 S",
                "func 3:5 ui()",
                "func 5:5 mac()",
                "var 7:9 other",
                "func 9:5 body()",
                "let 11:13 debug",
                "let 13:13 release",
            ])
    }

    @Test func ifConfigAroundSwitchCases() {
        expectDecls(
            #"""
            func f(x: Int) {
                switch x {
                case 1:
                    let one = 1
                #if DEBUG
                case 2:
                    let two = 2
                #endif
                default:
                    break
                }
            }
            """#,
            [
                "func 1:1 f(x:)",
                "let 4:13 one",
                "let 7:13 two",
            ])
    }

    @Test func postfixIfConfig() {
        expectDecls(
            #"""
            let v = Text("x")
            #if os(iOS)
                .padding()
            #endif
                .onAppear { load() }
            let after = 1
            """#,
            [
                "let 1:5 v",
                "closure 5:15",
                "let 6:5 after",
            ])
    }

    @Test func ifGuardWhileRepeat() {
        expectDecls(
            #"""
            func run() {
                if let a = opt, case .some(let b) = other, a > 1 { let inIf = 1 } else if x { let inElse = 2 } else { let last = 3 }
                guard let g = opt else { return }
                while i < 10 { let w = i }
                repeat { let r = 1 } while false
                if let shorthand { let s = shorthand }
            }
            """#,
            [
                "func 1:1 run()",
                "let 2:60 inIf",
                "let 2:87 inElse",
                "let 2:111 last",
                "let 4:24 w",
                "let 5:18 r",
                "let 6:28 s",
            ])
    }

    @Test func forLoops() {
        expectDecls(
            #"""
            func run() async throws {
                for await item in stream { let i = item }
                for try await line in lines { print(line) }
                for case let (k, v) in dict where k > 0 { let kv = k }
                for i in 0..<3 { let j = i }
            }
            """#,
            [
                "func 1:1 run()",
                "let 2:36 i",
                "let 4:51 kv",
                "let 5:26 j",
            ])
    }

    @Test func switchWithUnknownDefault() {
        expectDecls(
            #"""
            func run() {
                switch e {
                case .a(let x), .b(let x) where x > 0:
                    let inCase = x
                case .c:
                    fallthrough
                @unknown default:
                    let unknown = 0
                }
            }
            """#,
            [
                "func 1:1 run()",
                "let 4:13 inCase",
                "let 8:13 unknown",
            ])
    }

    @Test func doCatchDeferAndLabels() {
        expectDecls(
            #"""
            func run() {
                do { try f() } catch let e as MyError { let m = e } catch { print(error) }
                defer { let d = 1 }
                outer: for i in 0..<3 { inner: while true { break outer } }
                do { let scoped = 1 }
            }
            """#,
            [
                "func 1:1 run()",
                "let 2:49 m",
                "let 3:17 d",
                "let 5:14 scoped",
            ])
    }

    @Test func trailingClosureRulesInConditions() {
        expectDecls(
            #"""
            func run() {
                if x.contains { $0 > 1 } { let t = 1 }
                if x { let u = 1 }
                if x.contains(where: { $0 > 1 }) { let v = 1 }
                guard xs.allSatisfy({ $0 > 0 }) else { return }
                while let next = it.next() { let w = next }
                for y in ys.filter({ $0 > 0 }) { let z = y }
            }
            """#,
            [
                "func 1:1 run()",
                "closure 2:19",
                "let 2:36 t",
                "let 3:16 u",
                "closure 4:26",
                "let 4:44 v",
                "closure 5:25",
                "let 6:38 w",
                "closure 7:24",
                "let 7:42 z",
            ])
    }

    @Test func ifAndSwitchExpressions() {
        expectDecls(
            #"""
            let val = if c { 1 } else { 2 }
            let kind = switch n {
            case 0: "zero"
            default: "other"
            }
            """#,
            [
                "let 1:5 val",
                "let 2:5 kind",
            ])
    }

    @Test func combinePipelineAcrossLines() {
        expectDecls(
            #"""
            final class Feed {
                var cancellables = Set<AnyCancellable>()
                func bind() {
                    service.$items
                        .receive(on: DispatchQueue.main)
                        .map { items in items.count }
                        .removeDuplicates()
                        .sink { [weak self] count in
                            self?.count = count
                        }
                        .store(in: &cancellables)
                }
            }
            """#,
            [
                "class 1:7 Feed",
                "var 2:9 cancellables",
                "func 3:5 bind()",
                "closure 6:18",
                "closure 8:19",
            ])
    }

    @Test func notificationObserverAndDelegates() {
        expectDecls(
            #"""
            final class Observer: NSObject, UITableViewDelegate {
                private var token: NSObjectProtocol?
                func start() {
                    token = NotificationCenter.default.addObserver(forName: .didUpdate, object: nil, queue: .main) { [weak self] note in
                        self?.handle(note)
                    }
                }
                func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
            }
            """#,
            [
                "class 1:7 Observer",
                "var 2:17 token",
                "func 3:5 start()",
                "closure 4:104",
                "func 8:5 tableView(_:didSelectRowAt:)",
            ])
    }

    @Test func resultBuilderBodies() {
        expectDecls(
            #"""
            struct ContentView: View {
                @State private var count = 0
                var body: some View {
                    VStack {
                        Text("\(count)")
                        Button("Add") { count += 1 }
                    }
                    .padding()
                }
            }
            """#,
            [
                "struct 1:1 ContentView",
                "var 2:24 count",
                "var 3:9 body",
                "closure 4:16",
                "closure 6:27",
            ])
    }

    @Test func macroExpansions() {
        expectDecls(
            #"""
            @Observable final class Model {}
            #Preview {
                ContentView()
            }
            let u = #URL("https://example.com")
            """#,
            [
                "class 1:19 Model",
                "closure 2:10",
                "let 5:5 u",
            ])
    }

    @Test func genericConstraintsAndOpaqueTypes() {
        expectDecls(
            #"""
            func make<T: Collection & Sendable>(_ t: T) -> some View where T.Element == Int { EmptyView() }
            func take(_ p: any Publisher<Int, Never>, _ q: borrowing Value, _ r: consuming Value) {}
            func send(_ v: sending Value) async {}
            func iso(_ a: isolated (any Actor)? = #isolation) async {}
            """#,
            [
                "func 1:1 make(_:)",
                "func 2:1 take(_:_:_:)",
                "func 3:1 send(_:)",
                "func 4:1 iso(_:)",
            ])
    }

    @Test func declarationsInsideClosures() {
        expectDecls(
            #"""
            let c = {
                let inner = 1
                func local() {}
                struct Local {}
            }
            """#,
            [
                "let 1:5 c",
                "closure 1:9",
                "let 2:9 inner",
                "func 3:5 local()",
                "struct 4:5 Local",
            ])
    }

    @Test func accessorsWithEffectsAndModifiers() {
        expectDecls(
            #"""
            struct S {
                var value: Int {
                    mutating get { 0 }
                    nonmutating set {}
                }
                var observed = 0 { didSet {} }
            }
            """#,
            [
                "struct 1:1 S",
                "var 2:9 value",
                "var 6:9 observed",
            ])
    }

    @Test func keyPathsAndOptionalChains() {
        expectDecls(
            #"""
            let names = people.map(\.name).compactMap { $0?.first }
            let kp = \Person.address?.city
            let sorted = items.sorted { $0.date > $1.date }
            """#,
            [
                "let 1:5 names",
                "closure 1:43",
                "let 2:5 kp",
                "let 3:5 sorted",
                "closure 3:27",
            ])
    }

    @Test func attributedDeclarations() {
        expectDecls(
            #"""
            @available(iOS 15, *)
            @MainActor
            final class Screen {
                @available(*, deprecated, message: "use other")
                func old() {}
                @discardableResult
                static func make() -> Screen { Screen() }
            }
            """#,
            [
                "class 3:7 Screen",
                "func 5:5 old()",
                "func 7:12 make()",
            ])
    }

    @Test func macroDeclarationsAndPrecedenceGroups() {
        expectDeclPositions(
            #"""
            precedencegroup Pipe { associativity: left }
            infix operator |>: Pipe
            func |> <T, U>(x: T, f: (T) -> U) -> U { f(x) }
            """#,
            [
                "func 3:1"
            ])
    }

    @Test func closuresAreListedAtTheirBrace() {
        expectDecls("let c = {\n  $0 }", ["let 1:5 c", "closure 1:9"])
    }

    @Test func emptyAndDeclarationFreeFiles() {
        expectDecls("", [])
        expectDecls("// only a comment\n", [])
        expectDecls("print(1 + 2)\n", [])
    }

    @Test func wildcardBindingsAreNotListed() {
        expectDecls("let _ = f()\nvar (_, b) = (1, 2)", ["var 2:9 b"])
    }
}

// MARK: - Known decl-dump bugs (correct expectations from swiftc -dump-parse)

@Suite struct DeclDumpKnownBugTests {
    @Test
    func enumElementFullNames() {
        expectDecls(
            "enum E {\n    case tapped(Int, label: String), idle\n}",
            [
                "enum 1:1 E",
                "case 2:10 tapped(_:label:)",
                "case 2:38 idle",
            ])
    }

    @Test
    func qualifiedExtensionName() {
        expectDecls("extension Swift.Dictionary {}", ["extension 1:1 Swift.Dictionary"])
    }

    @Test
    func operatorFunctionNames() {
        expectDecls("func == (lhs: V, rhs: V) -> Bool { true }", ["func 1:1 ==(_:_:)"])
    }
}

// MARK: - Expressions: calls, member chains, closures

@Suite struct ExpressionStructureTests {
    @Test func combinePipelineIsANestedChainOfCallsAndMemberAccesses() throws {
        let source = """
            cancellable = publisher
                .receive(on: DispatchQueue.main)
                .map { $0 * 2 }
                .sink { [weak self] value in self?.value = value }
            """
        #expect(
            shapes(source) == [
                "sequenceExpr(identifierExpr:cancellable call(memberAccess:sink(call(memberAccess:map(call(memberAccess:receive(identifierExpr:publisher) argument:on(memberAccess:main(identifierExpr:DispatchQueue)))) argument(closure(sequenceExpr(identifierExpr:$0 literalExpr))))) argument(closure(captureList(captureItem:self) closureParam:value sequenceExpr(memberAccess:value(selfExpr:self) identifierExpr:value)))))"
            ])
        let tree = SyntaxTree.parse(text: source)
        // The `sink` call: callee is a memberAccess named `sink`, then one trailing closure.
        let sink = try #require(
            all(tree, .call).first { call in
                tree.children(call).first.map { tree[$0].kind == .memberAccess && tree.name(of: $0) == "sink" } ?? false
            })
        let args = tree.children(sink, kind: .argument)
        #expect(args.count == 1)
        #expect(tree[args[0]].flags.contains(.isTrailingClosure))
        #expect(tree.source.lineColumn(of: tree.range(of: args[0]).lowerBound) == (4, 11))
        let callee = try #require(tree.firstChild(sink, kind: .memberAccess))
        #expect(tree.source.lineColumn(of: tree.tokenRange(tree[callee].name).lowerBound) == (4, 6))
        // The whole chain starts at `publisher`.
        #expect(tree.text(of: sink).hasPrefix("publisher\n    .receive(on: DispatchQueue.main)"))
        #expect(tree.text(of: sink).hasSuffix("self?.value = value }"))
    }

    @Test func multipleTrailingClosures() throws {
        let source = "UIView.animate(withDuration: 1) { a() } completion: { _ in b() }"
        #expect(
            shapes(source) == [
                "call(memberAccess:animate(identifierExpr:UIView) argument:withDuration(literalExpr) argument(closure(call(identifierExpr:a))) argument:completion(closure(closureParam:_ call(identifierExpr:b))))"
            ])
        let tree = SyntaxTree.parse(text: source)
        let call = try #require(tree.children(tree.root).first)
        let args = tree.children(call, kind: .argument)
        #expect(args.map { tree[$0].flags.contains(.isTrailingClosure) } == [false, true, true])
        #expect(args.map { tree.name(of: $0) } == ["withDuration", "", "completion"])
    }

    @Test func argumentsLabelsInoutAndGenericArguments() {
        #expect(
            shapes("let x = try await foo<Int>(a: 1, &b)") == [
                "varDecl(binding:x(initializer(tryExpr(awaitExpr(call(identifierExpr:foo argument:a(literalExpr) argument(prefixExpr(identifierExpr:b))))))))"
            ])
        #expect(
            shapes("let y = a < b && c > d") == [
                "varDecl(binding:y(initializer(sequenceExpr(identifierExpr:a identifierExpr:b identifierExpr:c identifierExpr:d))))"
            ])
        #expect(
            shapes("xs.reduce(0, +)") == [
                "call(memberAccess:reduce(identifierExpr:xs) argument(literalExpr) argument(operatorExpr))"
            ])
    }

    @Test func closuresInsideStringInterpolation() {
        #expect(
            shapes(#"let s = "v: \(items.map { "\($0)" }.joined())""#) == [
                "varDecl(binding:s(initializer(literalExpr(argument(call(memberAccess:joined(call(memberAccess:map(identifierExpr:items) argument(closure(literalExpr(argument(identifierExpr:$0))))))))))))"
            ])
    }

    @Test func nodesEndingInAnInterpolatedStringCoverTheWholeLiteral() throws {
        let source = #"""
            let s = "a\(b)c"
            print("x\(y) z", "w\("\(q)") end")
            """#
        let tree = SyntaxTree.parse(text: source)
        let decl = try #require(all(tree, .varDecl).first)
        #expect(tree.text(of: decl) == #"let s = "a\(b)c""#)
        let literals = all(tree, .literalExpr)
        #expect(
            literals.map { tree.text(of: $0) } == [
                #""a\(b)c""#, #""x\(y) z""#, #""w\("\(q)") end""#, #""\(q)""#,
            ])
        let binding = try #require(all(tree, .binding).first)
        #expect(tree.text(of: binding) == #"s = "a\(b)c""#)
    }

    @Test func closuresInATernary() {
        #expect(
            shapes("let z = cond ? { 1 } : { 2 }") == [
                "varDecl(binding:z(initializer(sequenceExpr(identifierExpr:cond closure(literalExpr) closure(literalExpr)))))"
            ])
    }

    @Test func closureSignatures() throws {
        let source = """
            let c = { [weak self, unowned(unsafe) u = other, x] in }
            let d = { @Sendable in }
            let e = { @MainActor (v: Int) -> Int in v }
            let f = { () async throws -> Int in 1 }
            let g = { $0 }
            """
        #expect(
            shapes(source) == [
                "varDecl(binding:c(initializer(closure(captureList(captureItem:self captureItem:u(initializer(identifierExpr:other)) captureItem:x)))))",
                "varDecl(binding:d(initializer(closure(attribute:Sendable))))",
                "varDecl(binding:e(initializer(closure(attribute:MainActor parameterClause(parameter:v(type:Int)) type:Int identifierExpr:v))))",
                "varDecl(binding:f(initializer(closure(parameterClause type:Int literalExpr))))",
                "varDecl(binding:g(initializer(closure(identifierExpr:$0))))",
            ])
        let tree = SyntaxTree.parse(text: source)
        let closures = all(tree, .closure)
        #expect(
            closures.map { tree[$0].flags } == [
                [.hasSignature],
                [.hasSignature, .isSendable],
                [.hasSignature],
                [.hasSignature, .isAsync, .isThrowing],
                [],
            ])
        // A closure's `keyword` is its `in`.
        #expect(closures.map { tree.text(token: tree[$0].keyword) } == ["in", "in", "in", "in", ""])
        #expect(tree[closures[4]].keyword == -1)
    }

    @Test func captureItemsRecordTheirSpecifier() throws {
        let tree = SyntaxTree.parse(text: "let c = { [weak self, unowned(unsafe) u = other, x] in }")
        let items = all(tree, .captureItem)
        #expect(items.map { tree.name(of: $0) } == ["self", "u", "x"])
        #expect(items.map { tree.text(token: tree[$0].keyword) } == ["weak", "unowned", ""])
        #expect(tree[items[0]].keyword >= 0 && tree.tokens[Int(tree[items[0]].keyword)].keyword == .weak)
        #expect(tree[items[2]].keyword == -1)
        #expect(tree.firstChild(items[1], kind: .initializer) != nil)
        #expect(tree.firstChild(items[2], kind: .initializer) == nil)
        let list = try #require(all(tree, .captureList).first)
        #expect(tree.text(of: list) == "[weak self, unowned(unsafe) u = other, x]")
    }
}

// MARK: - Statements

@Suite struct StatementStructureTests {
    @Test func trailingClosureRulesInConditions() {
        let source = """
            if x.contains { $0 > 1 } { }
            if x { }
            if xs.contains { $0 > 1 }, y { }
            while let v = it.next() { }
            if let a = b { }
            guard let c = d else { return }
            for j in xs.filter { $0 > 1 } { }
            for i in xs { }
            switch x { case 1: break
            default: break }
            """
        #expect(
            shapes(source) == [
                "ifStmt(call(memberAccess:contains(identifierExpr:x) argument(closure(sequenceExpr(identifierExpr:$0 literalExpr)))) codeBlock)",
                "ifStmt(identifierExpr:x codeBlock)",
                "ifStmt(call(memberAccess:contains(identifierExpr:xs) argument(closure(sequenceExpr(identifierExpr:$0 literalExpr)))) identifierExpr:y codeBlock)",
                "whileStmt(optionalBinding:v(call(memberAccess:next(identifierExpr:it))) codeBlock)",
                "ifStmt(optionalBinding:a(identifierExpr:b) codeBlock)",
                "guardStmt(optionalBinding:c(identifierExpr:d) codeBlock(returnStmt))",
                "forStmt(pattern call(memberAccess:filter(identifierExpr:xs) argument(closure(sequenceExpr(identifierExpr:$0 literalExpr)))) codeBlock)",
                "forStmt(pattern identifierExpr:xs codeBlock)",
                "switchStmt(identifierExpr:x switchCase(pattern codeBlock(breakStmt)) switchCase(codeBlock(breakStmt)))",
            ])
    }

    @Test func switchDoDeferLabelsAndLoops() throws {
        let source = """
            func run() {
                switch e {
                case .a(let x), .b(let x) where x > 0:
                    print(x)
                @unknown default:
                    break
                }
                do { try f() } catch let e as MyError { } catch { }
                defer { cleanup() }
                outer: for i in xs { break outer }
                for await item in stream { }
                repeat { } while false
                return
            }
            """
        #expect(
            shapes(source) == [
                "funcDecl:run(parameterClause codeBlock("
                    + "switchStmt(identifierExpr:e switchCase(pattern(sequenceExpr(identifierExpr:x literalExpr)) codeBlock(call(identifierExpr:print argument(identifierExpr:x)))) switchCase(attribute:unknown codeBlock(breakStmt))) "
                    + "doStmt(codeBlock(tryExpr(call(identifierExpr:f))) catchClause(pattern codeBlock) catchClause(codeBlock)) "
                    + "deferStmt(codeBlock(call(identifierExpr:cleanup))) "
                    + "forStmt(pattern identifierExpr:xs codeBlock(breakStmt:outer)) "
                    + "forStmt(pattern identifierExpr:stream codeBlock) "
                    + "repeatStmt(codeBlock literalExpr) "
                    + "returnStmt))"
            ])
        let tree = SyntaxTree.parse(text: source)
        let cases = all(tree, .switchCase)
        #expect(cases.map { tree.text(token: tree[$0].keyword) } == ["case", "default"])
        let fors = all(tree, .forStmt)
        #expect(fors.map { tree[$0].flags.contains(.isAsync) } == [false, true])
        #expect(all(tree, .catchClause).map { tree.text(token: tree[$0].keyword) } == ["catch", "catch"])
    }

    @Test func optionalBindingFlags() {
        let tree = SyntaxTree.parse(text: "if let a = x, var b = y, case .some(let c) = z { }")
        let bindings = all(tree, .optionalBinding)
        #expect(bindings.map { tree.name(of: $0) } == ["a", "b", ""])
        #expect(bindings.map { tree[$0].flags.contains(.isLet) } == [true, false, false])
        #expect(bindings.map { tree.text(token: tree[$0].keyword) } == ["let", "var", "case"])
    }

    @Test func ifConfigKeepsEveryBranch() {
        let source = """
            #if DEBUG
            let a = 1
            #elseif os(iOS)
            let b = 2
            #else
            let c = 3
            #endif
            """
        #expect(
            shapes(source) == [
                "ifConfig(ifConfigClause(varDecl(binding:a(initializer(literalExpr)))) ifConfigClause(varDecl(binding:b(initializer(literalExpr)))) ifConfigClause(varDecl(binding:c(initializer(literalExpr)))))"
            ])
        let tree = SyntaxTree.parse(text: source)
        #expect(all(tree, .ifConfigClause).map { tree.text(token: tree[$0].keyword) } == ["#if", "#elseif", "#else"])
    }
}

// MARK: - Declarations: node facts

@Suite struct DeclarationStructureTests {
    @Test func typeFlags() throws {
        let source = """
            func f(a: @escaping @Sendable () -> Void, b: sending NS, c: (() -> Void)?, d: inout Int, \
            e: @MainActor () async throws -> Int, g: (@Sendable () -> Void)?, h: [Int], j: Int?, k: Optional<() -> Void>) {}
            """
        let tree = SyntaxTree.parse(text: source)
        let params = all(tree, .parameter)
        #expect(params.map { tree.name(of: $0) } == ["a", "b", "c", "d", "e", "g", "h", "j", "k"])
        let types = try params.map { try #require(tree.firstChild($0, kind: .type)) }
        let expected: [NodeFlags] = [
            [.isFunctionType, .isEscaping, .isSendable],
            [.isSending],
            [.isFunctionType, .isOptional],
            [.isInout],
            [.isFunctionType, .hasGlobalActor, .isAsync, .isThrowing],
            [.isFunctionType, .isSendable, .isOptional],
            [],
            [.isOptional],
            [],
        ]
        #expect(types.map { tree[$0].flags } == expected)
        #expect(types.map { tree.name(of: $0) } == ["", "NS", "", "Int", "", "", "", "Int", "Optional"])
        // Attributes of a type are its children; the result type is a nested type.
        #expect(shape(tree, types[0]) == "type(attribute:escaping attribute:Sendable type:Void)")
        #expect(tree.text(of: types[0]) == "@escaping @Sendable () -> Void")
    }

    @Test func optionalClosureProperty() throws {
        let tree = SyntaxTree.parse(text: "var onChange: (() -> Void)? = nil\nlet t: @Sendable (Int) -> String")
        let types = all(tree, .type).filter { tree[tree[$0].parent].kind == .binding }
        #expect(types.map { tree[$0].flags } == [[.isFunctionType, .isOptional], [.isFunctionType, .isSendable]])
    }

    @Test func varDeclIsLetFlag() {
        let tree = SyntaxTree.parse(text: "let a = 1\nvar b = 2\nstatic let c = 3\nlazy var d = 4")
        let decls = all(tree, .varDecl)
        #expect(decls.map { tree[$0].flags.contains(.isLet) } == [true, false, true, false])
        #expect(decls.map { tree.text(token: tree[$0].keyword) } == ["let", "var", "let", "var"])
    }

    @Test func modifiersAndAttributesAreChildren() throws {
        let source = """
            nonisolated(unsafe) var g = 0
            @MainActor final class C {}
            private(set) var p = 1
            @Published public var q = 2
            """
        #expect(
            shapes(source) == [
                "varDecl(modifier:nonisolated binding:g(initializer(literalExpr)))",
                "classDecl:C(attribute:MainActor modifier:final memberBlock)",
                "varDecl(modifier:private binding:p(initializer(literalExpr)))",
                "varDecl(attribute:Published modifier:public binding:q(initializer(literalExpr)))",
            ])
        let tree = SyntaxTree.parse(text: source)
        #expect(
            all(tree, .modifier).map { tree.text(of: $0) } == [
                "nonisolated(unsafe)", "final", "private(set)", "public",
            ])
        #expect(all(tree, .attribute).map { tree.text(of: $0) } == ["@MainActor", "@Published"])
        // A declaration's range starts at its first attribute or modifier; its keyword is the introducer.
        let cls = try #require(all(tree, .classDecl).first)
        #expect(tree.text(of: cls) == "@MainActor final class C {}")
        #expect(tree.text(token: tree[cls].keyword) == "class")
    }

    @Test func bindingAccessors() {
        let source = """
            var observed = 0 { didSet { } }
            var computed: Int { 1 }
            var stored: Int = 0
            lazy var lz: Int = { 1 }()
            var getset: Int { get async throws { 1 } }
            protocol P { var x: Int { get set } }
            """
        let tree = SyntaxTree.parse(text: source)
        let bindings = all(tree, .binding)
        #expect(bindings.map { tree.name(of: $0) } == ["observed", "computed", "stored", "lz", "getset", "x"])
        #expect(bindings.map { tree[$0].flags.contains(.hasAccessors) } == [true, true, false, false, true, true])
        #expect(all(tree, .accessor).map { tree.name(of: $0) } == ["didSet", "get", "get", "set"])
        let getter = all(tree, .accessor)[1]
        #expect(tree[getter].flags == [.isAsync, .isThrowing, .hasBody])
    }

    @Test func functionFlagsAndParameters() {
        let source = """
            func f(_ a: Int, b c: Int = 1) async throws -> Int { 0 }
            protocol P { func g() async }
            """
        #expect(
            shapes(source) == [
                "funcDecl:f(parameterClause(parameter:_(type:Int) parameter:b(type:Int initializer(literalExpr))) type:Int codeBlock(literalExpr))",
                "protocolDecl:P(memberBlock(funcDecl:g(parameterClause)))",
            ])
        let tree = SyntaxTree.parse(text: source)
        let funcs = all(tree, .funcDecl)
        #expect(funcs.map { tree[$0].flags } == [[.isAsync, .isThrowing, .hasBody], [.isAsync]])
        // A parameter's `name` is its label, `keyword` its second (internal) name.
        let params = all(tree, .parameter)
        #expect(params.map { tree.text(token: tree[$0].keyword) } == ["a", "c"])
    }

    @Test func nominalTypeParts() throws {
        let source = "@MainActor final class VM<T>: NSObject, @unchecked Sendable where T: Hashable { let x = 1 }"
        let tree = SyntaxTree.parse(text: source)
        let cls = try #require(all(tree, .classDecl).first)
        #expect(
            tree.children(cls).map { tree[$0].kind } == [
                .attribute, .modifier, .genericParams, .inheritanceClause, .whereClause, .memberBlock,
            ])
        let inherited = all(tree, .inheritedType)
        #expect(inherited.map { tree.name(of: $0) } == ["NSObject", "Sendable"])
        #expect(inherited.map { tree.text(of: $0) } == ["NSObject", "@unchecked Sendable"])
        let global = SyntaxTree.parse(text: "struct S: @MainActor P {}")
        #expect(all(global, .inheritedType).map { global.name(of: $0) } == ["P"])
        #expect(all(global, .attribute).map { global.name(of: $0) } == ["MainActor"])
    }

    @Test func treeAPIs() throws {
        let tree = SyntaxTree.parse(text: "struct S {\n    func f() { let x = 1 }\n}")
        let f = try #require(all(tree, .funcDecl).first)
        let x = try #require(all(tree, .binding).first)
        #expect(tree.name(of: f) == "f")
        #expect(tree.range(of: f) == 15..<37)
        #expect(tree.text(of: f) == "func f() { let x = 1 }")
        #expect(
            tree.ancestors(x).map { tree[$0].kind } == [
                .varDecl, .codeBlock, .funcDecl, .memberBlock, .structDecl, .sourceFile,
            ])
        #expect(tree.children(tree.root).count == 1)
        #expect(tree[tree.root].kind == .sourceFile)
        #expect(tree.text(of: tree.root) == "struct S {\n    func f() { let x = 1 }\n}")
        #expect(tree.firstChild(f, kind: .codeBlock) != nil)
        #expect(tree.firstChild(f, kind: .memberBlock) == nil)
        #expect(tree.children(f, kind: .parameterClause).count == 1)
        #expect(tree.text(token: -1) == "")
        #expect(tree.token(tree[f].keyword, is: "func"))
        #expect(!tree.token(tree[f].keyword, is: "fun"))
    }

    @Test func namesComparedWithoutStrings() throws {
        let tree = SyntaxTree.parse(text: "let `Task` = 1\nlet café = Task { }\n")
        let bindings = all(tree, .binding)
        #expect(bindings.count == 2)
        // Backticks dropped, as `name(of:)` gives the name.
        #expect(tree.name(of: bindings[0], is: "Task"))
        #expect(!tree.name(of: bindings[0], is: "`Task`"))
        #expect(tree.name(of: bindings[1], is: "café"))
        #expect(!tree.name(of: bindings[1], is: "caf"))
        #expect(!tree.name(of: bindings[1], is: "cafés"))
        // No token: the empty name, as `text(token: -1)` is "".
        #expect(tree.token(-1, equals: ""))
        #expect(!tree.token(-1, equals: "x"))
        #expect(!tree.token(Int32(tree.tokens.count + 5), equals: "x"))
    }

    @Test func namePrefixesComparedWithoutStrings() throws {
        let tree = SyntaxTree.parse(text: "func testA() {}\nfunc `testB`() {}\nfunc tes() {}\nfunc Test() {}\n")
        let names = all(tree, .funcDecl).map { tree[$0].name }
        #expect(names.count == 4)
        // Backticks dropped, as `text(token:)` gives the name.
        #expect(tree.token(names[0], hasPrefix: "test"))
        #expect(tree.token(names[1], hasPrefix: "test"))
        #expect(tree.token(names[1], hasPrefix: "testB"))
        #expect(!tree.token(names[1], hasPrefix: "`test"))
        #expect(!tree.token(names[2], hasPrefix: "test"))
        #expect(!tree.token(names[3], hasPrefix: "test"))
        #expect(tree.token(names[0], hasPrefix: ""))
        #expect(!tree.token(names[0], hasPrefix: "testAB"))
        // No token: only the empty prefix, as `text(token: -1)` is "".
        #expect(tree.token(-1, hasPrefix: ""))
        #expect(!tree.token(-1, hasPrefix: "t"))
        #expect(!tree.token(Int32(tree.tokens.count + 5), hasPrefix: "t"))
        // A name made at run time (not a literal) compares the same way.
        let made = String("xtestAx".dropFirst().dropLast())
        #expect(tree.token(names[0], equals: made))
        #expect(!tree.token(names[1], equals: made))
    }

    @Test func subtreeIsEveryNodeOnceLastChildFirst() throws {
        let tree = SyntaxTree.parse(text: "struct S {\n    func f() { g(1, h { 2 }); let x = [3] }\n}\nlet y = 4\n")
        // The order rules have relied on: a node, then its children's subtrees from the last child.
        func reference(_ n: Int32) -> [Int32] {
            var out: [Int32] = []
            var stack: [Int32] = [n]
            while let m = stack.popLast() {
                out.append(m)
                stack.append(contentsOf: tree.children(m))
            }
            return out
        }
        for n in 0..<Int32(tree.nodes.count) { #expect(Array(tree.subtree(n)) == reference(n)) }
        #expect(Array(tree.subtree(tree.root)).count == tree.nodes.count)
        #expect(Set(tree.subtree(tree.root)).count == tree.nodes.count)
        // An index that names no node is itself alone, as it always was.
        #expect(Array(tree.subtree(-1)) == [-1])
        #expect(Array(tree.subtree(Int32(tree.nodes.count))) == [Int32(tree.nodes.count)])
        let f = try #require(all(tree, .funcDecl).first)
        #expect(tree.subtree(tree.root).first { tree[$0].kind == .funcDecl } == f)
    }
}

// MARK: - Known parser bugs (correct expectations; see the report)

@Suite struct ParserKnownBugTests {
    @Test
    func callNamedLikeAModifierBeforeADeclaration() {
        #expect(
            shapes("open(url)\nlet x = 1") == [
                "call(identifierExpr:open argument(identifierExpr:url))",
                "varDecl(binding:x(initializer(literalExpr)))",
            ])
    }
}

// MARK: - Realistic fixtures (Fixtures/parser/NAME.swift against NAME.decls)

private func parserFixtureFolder() -> URL? {
    Bundle.module.resourceURL?.appendingPathComponent("Fixtures").appendingPathComponent("parser")
}

private func parserFixtureNames() -> [String] {
    guard let folder = parserFixtureFolder(),
        let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
    else { return [] }
    return files.filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(6)) }.sorted()
}

@Suite struct FixtureDeclDumpTests {
    @Test func everyFixtureHasItsExpectedDump() {
        let names = parserFixtureNames()
        #expect(names.count >= 3)
        let folder = parserFixtureFolder()
        for name in names {
            let decls = folder?.appendingPathComponent(name + ".decls").path ?? ""
            #expect(FileManager.default.fileExists(atPath: decls), "\(name).decls is missing")
        }
    }

    @Test(arguments: parserFixtureNames())
    func fixtureDeclDumps(_ name: String) throws {
        let folder = try #require(parserFixtureFolder())
        let source = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name + ".swift")))
        let expected = try String(
            decoding: Data(contentsOf: folder.appendingPathComponent(name + ".decls")), as: UTF8.self)
        let tree = SyntaxTree.parse(SourceFile(path: name + ".swift", bytes: source))
        let actual = DeclDump.render(tree)
        #expect(actual.split(separator: "\n") == expected.split(separator: "\n"))
        #expect(actual == expected)
    }
}
