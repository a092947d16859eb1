// compile: linux
import Foundation

protocol DownloadDelegate: AnyObject {
    func downloadDidFinish(_ url: URL)
    func downloadDidFail(_ message: String) -> Bool
}

final class Downloader {
    weak var delegate: DownloadDelegate?
}

@MainActor
final class LibraryViewModel {
    private(set) var lastDownload: URL?
    private(set) var failures = 0
}

extension LibraryViewModel: DownloadDelegate { // expect: conformance-isolation@29
    func downloadDidFinish(_ url: URL) {
        lastDownload = url
    }

    func downloadDidFail(_ message: String) -> Bool {
        failures += 1
        return failures < 3
    }
}
