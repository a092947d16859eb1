// compile: linux
import Foundation

/// Follows a connection's status for as long as the monitor exists — which is forever, since
/// the task holds the monitor.
@MainActor
final class ConnectionMonitor {
    private(set) var isOnline = false
    private var observation: Task<Void, Never>?

    func start(statuses: AsyncStream<Bool>) {
        observation = Task { // expect: long-lived-task-retains-self@23
            for await online in statuses {
                isOnline = online
            }
        }
    }

    func stop() {
        observation?.cancel()
    }
}
