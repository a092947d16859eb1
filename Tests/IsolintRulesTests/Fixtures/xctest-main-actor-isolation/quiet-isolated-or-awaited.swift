// fixture: target=test
// compile: linux
import XCTest

@MainActor
final class Store {
    private(set) var items: [String] = []
    nonisolated let name: String

    init(name: String) {
        self.name = name
    }

    func load() {
        items = ["a", "b"]
    }
}

/// Implicit initializer: nonisolated (SE-0411), so creating one needs no isolation.
@MainActor
final class Banner {
    var text = "hello"
}

actor Ledger {
    private var entries: [Int] = []
    func add(_ value: Int) { entries.append(value) }
    func count() -> Int { entries.count }
}

struct Money: Equatable {
    var cents: Int
}

final class StoreTests: XCTestCase {
    @MainActor
    func testLoadsOnMain() {
        let store = Store(name: "main")
        store.load()
        XCTAssertEqual(store.items.count, 2)
    }

    func testAwaitsEveryAccess() async {
        let store = await Store(name: "async")
        await store.load()
        let count = await store.items.count
        XCTAssertEqual(count, 2)
    }

    func testHopsWithMainActorRun() async {
        let count = await MainActor.run {
            let store = Store(name: "run")
            store.load()
            return store.items.count
        }
        XCTAssertEqual(count, 2)
    }

    func testCreatesWithImplicitInit() {
        let banner = Banner()
        XCTAssertNotNil(banner)
    }

    func testValueTypesAndActors() async {
        let ledger = Ledger()
        await ledger.add(3)
        let count = await ledger.count()
        XCTAssertEqual(count, 1)
        XCTAssertEqual(Money(cents: 5), Money(cents: 5))
    }

    func helperNotATest() {
        print("not a test method")
    }
}

@MainActor
final class MainActorStoreTests: XCTestCase {
    func testLoads() {
        let store = Store(name: "class")
        store.load()
        XCTAssertEqual(store.items.count, 2)
    }
}
