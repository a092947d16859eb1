// fixture: target=test
// compile: linux
import Foundation

/// Canned responses for the networking tests.
public struct StubResponse {
    public let statusCode: Int
    public let body: Data
    public let headers: [String: String]

    public static func json(_ text: String, status: Int = 200) -> StubResponse {
        StubResponse(
            statusCode: status,
            body: Data(text.utf8),
            headers: ["Content-Type": "application/json"]
        )
    }
}

public enum FixtureName: String {
    case emptyFeed = "empty-feed.json"
    case fullFeed = "full-feed.json"
}
