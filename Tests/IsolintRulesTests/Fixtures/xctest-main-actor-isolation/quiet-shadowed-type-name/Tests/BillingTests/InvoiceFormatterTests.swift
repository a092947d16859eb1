import XCTest

@testable import Billing

/// The test target's own formatter: a plain struct that shadows Billing's main-actor class.
struct InvoiceFormatter {
    func format(_ cents: Int) -> String { "\(cents)" }
}

final class InvoiceFormatterTests: XCTestCase {
    func testFormatsCents() {
        let formatter = InvoiceFormatter()
        XCTAssertEqual(formatter.format(250), "250")
    }
}
