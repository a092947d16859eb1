// compile: linux
import Foundation

public struct SearchResult: Codable, Hashable, Sendable {
    public let id: UUID
    public let title: String
    public let url: URL
    public let score: Double
    public let tags: Set<String>
    public let metadata: [String: String]
    public let thumbnail: Data?
    public let price: Decimal?
}

/// A page of results returned by the search endpoint.
public struct SearchPage {
    public let query: String
    public let results: [SearchResult]
    public let nextCursor: String?
    public let fetchedAt: Date

    public init(query: String, results: [SearchResult], nextCursor: String?, fetchedAt: Date = Date()) {
        self.query = query
        self.results = results
        self.nextCursor = nextCursor
        self.fetchedAt = fetchedAt
    }

    public var isLastPage: Bool {
        nextCursor == nil
    }
}
