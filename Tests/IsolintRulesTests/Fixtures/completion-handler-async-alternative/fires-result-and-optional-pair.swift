// compile: linux
import Foundation

struct Invoice: Sendable {
    let number: String
}

enum BillingError: Error {
    case offline
}

final class BillingClient: Sendable {
    func fetchInvoice(number: String, completion: @escaping @Sendable (Result<Invoice, BillingError>) -> Void) { // expect: completion-handler-async-alternative@5
        DispatchQueue.global().async {
            completion(number.isEmpty ? .failure(.offline) : .success(Invoice(number: number)))
        }
    }

    public func downloadPDF(_ invoice: Invoice, completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void) { // expect: completion-handler-async-alternative@12
        DispatchQueue.global().async { completionHandler(Data(invoice.number.utf8), nil) }
    }

    static func purge(olderThan days: Int, then done: @escaping @Sendable ((any Error)?) -> Void) { // expect: completion-handler-async-alternative@12
        DispatchQueue.global().async { done(days < 0 ? BillingError.offline : nil) }
    }
}
