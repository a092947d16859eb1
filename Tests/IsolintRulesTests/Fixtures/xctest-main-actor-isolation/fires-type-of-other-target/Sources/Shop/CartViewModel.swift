import Foundation

@MainActor
public final class CartViewModel {
    public private(set) var items: [String] = []

    public init() {}

    public func add(_ item: String) {
        items.append(item)
    }
}
