import Foundation

enum Permission {
    case granted, denied, undetermined
}

protocol PermissionProvider: AnyObject {
    func request(_ completion: @escaping (Permission) -> Void)
}

final class AudioEngine {
    func prepare(_ done: @escaping () -> Void) { done() }
}

final class PermissionGate {
    weak var provider: PermissionProvider?
    var engine: AudioEngine?

    /// `.undetermined` falls through the switch without resuming.
    func isAllowed() async -> Bool {
        await withCheckedContinuation { continuation in // expect: continuation-misuse@15
            provider?.request { permission in
                switch permission {
                case .granted:
                    continuation.resume(returning: true)
                case .denied:
                    continuation.resume(returning: false)
                case .undetermined:
                    break
                }
            }
        }
    }

    /// The `catch` logs and forgets to resume.
    func loadSettings(from url: URL) async throws -> Data {
        try await withUnsafeThrowingContinuation { continuation in // expect: continuation-misuse@19, unsafe-continuation@19
            do {
                let data = try Data(contentsOf: url)
                continuation.resume(returning: data)
            } catch {
                print("settings: \(error)")
            }
        }
    }

    /// With no engine, the callback never runs and the caller waits forever.
    func warmUp() async {
        await withCheckedContinuation { continuation in // expect: continuation-misuse@15
            engine?.prepare {
                continuation.resume()
            }
        }
    }
}
