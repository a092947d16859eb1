import Foundation

struct Worker {
    func start() {
        Task { print("structured enough") }
        Task(priority: .high) { print("prioritised") }
    }
}

/// A workspace type with its own `detached` is not Swift's Task.
enum Job {
    static func detached(_ body: () -> Void) { body() }
}

func run() {
    Job.detached { print("mine") }
}
