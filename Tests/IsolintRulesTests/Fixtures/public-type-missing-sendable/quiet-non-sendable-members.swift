// compile: linux
import Foundation

public final class ImageCanvas {
    public var pixels: [UInt8] = []

    public init() {}
}

public struct EditorDocument {
    public var title: String
    public let canvas: ImageCanvas
}

public struct Button {
    public let title: String
    public let action: () -> Void
}

public struct AnyPayload {
    public let type: String
    public let value: Any
}

/// Declared never Sendable: the opposite of a conformance.
public struct FileToken {
    public let descriptor: Int32
}

@available(*, unavailable)
extension FileToken: Sendable {}

/// Holds an `AnyHashable`, whose Sendable conformance is unavailable.
public struct CacheKey {
    public let base: AnyHashable
}

/// Conditionally Sendable members with a non-Sendable argument.
public struct Slot<T> {
    public let value: T
}

extension Slot: Sendable where T: Sendable {}

public struct Shelf {
    public let slot: Slot<NSMutableString>
}

public enum CacheEntry {
    case memory(NSMutableData)
    case disk(URL)
}
