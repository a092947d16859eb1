// compile: linux
import Foundation

struct Profile: Sendable {
    let name: String
}

enum ProfileError: Error {
    case missing
}

final class ProfileClient: @unchecked Sendable {
    // Safety: immutable after init.
    private let queue = DispatchQueue(label: "profile")

    func fetch(id: String, completion: @escaping @Sendable (Profile?, Error?) -> Void) {
        queue.async { completion(Profile(name: id), nil) }
    }

    /// The guard returns from the callback without resuming: the caller hangs when the profile is missing.
    func profile(id: String) async throws -> Profile {
        try await withCheckedThrowingContinuation { continuation in // expect: continuation-misuse@19
            fetch(id: id) { profile, error in
                if let error {
                    continuation.resume(throwing: error)
                    return
                }
                guard let profile else { return }
                continuation.resume(returning: profile)
            }
        }
    }

    /// An `if` without `else`: nothing resumes when the name is empty.
    func displayName(id: String) async -> String {
        await withCheckedContinuation { continuation in // expect: continuation-misuse@15
            fetch(id: id) { profile, _ in
                if let name = profile?.name, !name.isEmpty {
                    continuation.resume(returning: name)
                }
            }
        }
    }
}
