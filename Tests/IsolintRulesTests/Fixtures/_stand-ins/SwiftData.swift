// Stand-ins for the SwiftData API that fixtures marked `// compile: linux stand-ins` use, so that
// their fixes compile on Linux, where SwiftData does not exist. The shapes follow SwiftData's
// declarations: `ModelContainer` is Sendable, `ModelContext` is not, and a `@ModelActor` actor
// gets `modelExecutor`, `modelContainer`, `init(modelContainer:)` (the fixture harness expands
// the macro into them) and, through the `ModelActor` protocol, `modelContext`.

public final class ModelContainer: Sendable {
    public init() {}
}

public final class ModelContext {
    public let container: ModelContainer
    public init(_ container: ModelContainer) { self.container = container }
    public func insert<T>(_ model: T) {}
    public func delete<T>(_ model: T) {}
    public func save() throws {}
    public func fetch<T>(_ descriptor: FetchDescriptor<T>) throws -> [T] { [] }
    public func fetchCount<T>(_ descriptor: FetchDescriptor<T>) throws -> Int { 0 }
    public var hasChanges: Bool { false }
}

@available(*, unavailable)
extension ModelContext: Sendable {}

public struct FetchDescriptor<T> {
    public init() {}
}

public struct PersistentIdentifier: Hashable, Sendable {}

public protocol ModelExecutor: AnyObject, Sendable {
    var modelContext: ModelContext { get }
}

public final class DefaultSerialModelExecutor: ModelExecutor, @unchecked Sendable {
    public let modelContext: ModelContext
    public init(modelContext: ModelContext) { self.modelContext = modelContext }
}

public protocol ModelActor: Actor {
    nonisolated var modelExecutor: any ModelExecutor { get }
    nonisolated var modelContainer: ModelContainer { get }
}

extension ModelActor {
    public var modelContext: ModelContext { modelExecutor.modelContext }
}
