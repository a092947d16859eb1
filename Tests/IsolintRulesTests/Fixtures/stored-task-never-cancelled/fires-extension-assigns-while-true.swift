import Foundation

final class Uploader {
    var retryLoop: Task<Void, Error>? // expect: stored-task-never-cancelled@5
}

extension Uploader {
    func startRetrying() {
        retryLoop = Task {
            while true {
                try await Task.sleep(nanoseconds: 5_000_000_000)
            }
        }
    }
}
