// fixture: target=test
// compile: linux
import XCTest

@MainActor
final class CounterViewModel {
    private(set) var count = 0
    let step: Int

    init(step: Int) {
        self.step = step
    }

    func increment() {
        count += step
    }
}

final class CounterViewModelTests: XCTestCase {
    func testIncrementAddsStep() { // expect: xctest-main-actor-isolation@5
        let model = CounterViewModel(step: 2)
        model.increment()
        XCTAssertEqual(model.count, 2)
    }

    @MainActor
    func testStepIsKept() {
        let model = CounterViewModel(step: 3)
        XCTAssertEqual(model.step, 3)
    }

    func testArithmetic() {
        XCTAssertEqual(2 + 2, 4)
    }
}
