// fixture: target=test
// compile: linux
import XCTest

struct Invoice: Equatable {
    var total: Int
}

final class InvoiceFormatterTests: XCTestCase {
    private var rendered: [String] = []

    @MainActor
    private func render(_ invoice: Invoice) -> String {
        "total: \(invoice.total)"
    }

    private func sample() -> Invoice {
        Invoice(total: 12)
    }

    @MainActor func testRendersTotal() throws {
        let text = render(sample())
        XCTAssertEqual(text, "total: 12")
    }
}
