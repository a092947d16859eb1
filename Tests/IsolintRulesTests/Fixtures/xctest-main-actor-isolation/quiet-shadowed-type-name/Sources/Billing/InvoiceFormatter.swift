@MainActor
public final class InvoiceFormatter {
    public init() {}
    public func format(_ cents: Int) -> String { "\(cents / 100).\(cents % 100)" }
}
