// fixture: target=test
// compile: linux
import Testing

@MainActor
final class Counter {
    var value = 0
    func increment() { value += 1 }
}

struct Tally: Sendable {
    var total = 0
}

actor Ledger {
    var entries: [Int] = []
    func add(_ value: Int) { entries.append(value) }
}

@MainActor
struct CounterTests {
    let counter = Counter()

    @Test func increments() {
        counter.increment()
        #expect(counter.value == 1)
    }
}

@Suite(.serialized) @MainActor
final class SerializedCounterTests {
    let counter = Counter()

    @Test func startsAtZero() {
        #expect(counter.value == 0)
    }
}

struct MixedTests {
    let tally = Tally()
    let ledger = Ledger()
    let counter = Counter()

    @Test func sendableValues() async {
        await ledger.add(tally.total)
        #expect(await ledger.entries.count == 1)
    }

    @MainActor
    @Test func touchesCounterOnMain() {
        counter.increment()
        #expect(counter.value == 1)
    }

    @Test func awaitsTheCounter() async {
        await counter.increment()
        let value = await counter.value
        #expect(value >= 1)
    }
}
