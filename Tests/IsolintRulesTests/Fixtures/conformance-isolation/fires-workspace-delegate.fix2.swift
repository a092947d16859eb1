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

extension LibraryViewModel: DownloadDelegate {
    nonisolated func downloadDidFinish(_ url: URL) {
        MainActor.assumeIsolated {
            lastDownload = url
        }
    }

    nonisolated func downloadDidFail(_ message: String) -> Bool {
        return MainActor.assumeIsolated {
            failures += 1
            return failures < 3
        }
    }
}
