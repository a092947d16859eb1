import XCTest

@testable import Shop

final class CartViewModelTests: XCTestCase {
    var sut: CartViewModel!

    func testAddAppendsItem() { // expect: xctest-main-actor-isolation@5
        sut.add("apple")
        XCTAssertEqual(sut.items, ["apple"])
    }
}
