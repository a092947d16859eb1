// compile: linux
import Foundation

struct Profile: Sendable {
    let name: String
    let avatarURL: URL?
}

protocol ProfileClient: Sendable {
    func fetchProfile() async throws -> Profile
}

@MainActor
final class ProfileLoader {
    private(set) var profile: Profile?
    private(set) var isLoading = false
    private let client: any ProfileClient

    init(client: any ProfileClient) {
        self.client = client
    }

    func load() async {
        isLoading = true
        let profile = try? await client.fetchProfile()
        await MainActor.run { // expect: redundant-main-dispatch@15
            self.profile = profile
            self.isLoading = false
        }
    }

    func displayName() async -> String {
        let name = await MainActor.run { profile?.name ?? "Guest" } // expect: redundant-main-dispatch@26
        return name
    }
}
