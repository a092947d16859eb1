// fixture: target=test
// compile: linux
import Foundation
import XCTest

final class DownloaderTests: XCTestCase {
    @MainActor func testCompletesOnce() {
        let done = expectation(description: "download finished")
        DispatchQueue.global().async {
            done.fulfill()
        }
        waitForExpectations(timeout: 1)
    }

    @MainActor
    func testCompletesOnMain() {
        let done = expectation(description: "main")
        done.fulfill()
        waitForExpectations(timeout: 1)
    }

    func testWaitsWithWaiter() {
        let done = XCTestExpectation(description: "waiter")
        done.fulfill()
        wait(for: [done], timeout: 1)
    }

    func testAwaitsFulfillment() async {
        let done = expectation(description: "async")
        done.fulfill()
        await fulfillment(of: [done], timeout: 1)
    }
}
