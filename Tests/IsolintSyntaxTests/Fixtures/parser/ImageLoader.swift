//
//  ImageLoader.swift
//  Pebble
//
//  Image downloading with an in-memory and disk cache, request coalescing and
//  both callback and async entry points.
//

import UIKit
import CryptoKit

typealias ImageCompletion = (UIImage?) -> Void

/// Errors surfaced by `ImageLoader`.
enum ImageLoaderError: Error {
    case invalidResponse
    case decodingFailed
    case cancelled
}

protocol ImageLoaderDelegate: AnyObject {
    func imageLoader(_ loader: ImageLoader, didLoad image: UIImage, for url: URL)
    func imageLoader(_ loader: ImageLoader, didFailFor url: URL, error: Error)
}

extension ImageLoaderDelegate {
    func imageLoader(_ loader: ImageLoader, didFailFor url: URL, error: Error) {}
}

/// Keeps decoded images keyed by URL; safe to use from any thread because all state is
/// isolated to the actor.
actor ImageCache {
    static let shared = ImageCache()

    private var storage: [URL: UIImage] = [:]
    private var accessOrder: [URL] = []
    private let limit: Int
    private let directory: URL

    init(limit: Int = 200, directory: URL = FileManager.default.temporaryDirectory.appendingPathComponent("images")) {
        self.limit = limit
        self.directory = directory
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func image(for url: URL) -> UIImage? {
        if let image = storage[url] {
            touch(url)
            return image
        }
        let path = diskPath(for: url)
        guard let data = try? Data(contentsOf: path), let image = UIImage(data: data) else {
            return nil
        }
        insert(image, for: url, writeToDisk: false)
        return image
    }

    func insert(_ image: UIImage, for url: URL, writeToDisk: Bool = true) {
        storage[url] = image
        touch(url)
        while accessOrder.count > limit, let oldest = accessOrder.first {
            accessOrder.removeFirst()
            storage[oldest] = nil
        }
        if writeToDisk, let data = image.pngData() {
            let path = diskPath(for: url)
            Task.detached(priority: .background) {
                try? data.write(to: path, options: .atomic)
            }
        }
    }

    func removeAll() {
        storage.removeAll()
        accessOrder.removeAll()
    }

    nonisolated func diskPath(for url: URL) -> URL {
        let digest = SHA256.hash(data: Data(url.absoluteString.utf8))
        let name = digest.map { String(format: "%02x", $0) }.joined()
        return directory.appendingPathComponent(name)
    }

    private func touch(_ url: URL) {
        if let index = accessOrder.firstIndex(of: url) {
            accessOrder.remove(at: index)
        }
        accessOrder.append(url)
    }
}

final class ImageLoader: NSObject {
    static let shared = ImageLoader()

    weak var delegate: ImageLoaderDelegate?

    private let session: URLSession
    private let cache: ImageCache
    private let lock = NSLock()
    private var waiting: [URL: [ImageCompletion]] = [:]
    private var tasks: [URL: URLSessionDataTask] = [:]
    private let decodeQueue = DispatchQueue(label: "image.decode", attributes: .concurrent)

    init(session: URLSession = .shared, cache: ImageCache = .shared) {
        self.session = session
        self.cache = cache
        super.init()
        NotificationCenter.default.addObserver(
            self,
            selector: #selector(clearMemory),
            name: UIApplication.didReceiveMemoryWarningNotification,
            object: nil
        )
    }

    deinit {
        NotificationCenter.default.removeObserver(self)
    }

    @objc private func clearMemory() {
        Task { await cache.removeAll() }
    }

    // MARK: Callback API

    func load(_ url: URL, completion: @escaping ImageCompletion) {
        Task {
            if let cached = await cache.image(for: url) {
                DispatchQueue.main.async { completion(cached) }
                return
            }
            enqueue(url, completion: completion)
        }
    }

    private func enqueue(_ url: URL, completion: @escaping ImageCompletion) {
        lock.lock()
        defer { lock.unlock() }
        if waiting[url] != nil {
            waiting[url]?.append(completion)
            return
        }
        waiting[url] = [completion]
        let task = session.dataTask(with: url) { [weak self] data, response, error in
            self?.handle(url: url, data: data, response: response, error: error)
        }
        tasks[url] = task
        task.resume()
    }

    private func handle(url: URL, data: Data?, response: URLResponse?, error: Error?) {
        decodeQueue.async { [weak self] in
            guard let self = self else { return }
            let image = data.flatMap(UIImage.init(data:))?.preparingForDisplay()
            self.lock.lock()
            let callbacks = self.waiting.removeValue(forKey: url) ?? []
            self.tasks[url] = nil
            self.lock.unlock()

            if let image = image {
                Task { await self.cache.insert(image, for: url) }
            }
            DispatchQueue.main.async {
                callbacks.forEach { $0(image) }
                if let image = image {
                    self.delegate?.imageLoader(self, didLoad: image, for: url)
                } else {
                    self.delegate?.imageLoader(self, didFailFor: url, error: error ?? ImageLoaderError.decodingFailed)
                }
            }
        }
    }

    func cancel(_ url: URL) {
        lock.lock()
        let task = tasks.removeValue(forKey: url)
        let callbacks = waiting.removeValue(forKey: url) ?? []
        lock.unlock()
        task?.cancel()
        DispatchQueue.main.async {
            for callback in callbacks {
                callback(nil)
            }
        }
    }

    // MARK: Async API

    func image(for url: URL) async throws -> UIImage {
        if let cached = await cache.image(for: url) {
            return cached
        }
        return try await withCheckedThrowingContinuation { continuation in
            load(url) { image in
                if let image = image {
                    continuation.resume(returning: image)
                } else {
                    continuation.resume(throwing: ImageLoaderError.invalidResponse)
                }
            }
        }
    }

    func prefetch(_ urls: [URL]) async -> Int {
        await withTaskGroup(of: Bool.self) { group in
            for url in urls {
                group.addTask { [weak self] in
                    guard let self else { return false }
                    return (try? await self.image(for: url)) != nil
                }
            }
            var loaded = 0
            for await ok in group where ok {
                loaded += 1
            }
            return loaded
        }
    }
}

// MARK: - UIKit glue

final class RemoteImageView: UIImageView {
    private var currentURL: URL?
    var placeholder: UIImage? = UIImage(systemName: "photo")

    var url: URL? {
        didSet {
            guard url != oldValue else { return }
            if let old = oldValue {
                ImageLoader.shared.cancel(old)
            }
            image = placeholder
            currentURL = url
            guard let url = url else { return }
            ImageLoader.shared.load(url) { [weak self] image in
                guard let self = self, self.currentURL == url else { return }
                UIView.transition(with: self, duration: 0.2, options: .transitionCrossDissolve) {
                    self.image = image ?? self.placeholder
                } completion: { _ in
                    self.accessibilityLabel = image == nil ? "Image unavailable" : nil
                }
            }
        }
    }

    override func prepareForReuse() {
        url = nil
    }
}

extension UIImageView {
    @objc func prepareForReuse() {}
}

#if targetEnvironment(simulator)
extension ImageLoader {
    func debugDescription(for url: URL) -> String {
        lock.lock(); defer { lock.unlock() }
        return "waiting=\(waiting[url]?.count ?? 0) running=\(tasks[url] != nil)"
    }
}
#endif
