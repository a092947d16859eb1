// compile: linux
import Foundation

struct Order: Sendable {
    let id: Int
    let total: Double
}

/// `async` here changes nothing: the loop runs on the main actor, between two frames.
@MainActor
final class ReportViewModel {
    var orders: [Order] = []
    var report = ""

    func buildReport() async -> String { // expect: async-work-on-main-actor@5
        var lines: [String] = []
        for order in orders {
            lines.append("\(order.id),\(order.total)")
        }
        return lines.joined(separator: "\n")
    }
}
