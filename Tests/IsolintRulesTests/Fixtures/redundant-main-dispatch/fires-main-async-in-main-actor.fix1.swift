// compile: linux
import Foundation

struct Order: Sendable, Identifiable {
    let id: UUID
    let total: Decimal
}

@MainActor
final class OrdersListModel {
    private(set) var orders: [Order] = []
    private(set) var isLoading = false
    private(set) var errorMessage: String?

    func render() {
        print("showing \(orders.count) orders")
    }

    func finishLoading(_ orders: [Order]) {
        self.orders = orders
        self.isLoading = false
        self.render()
    }

    func showError(_ message: String) {
        DispatchQueue.main.async { [weak self] in
            self?.errorMessage = message
            self?.isLoading = false
        }
    }
}
