import Foundation

/// A workspace API whose closure parameter is @Sendable: capturing a non-Sendable closure in the
/// closure handed to it, or passing it straight in, crosses isolation.
enum Worker {
    static func submit(_ job: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async(execute: job)
    }
}

func enqueue(_ completion: @escaping () -> Void) { // expect: escaping-closure-missing-sendable@16
    Worker.submit {
        completion()
    }
}

func enqueueDirectly(_ completion: @escaping () -> Void) { // expect: escaping-closure-missing-sendable@24
    Worker.submit(completion)
}
