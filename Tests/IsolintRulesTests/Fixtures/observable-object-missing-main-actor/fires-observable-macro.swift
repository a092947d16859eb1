import Observation
import SwiftUI

struct CartItem: Identifiable, Sendable {
    let id: UUID
    let name: String
    let price: Decimal
}

@Observable
final class CartModel { // expect: observable-object-missing-main-actor@7
    var items: [CartItem] = []
    var couponCode = ""

    var total: Decimal {
        items.reduce(0) { $0 + $1.price }
    }

    func remove(_ item: CartItem) {
        items.removeAll { $0.id == item.id }
    }
}

struct CartView: View {
    @State private var model = CartModel()

    var body: some View {
        List(model.items) { item in
            Text(item.name)
        }
        .safeAreaInset(edge: .bottom) {
            Text("Total: \(model.total.formatted())")
        }
    }
}
