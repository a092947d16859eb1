// compile: linux
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@MainActor
final class AvatarViewModel {
    private(set) var avatarData: Data?
    private(set) var lastError: String?

    func showPlaceholder() {
        avatarData = nil
    }

    func load(from url: URL) {
        URLSession.shared.dataTask(with: url) { data, _, error in // expect: sendable-closure-touches-main-actor@9
            if let error {
                self.lastError = error.localizedDescription
                return
            }
            self.avatarData = data
        }.resume()
    }
}
