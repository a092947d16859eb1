// compile: linux
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

enum ForecastError: Error {
    case noData
}

final class WeatherClient: Sendable {
    let baseURL: URL

    init(baseURL: URL) {
        self.baseURL = baseURL
    }

    func fetchForecast(for city: String, completion: @escaping @MainActor @Sendable (Result<Data, Error>) -> Void) {
        let url = baseURL.appendingPathComponent("forecast").appendingPathComponent(city)
        URLSession.shared.dataTask(with: url) { data, _, error in
            DispatchQueue.main.async { // expect: prefer-task-main-actor@13
                if let data {
                    completion(.success(data))
                } else {
                    completion(.failure(error ?? ForecastError.noData))
                }
            }
        }.resume()
    }

    func warmCache(cities: [String], then done: @escaping @MainActor @Sendable () -> Void) {
        fetchAll(cities) { _ in
            DispatchQueue.main.async { done() } // expect: prefer-task-main-actor@13
        }
    }

    private func fetchAll(_ cities: [String], completion: @escaping @Sendable (Int) -> Void) {
        DispatchQueue.global().async {
            completion(cities.count)
        }
    }
}
