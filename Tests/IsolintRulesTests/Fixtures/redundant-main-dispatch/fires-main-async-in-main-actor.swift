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
        DispatchQueue.main.async { // expect: redundant-main-dispatch@9
            self.orders = orders
            self.isLoading = false
            self.render()
        }
    }

    func showError(_ message: String) {
        DispatchQueue.main.async { [weak self] in // expect: redundant-main-dispatch@9
            self?.errorMessage = message
            self?.isLoading = false
        }
    }
}
