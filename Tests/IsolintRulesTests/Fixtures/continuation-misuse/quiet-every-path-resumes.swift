// compile: linux
import Foundation

struct Forecast: Sendable {
    let celsius: Double
}

enum WeatherError: Error {
    case offline
}

final class WeatherService: @unchecked Sendable {
    // Safety: the queue serialises every callback.
    private let queue = DispatchQueue(label: "weather")

    func forecast(for city: String, completion: @escaping @Sendable (Result<Forecast, WeatherError>) -> Void) {
        queue.async { completion(.success(Forecast(celsius: 21))) }
    }

    func legacyForecast(for city: String, completion: @escaping @Sendable (Forecast?, Error?) -> Void) {
        queue.async { completion(Forecast(celsius: 18), nil) }
    }

    func forecast(for city: String) async throws -> Forecast {
        try await withCheckedThrowingContinuation { continuation in
            forecast(for: city) { result in
                switch result {
                case .success(let forecast):
                    continuation.resume(returning: forecast)
                case .failure(let error):
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    func legacy(for city: String) async throws -> Forecast {
        try await withCheckedThrowingContinuation { continuation in
            legacyForecast(for: city) { forecast, error in
                guard let forecast else {
                    continuation.resume(throwing: error ?? WeatherError.offline)
                    return
                }
                continuation.resume(returning: forecast)
            }
        }
    }

    func cached(_ path: String) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                continuation.resume(returning: data)
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    func direct(for city: String) async throws -> Forecast {
        try await withCheckedThrowingContinuation { continuation in
            forecast(for: city) { continuation.resume(with: $0.mapError { $0 as Error }) }
        }
    }

    func firstMatch(_ values: [Int]) async -> Int? {
        await withCheckedContinuation { continuation in
            for value in values where value > 10 {
                continuation.resume(returning: value)
                return
            }
            continuation.resume(returning: nil)
        }
    }
}
