//
//  FeedViewModel.swift
//  Pebble
//
//  The home feed: paging, pull to refresh, optimistic likes and offline banners.
//

import Foundation
import Combine
import UIKit
#if DEBUG
import os.log
#endif

/// One post as the feed shows it.
struct FeedItem: Identifiable, Hashable, Decodable {
    let id: String
    let author: String
    let body: String
    let createdAt: Date
    var likeCount: Int
    var isLiked: Bool

    var relativeDate: String {
        FeedItem.formatter.localizedString(for: createdAt, relativeTo: Date())
    }

    private static let formatter: RelativeDateTimeFormatter = {
        let f = RelativeDateTimeFormatter()
        f.unitsStyle = .short
        return f
    }()
}

protocol FeedServicing: AnyObject {
    func fetchPage(after cursor: String?, completion: @escaping (Result<FeedPage, Error>) -> Void)
    func setLiked(_ liked: Bool, postID: String) -> AnyPublisher<Int, Error>
}

struct FeedPage: Decodable {
    let items: [FeedItem]
    let nextCursor: String?
}

enum FeedLoadState: Equatable {
    case idle
    case loading
    case loadingMore
    case finished
    case failed
}

extension Notification.Name {
    static let feedDidInvalidate = Notification.Name("FeedDidInvalidate")
    static let userDidLogOut = Notification.Name("UserDidLogOut")
}

final class FeedViewModel: ObservableObject {
    @Published private(set) var items: [FeedItem] = []
    @Published private(set) var state: FeedLoadState = .idle
    @Published var searchText = ""
    @Published private(set) var isOffline = false
    @Published private(set) var lastError: String?

    private let service: FeedServicing
    private let reachability: ReachabilityObserving
    private var cursor: String?
    private var cancellables = Set<AnyCancellable>()
    private var observers: [NSObjectProtocol] = []
    private let workQueue = DispatchQueue(label: "com.pebble.feed", qos: .userInitiated)
    private var pendingLikes: [String: Bool] = [:]

    #if DEBUG
    private let log = OSLog(subsystem: "com.pebble", category: "feed")
    #endif

    init(service: FeedServicing, reachability: ReachabilityObserving) {
        self.service = service
        self.reachability = reachability
        bindSearch()
        bindReachability()
        observeNotifications()
    }

    deinit {
        observers.forEach { NotificationCenter.default.removeObserver($0) }
    }

    // MARK: - Bindings

    private func bindSearch() {
        $searchText
            .removeDuplicates()
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .map { text -> String in
                text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            .filter { !$0.isEmpty || self.items.isEmpty }
            .sink { [weak self] query in
                self?.reload(matching: query)
            }
            .store(in: &cancellables)
    }

    private func bindReachability() {
        reachability.isReachablePublisher
            .receive(on: DispatchQueue.main)
            .map { !$0 }
            .assign(to: \.isOffline, on: self)
            .store(in: &cancellables)

        $isOffline
            .dropFirst()
            .filter { $0 == false }
            .sink { [weak self] _ in
                guard let self = self else { return }
                if self.state == .failed {
                    self.refresh()
                }
            }
            .store(in: &cancellables)
    }

    private func observeNotifications() {
        let center = NotificationCenter.default
        let invalidate = center.addObserver(forName: .feedDidInvalidate, object: nil, queue: .main) { [weak self] _ in
            self?.refresh()
        }
        let logout = center.addObserver(forName: .userDidLogOut, object: nil, queue: nil) { [weak self] note in
            let reason = note.userInfo?["reason"] as? String ?? "unknown"
            DispatchQueue.main.async {
                self?.items = []
                self?.cursor = nil
                self?.lastError = "Signed out (\(reason))"
            }
        }
        observers.append(contentsOf: [invalidate, logout])
        center.addObserver(self, selector: #selector(didReceiveMemoryWarning), name: UIApplication.didReceiveMemoryWarningNotification, object: nil)
    }

    @objc private func didReceiveMemoryWarning() {
        workQueue.async { [weak self] in
            guard let self else { return }
            let trimmed = Array(self.items.prefix(50))
            DispatchQueue.main.async {
                self.items = trimmed
            }
        }
    }

    // MARK: - Loading

    func refresh() {
        cursor = nil
        load(reset: true)
    }

    func loadMoreIfNeeded(currentItem item: FeedItem) {
        guard let last = items.last, last.id == item.id else { return }
        guard state != .loadingMore, state != .loading, cursor != nil else { return }
        load(reset: false)
    }

    private func reload(matching query: String) {
        cursor = nil
        load(reset: true)
    }

    private func load(reset: Bool) {
        state = reset ? .loading : .loadingMore
        let requestedCursor = reset ? nil : cursor
        service.fetchPage(after: requestedCursor) { [weak self] result in
            DispatchQueue.main.async {
                guard let self = self else { return }
                switch result {
                case .success(let page):
                    self.apply(page, reset: reset)
                case .failure(let error as URLError) where error.code == .notConnectedToInternet:
                    self.isOffline = true
                    self.state = .failed
                case .failure(let error):
                    self.lastError = error.localizedDescription
                    self.state = .failed
                }
            }
        }
    }

    private func apply(_ page: FeedPage, reset: Bool) {
        let merged: [FeedItem]
        if reset {
            merged = page.items
        } else {
            var seen = Set(items.map(\.id))
            merged = items + page.items.filter { seen.insert($0.id).inserted }
        }
        items = merged.map { item in
            var copy = item
            if let pending = pendingLikes[item.id] {
                copy.isLiked = pending
            }
            return copy
        }
        cursor = page.nextCursor
        state = page.nextCursor == nil ? .finished : .idle
        #if DEBUG
        os_log("applied page with %d items", log: log, type: .debug, page.items.count)
        #endif
    }

    // MARK: - Likes

    func toggleLike(for item: FeedItem) {
        guard let index = items.firstIndex(where: { $0.id == item.id }) else { return }
        let newValue = !items[index].isLiked
        items[index].isLiked = newValue
        items[index].likeCount += newValue ? 1 : -1
        pendingLikes[item.id] = newValue

        service.setLiked(newValue, postID: item.id)
            .retry(2)
            .receive(on: DispatchQueue.main)
            .sink(receiveCompletion: { [weak self] completion in
                guard case .failure = completion, let self = self else { return }
                self.revertLike(for: item.id, to: !newValue)
            }, receiveValue: { [weak self] serverCount in
                self?.pendingLikes[item.id] = nil
                if let i = self?.items.firstIndex(where: { $0.id == item.id }) {
                    self?.items[i].likeCount = serverCount
                }
            })
            .store(in: &cancellables)
    }

    private func revertLike(for id: String, to value: Bool) {
        pendingLikes[id] = nil
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        items[index].isLiked = value
        items[index].likeCount += value ? 1 : -1
        lastError = NSLocalizedString("Could not update like", comment: "")
    }

    // MARK: - Async bridge

    func refreshAsync() async throws -> Int {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, Error>) in
            service.fetchPage(after: nil) { result in
                switch result {
                case .success(let page):
                    DispatchQueue.main.async { [weak self] in
                        self?.apply(page, reset: true)
                        continuation.resume(returning: page.items.count)
                    }
                case .failure(let error):
                    continuation.resume(throwing: error)
                }
            }
        }
    }
}

// MARK: - Reachability

protocol ReachabilityObserving {
    var isReachablePublisher: AnyPublisher<Bool, Never> { get }
}

final class PollingReachability: ReachabilityObserving {
    private let subject = CurrentValueSubject<Bool, Never>(true)
    private var timer: Timer?
    private let probe: () -> Bool

    var isReachablePublisher: AnyPublisher<Bool, Never> {
        subject.removeDuplicates().eraseToAnyPublisher()
    }

    init(interval: TimeInterval = 5, probe: @escaping () -> Bool) {
        self.probe = probe
        timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] _ in
            guard let self = self else { return }
            DispatchQueue.global(qos: .utility).async {
                let reachable = self.probe()
                DispatchQueue.main.async { self.subject.send(reachable) }
            }
        }
    }

    deinit {
        timer?.invalidate()
    }
}

#if DEBUG
final class PreviewFeedService: FeedServicing {
    var delay: TimeInterval = 0.3

    func fetchPage(after cursor: String?, completion: @escaping (Result<FeedPage, Error>) -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
            let items = (0..<20).map { i in
                FeedItem(id: "\(cursor ?? "p")-\(i)", author: "user\(i)", body: "Post #\(i)", createdAt: Date(), likeCount: i, isLiked: false)
            }
            completion(.success(FeedPage(items: items, nextCursor: cursor == nil ? "page2" : nil)))
        }
    }

    func setLiked(_ liked: Bool, postID: String) -> AnyPublisher<Int, Error> {
        Just(liked ? 1 : 0)
            .setFailureType(to: Error.self)
            .delay(for: .milliseconds(200), scheduler: DispatchQueue.global())
            .eraseToAnyPublisher()
    }
}
#else
final class LiveFeedService: FeedServicing {
    private let session: URLSession
    private let baseURL: URL

    init(session: URLSession = .shared, baseURL: URL) {
        self.session = session
        self.baseURL = baseURL
    }

    func fetchPage(after cursor: String?, completion: @escaping (Result<FeedPage, Error>) -> Void) {
        var components = URLComponents(url: baseURL.appendingPathComponent("feed"), resolvingAgainstBaseURL: false)!
        if let cursor = cursor {
            components.queryItems = [URLQueryItem(name: "after", value: cursor)]
        }
        session.dataTask(with: components.url!) { data, _, error in
            if let error = error {
                completion(.failure(error))
                return
            }
            do {
                let page = try JSONDecoder().decode(FeedPage.self, from: data ?? Data())
                completion(.success(page))
            } catch {
                completion(.failure(error))
            }
        }.resume()
    }

    func setLiked(_ liked: Bool, postID: String) -> AnyPublisher<Int, Error> {
        var request = URLRequest(url: baseURL.appendingPathComponent("posts/\(postID)/like"))
        request.httpMethod = liked ? "PUT" : "DELETE"
        return session.dataTaskPublisher(for: request)
            .map(\.data)
            .decode(type: Int.self, decoder: JSONDecoder())
            .eraseToAnyPublisher()
    }
}
#endif
