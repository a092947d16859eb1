// fixture: target=test
// compile: linux
import XCTest

final class ReceiptPrinterTests: XCTestCase {
    @MainActor
    private func layOut(_ lines: [String]) async -> Int {
        lines.count
    }

    /// Awaiting its own main-actor helper sends the test case (not Sendable) to the main actor.
    @MainActor func testLaysOutEveryLine() async {
        let count = await layOut(["a", "b"])
        XCTAssertEqual(count, 2)
    }
}
