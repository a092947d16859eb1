import Foundation
import IsolintSyntax
import Testing

@testable import IsolintRules

/// The engine's isolation model (RULES.md "Isolation of a code position"). Each source marks the
/// position under test with a call to a uniquely named function (`probe()`, `p2()`…); the test
/// asks for the isolation at that call's identifier.
@Suite("Isolation model")
struct IsolationModelTests {
    struct Probe {
        let model: IsolationModel
        let tree: SyntaxTree

        init(
            _ text: String, path: String = "Sources/App/File.swift",
            settings: TargetSettings = TargetSettings(kind: .library),
            otherFiles: [(path: String, text: String)] = []
        ) {
            let tree = SyntaxTree.parse(SourceFile(path: path, text: text))
            let others = otherFiles.map { SyntaxTree.parse(SourceFile(path: $0.path, text: $0.text)) }
            let index = Linter.index([tree] + others, settings: settings)
            self.tree = tree
            self.model = IsolationModel(tree: tree, index: index, settings: settings)
        }

        /// The identifier node of the call `name()`.
        func node(_ name: String) -> Int32? {
            for (i, n) in tree.nodes.enumerated() where n.kind == .identifierExpr && tree.name(of: Int32(i)) == name {
                return Int32(i)
            }
            return nil
        }

        func callee(startingOnLine line: Int, path: String) -> Int32? {
            for (i, n) in tree.nodes.enumerated() where n.kind == .call {
                let c = Int32(i)
                guard tree.source.lineColumn(of: tree.start(c)).line == line, let callee = tree.callee(of: c) else {
                    continue
                }
                if tree.plainPath(of: callee) == path { return c }
            }
            return nil
        }

        func isolation(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> Isolation {
            guard let n = node(name) else {
                Issue.record("no probe \(name)()", sourceLocation: sourceLocation)
                return Isolation(.unknown, "no probe")
            }
            return model.isolation(at: n)
        }
    }

    // MARK: Declarations

    /// A call's callback API by its last name and labels, whatever comes before the name (and
    /// a half-typed trailing dot); names no API has are none, whatever their labels.
    @Test func callbackAPIsByLastNameAndLabels() {
        let tree = SyntaxTree.parse(
            path: "F.swift",
            text: """
                f(forName: n, using: { _ in })
                g(options: [], changeHandler: { _, _ in })
                h(using: { _ in })
                """)
        let calls = tree.nodes.indices.filter { tree.nodes[$0].kind == .call }.map(Int32.init)
        #expect(calls.count == 3)
        func api(_ path: String, _ k: Int) -> String? {
            CalleeClassifier.callbackAPI(path: path, call: calls[k], tree: tree).map { "\($0.method) \($0.kind)" }
        }
        #expect(api("NotificationCenter.default.addObserver", 0) == "addObserver notification")
        #expect(api("addObserver", 0) == "addObserver notification")
        #expect(api("center.addObserver.", 0) == "addObserver notification")
        #expect(api("addObserver..", 0) == "addObserver notification")
        #expect(api("center.addObserver", 2) == nil)
        #expect(api("center.addObserverX", 0) == nil)
        #expect(api("addObserver.center", 0) == nil)
        #expect(api("player.observe", 1) == "observe kvo")
        #expect(api("", 0) == nil)
        #expect(api("...", 0) == nil)
    }

    @Test func methodOfAMainActorClass() {
        let p = Probe(
            """
            @MainActor
            final class ViewModel {
                var items: [String] = []
                func load() { probe() }
            }
            """)
        let i = p.isolation("probe")
        #expect(i == Isolation(.mainActor, "ViewModel is @MainActor"))
        #expect(i.label == "@MainActor")
        #expect(i.isMainActor && i.isGlobalActor)
    }

    @Test func methodOfAUIViewControllerSubclass() {
        let p = Probe(
            """
            import UIKit
            final class ProfileViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    probe()
                }
            }
            """)
        #expect(
            p.isolation("probe")
                == Isolation(
                    .mainActor,
                    "ProfileViewController inherits from UIViewController (UIViewController is @MainActor in the SDK)"))
    }

    @Test func conformanceToAMainActorSDKProtocol() {
        let p = Probe(
            """
            final class Delegate: NSObject, UITableViewDataSource {
                func reload() { probe() }
            }
            struct Screen: View {
                var body: some View { p2() }
            }
            """)
        #expect(
            p.isolation("probe")
                == Isolation(
                    .mainActor,
                    "Delegate inherits from UITableViewDataSource (UITableViewDataSource is @MainActor in the SDK)"))
        #expect(p.isolation("p2") == Isolation(.mainActor, "Screen inherits from View (View is @MainActor in the SDK)"))
    }

    @Test func subclassOfAWorkspaceViewControllerInAnotherFile() {
        let p = Probe(
            """
            final class SettingsViewController: BaseViewController {
                func refresh() { probe() }
            }
            """, otherFiles: [("Sources/App/Base.swift", "class BaseViewController: UIViewController {}\n")])
        #expect(
            p.isolation("probe")
                == Isolation(
                    .mainActor,
                    "SettingsViewController inherits from BaseViewController, which leads to UIViewController (UIViewController is @MainActor in the SDK)"
                ))
    }

    @Test func methodOfAnActor() {
        let p = Probe(
            """
            actor ImageCache {
                var images: [String: Int] = [:]
                func store() { probe() }
                nonisolated func key() -> String { p2(); return "" }
                static func make() { p3() }
            }
            """)
        let i = p.isolation("probe")
        #expect(i == Isolation(.actor("ImageCache"), "members of actor ImageCache"))
        #expect(i.label == "isolated to ImageCache")
        #expect(!i.isGlobalActor)
        #expect(p.isolation("p2") == Isolation(.nonisolated, "declared nonisolated"))
    }

    // Swift: static members of an actor are not isolated to it (`A.s()` compiles from any
    // context); RULES.md: "an `actor`'s *instance* members are isolated to that actor".
    @Test
    func staticMembersOfAnActorAreNotIsolatedToIt() {
        let p = Probe(
            """
            actor ImageCache {
                static func make() { probe() }
            }
            """)
        #expect(p.isolation("probe").kind == .nonisolated)
    }

    @Test func membersOfAnExtensionDeclaringAMainActorConformance() {
        let p = Probe(
            """
            final class DataSource: NSObject {}
            extension DataSource: UITableViewDataSource {
                func numberOfSections() -> Int { probe(); return 1 }
            }
            """)
        #expect(
            p.isolation("probe")
                == Isolation(
                    .mainActor,
                    "DataSource inherits from UITableViewDataSource (UITableViewDataSource is @MainActor in the SDK)"))
    }

    // swiftc 6.3 infers a type's isolation from a global-actor protocol only when the primary
    // declaration conforms: with `@MainActor protocol P {}`, `final class D { func f() {} }`,
    // `extension D: P {}`, a nonisolated `D().f()` compiles (it is an error for `class E: P`).
    @Test
    func conformanceInAnExtensionDoesNotIsolateThePrimaryDeclaration() {
        let p = Probe(
            """
            final class DataSource: NSObject {
                func reload() { probe() }
            }
            """,
            otherFiles: [("Sources/App/DataSource+Table.swift", "extension DataSource: UITableViewDataSource {}\n")])
        #expect(p.isolation("probe").kind == .nonisolated)
    }

    @Test func nonisolatedMethodOfAMainActorClass() {
        let p = Probe(
            """
            @MainActor final class ViewModel {
                nonisolated func hash() -> Int { probe(); return 0 }
                nonisolated var id: Int { p2() }
                func other() { p3() }
            }
            """)
        #expect(p.isolation("probe") == Isolation(.nonisolated, "declared nonisolated"))
        #expect(p.isolation("probe").label == "nonisolated")
        #expect(p.isolation("p2") == Isolation(.nonisolated, "declared nonisolated"))
        #expect(p.isolation("p3").isMainActor)
    }

    @Test func mainActorMethodOfAPlainClassAndConcurrentFunction() {
        let p = Probe(
            """
            final class Service {
                @MainActor func show() { probe() }
                @concurrent func work() async { p2() }
                func plain() { p3() }
            }
            """)
        #expect(p.isolation("probe") == Isolation(.mainActor, "declared @MainActor"))
        #expect(p.isolation("p2") == Isolation(.concurrent, "declared @concurrent"))
        #expect(p.isolation("p2").label == "@concurrent")
        #expect(p.isolation("p3") == Isolation(.nonisolated, "Service is not isolated to a global actor"))
    }

    @Test func deinitIsNonisolated() {
        let p = Probe(
            """
            @MainActor final class Controller {
                var timer: Timer?
                deinit { probe() }
            }
            @MainActor final class Other {
                isolated deinit { p2() }
            }
            """)
        #expect(
            p.isolation("probe") == Isolation(.nonisolated, "deinit is nonisolated unless declared `isolated deinit`"))
        #expect(p.isolation("p2") == Isolation(.mainActor, "Other is @MainActor"))
    }

    @Test func nestedTypesDoNotInheritIsolation() {
        let p = Probe(
            """
            @MainActor final class Outer {
                struct Inner {
                    func f() { probe() }
                }
                enum Kind { case a
                    func g() { p2() }
                }
                func h() { p3() }
            }
            """)
        #expect(p.isolation("probe") == Isolation(.nonisolated, "Inner is not isolated to a global actor"))
        #expect(p.isolation("p2") == Isolation(.nonisolated, "Kind is not isolated to a global actor"))
        #expect(p.isolation("p3") == Isolation(.mainActor, "Outer is @MainActor"))
    }

    @Test func extensionOfAMainActorTypeDeclaredInAnotherFile() {
        let p = Probe(
            """
            extension SessionModel {
                func refresh() { probe() }
            }
            extension Store {
                func put() { p2() }
            }
            """,
            otherFiles: [
                ("Sources/App/SessionModel.swift", "@MainActor\nfinal class SessionModel {}\n"),
                ("Sources/App/Store.swift", "actor Store {}\n"),
            ])
        #expect(p.isolation("probe") == Isolation(.mainActor, "SessionModel is @MainActor"))
        #expect(p.isolation("p2") == Isolation(.actor("Store"), "members of actor Store"))
    }

    @Test func withoutTheOtherFileTheExtensionIsNonisolated() {
        let p = Probe("extension SessionModel {\n    func refresh() { probe() }\n}\n")
        #expect(p.isolation("probe") == Isolation(.nonisolated, "SessionModel is not isolated to a global actor"))
    }

    @Test func mainActorExtensionOfAPlainType() {
        let p = Probe(
            """
            struct Plain {}
            @MainActor extension Plain {
                func f() { probe() }
            }
            """)
        #expect(p.isolation("probe") == Isolation(.mainActor, "Plain is @MainActor"))
    }

    @Test func customGlobalActor() {
        let p = Probe(
            """
            @globalActor actor DatabaseActor { static let shared = DatabaseActor() }
            @DatabaseActor final class Repository {
                func save() { probe() }
            }
            final class Other {
                @DatabaseActor func load() { p2() }
            }
            """)
        let i = p.isolation("probe")
        #expect(i == Isolation(.globalActor("DatabaseActor"), "Repository is @DatabaseActor"))
        #expect(i.label == "@DatabaseActor")
        #expect(i.isGlobalActor && !i.isMainActor)
        #expect(p.isolation("p2") == Isolation(.globalActor("DatabaseActor"), "declared @DatabaseActor"))
    }

    // Swift: a subclass inherits its superclass's global actor. The index's "main actor reason"
    // counts every global actor as the main actor, so the subclass comes out @MainActor.
    @Test
    func subclassOfACustomGlobalActorClass() {
        let p = Probe(
            """
            @globalActor actor DatabaseActor { static let shared = DatabaseActor() }
            @DatabaseActor class Repository {}
            final class UserRepository: Repository {
                func save() { probe() }
            }
            """)
        #expect(p.isolation("probe").kind == .globalActor("DatabaseActor"))
        #expect(!p.isolation("probe").isMainActor)
    }

    @Test func fileScopeFunctionIsNonisolated() {
        let p = Probe("func helper() { probe() }\n")
        #expect(p.isolation("probe") == Isolation(.nonisolated, "file scope, not isolated to a global actor"))
    }

    // MARK: Closures

    @Test func taskInsideAMainActorMethodInheritsTheMainActor() {
        let p = Probe(
            """
            @MainActor final class ViewModel {
                func load() {
                    Task {
                        probe()
                        let inner = { p2() }
                    }
                }
            }
            """)
        let i = p.isolation("probe")
        #expect(i == Isolation(.mainActor, "ViewModel is @MainActor", inherited: true))
        #expect(i.label == "@MainActor (inherited)")
        // A closure stored in a local may be called anywhere: inherited, but not for certain.
        #expect(
            p.isolation("p2") == Isolation(.mainActor, "ViewModel is @MainActor", inherited: true, isCertain: false))
    }

    @Test func taskInsideANonisolatedFunctionIsNonisolated() {
        let p = Probe("func start() {\n    Task { probe() }\n}\n")
        #expect(
            p.isolation("probe")
                == Isolation(.nonisolated, "file scope, not isolated to a global actor", inherited: true))
        #expect(p.isolation("probe").label == "nonisolated (inherited)")
    }

    @Test func taskDetachedIsDetached() {
        let p = Probe(
            """
            @MainActor final class ViewModel {
                func load() {
                    Task.detached {
                        probe()
                        let work = { p2() }
                    }
                    Task.detached(priority: .background) { p3() }
                }
            }
            """)
        #expect(p.isolation("probe") == Isolation(.detached, "Task.detached runs off any actor"))
        #expect(p.isolation("probe").label == "detached")
        #expect(
            p.isolation("p2")
                == Isolation(.detached, "Task.detached runs off any actor", inherited: true, isCertain: false))
        #expect(p.isolation("p3") == Isolation(.detached, "Task.detached runs off any actor"))
    }

    @Test func globalAndCustomQueueDispatchIsNonisolated() {
        let p = Probe(
            """
            @MainActor final class ViewModel {
                let queue = DispatchQueue(label: "q")
                func load() {
                    DispatchQueue.global().async { probe() }
                    DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 1) { p2() }
                    queue.async { p3() }
                }
            }
            """)
        #expect(p.isolation("probe") == Isolation(.nonisolated, "DispatchQueue.global.async runs on a dispatch queue"))
        #expect(
            p.isolation("p2") == Isolation(.nonisolated, "DispatchQueue.global.asyncAfter runs on a dispatch queue"))
        #expect(p.isolation("p3") == Isolation(.nonisolated, "queue.async runs on a dispatch queue"))
    }

    @Test func mainQueueDispatchAndMainActorRunAreMainActor() {
        let p = Probe(
            """
            final class Loader {
                func done() async {
                    DispatchQueue.main.async { probe() }
                    await MainActor.run { p2() }
                    MainActor.assumeIsolated { p3() }
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { p4() }
                }
            }
            """)
        #expect(p.isolation("probe") == Isolation(.mainActor, "DispatchQueue.main runs on the main thread"))
        #expect(p.isolation("p2") == Isolation(.mainActor, "MainActor.run runs on the main actor"))
        #expect(p.isolation("p3") == Isolation(.mainActor, "MainActor.assumeIsolated runs on the main actor"))
        #expect(p.isolation("p4") == Isolation(.mainActor, "DispatchQueue.main runs on the main thread"))
    }

    @Test func mainQueueInsideAGlobalQueue() {
        let p = Probe(
            """
            func fetch() {
                DispatchQueue.global().async {
                    let data = p1()
                    DispatchQueue.main.async { probe() }
                }
            }
            """)
        #expect(p.isolation("p1").kind == .nonisolated)
        #expect(p.isolation("probe").isMainActor)
    }

    @Test func timerClosureIsNonisolated() throws {
        let p = Probe(
            """
            @MainActor final class Clock {
                var ticks = 0
                func start() {
                    Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
                        probe()
                    }
                }
            }
            """)
        #expect(
            p.isolation("probe")
                == Isolation(
                    .nonisolated, "the closure of scheduledTimer is @Sendable or delivered off the main thread"))
        // The call is found at its line by its path, and the closure is its trailing closure.
        let call = try #require(p.callee(startingOnLine: 4, path: "Timer.scheduledTimer"))
        let closure = try #require(p.tree.closureArgument(of: call))
        #expect(p.model.closureIsolation(closure)?.kind == .nonisolated)
        #expect(p.model.isolation(at: closure).kind == .nonisolated)
        // The call itself is in the main-actor method.
        #expect(p.model.isolation(at: call).isMainActor)
    }

    @Test func notificationObserverClosureIsNonisolated() {
        let p = Probe(
            """
            @MainActor final class Observer {
                func observe() {
                    NotificationCenter.default.addObserver(forName: .NSCalendarDayChanged, object: nil, queue: .main) { _ in probe() }
                }
            }
            """)
        #expect(p.isolation("probe").kind == .nonisolated)
    }

    @Test func mainActorClosure() {
        let p = Probe(
            """
            func helper() {
                let update = { @MainActor in probe() }
                Task { @MainActor in p2() }
                let sendable = { @Sendable in p3() }
            }
            """)
        #expect(p.isolation("probe") == Isolation(.mainActor, "closure is @MainActor"))
        #expect(p.isolation("p2") == Isolation(.mainActor, "closure is @MainActor"))
        #expect(p.isolation("p3") == Isolation(.nonisolated, "@Sendable closure"))
    }

    @Test func sinkClosureInAMainActorTypeInherits() {
        let p = Probe(
            """
            @MainActor final class Feed: ObservableObject {
                func bind() {
                    publisher.sink { value in probe() }.store(in: &bag)
                }
            }
            """)
        // The compiler infers the main actor, and Swift 6 checks it when the closure runs.
        #expect(p.isolation("probe") == Isolation(.mainActor, "Feed is @MainActor", inherited: true))
        #expect(
            p.model.compilerIsolation(at: p.node("probe") ?? -1)
                == Isolation(.mainActor, "Feed is @MainActor", inherited: true))
    }

    // MARK: Target settings and main.swift

    @Test func defaultMainActorIsolationTarget() {
        let settings = TargetSettings(kind: .executable, defaultIsolationMainActor: true)
        let p = Probe(
            """
            final class Plain {
                func f() { probe() }
                nonisolated func g() { p2() }
            }
            func top() { p3() }
            actor A { func h() { p4() } }
            func start() { Task.detached { p5() } }
            """, settings: settings)
        #expect(p.isolation("probe") == Isolation(.mainActor, "the target's default isolation is MainActor"))
        #expect(p.isolation("p2") == Isolation(.nonisolated, "declared nonisolated"))
        #expect(p.isolation("p3") == Isolation(.mainActor, "the target's default isolation is MainActor"))
        #expect(p.isolation("p4") == Isolation(.actor("A"), "members of actor A"))
        #expect(p.isolation("p5").kind == .detached)
    }

    @Test func topLevelCodeOfMainSwift() {
        let text = """
            import Foundation
            probe()
            let x = p2()
            func helper() { p3() }

            """
        let main = Probe(text, path: "Sources/Tool/main.swift")
        #expect(main.isolation("probe") == Isolation(.mainActor, "top-level code of main.swift runs on the main actor"))
        #expect(main.isolation("p2") == Isolation(.mainActor, "top-level code of main.swift runs on the main actor"))
        #expect(main.isolation("p3") == Isolation(.nonisolated, "file scope, not isolated to a global actor"))
        let bare = Probe(text, path: "main.swift")
        #expect(bare.isolation("probe").isMainActor)
        // The same text in another file is not main-actor code.
        let other = Probe(text, path: "Sources/Tool/domain.swift")
        #expect(other.isolation("probe") == Isolation(.nonisolated, "file scope, not isolated to a global actor"))
        let lookalike = Probe(text, path: "Sources/Tool/notmain.swift")
        #expect(!lookalike.isolation("probe").isMainActor)
        // SwiftPM compiles a manifest alone, as a script: `var products = […]` is main-actor state.
        let manifest = Probe(text, path: "/pkg/Package@swift-6.0.swift")
        #expect(
            manifest.isolation("p2")
                == Isolation(.mainActor, "top-level code of Package@swift-6.0.swift runs on the main actor"))
    }

    // RULES.md: "a non-@Sendable, non-sending closure in a main-actor position (including
    // `Task {}`…)" is main-actor isolated; main.swift's top-level code is a main-actor position.
    @Test
    func taskInTopLevelCodeOfMainSwiftInherits() {
        let p = Probe("import Foundation\nTask {\n    probe()\n}\n", path: "Sources/Tool/main.swift")
        #expect(
            p.isolation("probe")
                == Isolation(.mainActor, "top-level code of main.swift runs on the main actor", inherited: true))
    }
}
