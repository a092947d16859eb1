// compile: linux
import Foundation

class RequestSigner {
    var secret: String
    var signedCount = 0

    init(secret: String) {
        self.secret = secret
    }

    func sign(_ headers: inout [String: String]) {
        signedCount += 1
        headers["X-Signature"] = secret
    }
}

let defaultSigner = RequestSigner(secret: "development") // expect: global-mutable-state@1

enum API {
    static let version = "2.1"
    static let signer: RequestSigner = .init(secret: "production") // expect: global-mutable-state@12
}

extension RequestSigner {
    static let anonymous = RequestSigner(secret: "") // expect: global-mutable-state@12
}
