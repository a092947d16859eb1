// compile: linux
import Foundation

final class APIClient: Sendable {
    let baseURL: URL
    let defaultHeaders: [String: String]

    init(baseURL: URL, defaultHeaders: [String: String] = [:]) {
        self.baseURL = baseURL
        self.defaultHeaders = defaultHeaders
    }

    static let shared = APIClient(baseURL: URL(string: "https://api.example.com")!)
}

final class Counters: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Int] = [:]

    func increment(_ key: String) {
        lock.withLock { values[key, default: 0] += 1 }
    }

    static let shared = Counters()
}

actor ImagePipeline {
    static let shared = ImagePipeline()
    private var inFlight: Set<URL> = []
}

@MainActor
final class ToastPresenter {
    static let shared = ToastPresenter()
    var queue: [String] = []
}

struct Pagination {
    static let pageSize = 50
    static let supportedLocales = ["en", "de", "ja"]
    static let defaultSort: SortOrder = .newestFirst
}

enum SortOrder {
    case newestFirst, oldestFirst
}

let launchDate = Date()
let defaultClient: APIClient = .shared
