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

public struct Box<Wrapped> {
    public let wrapped: Wrapped
}

public enum CacheEntry {
    case memory(NSMutableData)
    case disk(URL)
}
