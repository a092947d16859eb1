// compile: linux
import Foundation

final class LockIsolated<Value>: @unchecked Sendable {
    private var _value: Value
    private let lock = NSRecursiveLock()
    init(_ value: Value) { _value = value }
    func withValue<T>(_ operation: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try operation(&_value)
    }
}

enum Pool {
    static func run(_ job: @escaping @Sendable () -> Void) { DispatchQueue.global().async(execute: job) }
}

/// A workspace function's @Sendable parameter: the fix uses the project's own lock box.
func collect(ids: [Int]) {
    let seen = LockIsolated<[Int]>([])
    Pool.run {
        seen.withValue { $0.append(contentsOf: ids) }
    }
    print(seen.withValue({ $0 }).count)
}
