// compile: linux
import Foundation

@MainActor
final class UploadQueue: CustomStringConvertible { // expect: conformance-isolation@26
    private(set) var pending: [URL] = []
    private(set) var failed = 0

    func enqueue(_ url: URL) {
        pending.append(url)
    }

    var description: String {
        "UploadQueue(\(pending.count) pending, \(failed) failed)"
    }
}
