import Foundation

final class Downloader {
    var onProgress: ((Result<Double, Error>) -> Void)?

    func load() async throws -> Data { Data() }

    func each(_ body: (Result<Int, Error>) -> Void) { body(.success(1)) }

    func observe(_ handler: @escaping (Double) -> Void) { handler(0.5) }

    func ping(completion: @escaping () -> Void) { completion() }

    func transform(_ f: @escaping (Result<Int, Error>) -> Int) {}
}
