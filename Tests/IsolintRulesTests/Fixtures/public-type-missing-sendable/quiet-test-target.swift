// fixture: target=test
// compile: linux
import Foundation

public struct StubResponse {
    public let statusCode: Int
    public let body: Data
    public let headers: [String: String]
}

public enum FixtureName: String {
    case emptyFeed = "empty-feed.json"
    case fullFeed = "full-feed.json"
}
