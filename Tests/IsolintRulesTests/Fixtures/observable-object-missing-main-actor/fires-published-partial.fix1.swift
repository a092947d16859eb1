import Combine
import Foundation

@MainActor
final class PlayerState {
    @Published var isPlaying = false
    @Published var progress: Double = 0
    let trackID: String

    init(trackID: String) {
        self.trackID = trackID
    }
}

extension PlayerState: ObservableObject {}

final class DownloadListModel: ObservableObject {
    @MainActor @Published var downloads: [URL] = []
    @MainActor @Published var isRefreshing = false

    @MainActor
    func refresh(from source: [URL]) {
        isRefreshing = true
        downloads = source
        isRefreshing = false
    }

    func cancelAll() {
        print("cancelling downloads")
    }
}

final class ComposeDraft {
    @Published var subject = ""
    @Published var body = ""
}
