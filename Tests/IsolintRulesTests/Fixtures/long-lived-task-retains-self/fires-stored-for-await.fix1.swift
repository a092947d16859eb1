// compile: linux
import Foundation

/// Follows a connection's status for as long as the monitor exists — which is forever, since
/// the task holds the monitor.
@MainActor
final class ConnectionMonitor {
    private(set) var isOnline = false
    private var observation: Task<Void, Never>?

    func start(statuses: AsyncStream<Bool>) {
        observation = Task { [weak self] in
            for await online in statuses {
                guard let self else { return }
                isOnline = online
            }
        }
    }

    func stop() {
        observation?.cancel()
    }
}
