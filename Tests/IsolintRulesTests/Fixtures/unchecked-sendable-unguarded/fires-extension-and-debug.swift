// compile: linux
import Foundation

final class DraftStore { // expect: unchecked-sendable-unguarded@7
    private var drafts: [UUID: String] = [:]

    func save(_ text: String, id: UUID) {
        drafts[id] = text
    }
}

// Safety: drafts are only written from the editor's save button.
extension DraftStore: @unchecked Sendable {}

enum Networking {
    @available(macOS 13, iOS 16, *)
    final class RequestTracker: @unchecked Sendable { // expect: unchecked-sendable-unguarded@11
        var inFlight: Set<UUID> = []
        var completed = 0
    }
}

/// Replays recorded responses in UI tests.
final class ResponseRecorder: @unchecked Sendable { // expect: unchecked-sendable-unguarded@7
    let directory: URL

    #if DEBUG
    var recorded: [String: Data] = [:]
    #endif

    init(directory: URL) {
        self.directory = directory
    }
}
