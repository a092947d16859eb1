import Foundation

public struct Post {
    public var id: UUID
    public var title: String
    public var publishedAt: Date
}

public enum FeedError: Error {
    case offline
    case badStatus(Int)
}

/// Shared configuration, set once at launch.
public enum FeedConfiguration {
    public static var baseURL = URL(string: "https://feeds.example.com")!
    public static var pageSize = 20
}

final class ResponseCache: @unchecked Sendable {
    private var entries: [URL: Data] = [:]

    func store(_ data: Data, for url: URL) { entries[url] = data }
    func data(for url: URL) -> Data? { entries[url] }
}

public final class FeedService {
    private let session: URLSession
    private let cache = ResponseCache()

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func loadPosts(page: Int, completion: @escaping (Result<[Post], FeedError>) -> Void) {
        let url = FeedConfiguration.baseURL.appendingPathComponent("posts/\(page)")
        DispatchQueue.global(qos: .userInitiated).async {
            if let cached = self.cache.data(for: url) {
                completion(.success(Self.decode(cached)))
                return
            }
            completion(.failure(.offline))
        }
    }

    static func decode(_ data: Data) -> [Post] { [] }
}
