import Combine
import Foundation

@MainActor
final class DashboardViewModel: ObservableObject {
    @Published private(set) var revenue: Decimal = 0
    @Published private(set) var visitors = 0
    @Published private(set) var alerts: [String] = []
    @Published private(set) var lastUpdated: Date?

    private var cancellables = Set<AnyCancellable>()

    init(
        revenue: AnyPublisher<Decimal, Never>,
        visitors: AnyPublisher<Int, Never>,
        alerts: AnyPublisher<[String], Never>,
        ticks: AnyPublisher<Date, Never>
    ) {
        revenue
            .receive(on: DispatchQueue.main)
            .assign(to: \.revenue, on: self)
            .store(in: &cancellables)

        visitors
            .subscribe(on: DispatchQueue.global(qos: .utility))
            .receive(on: RunLoop.main)
            .sink { [weak self] count in
                self?.visitors = count
            }
            .store(in: &cancellables)

        alerts
            .receive(on: DispatchQueue.global())
            .map { $0.sorted() }
            .receive(on: OperationQueue.main)
            .sink { [weak self] sorted in
                self?.alerts = sorted
            }
            .store(in: &cancellables)

        ticks
            .sink { [weak self] date in
                self?.lastUpdated = date
            }
            .store(in: &cancellables)
    }
}
