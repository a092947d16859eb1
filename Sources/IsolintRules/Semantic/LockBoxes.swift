import IsolintSyntax

/// A lock that owns the value it protects, and how code reaches the value.
public struct LockBox: Sendable, Equatable {
    /// The type to construct: `Mutex`, `OSAllocatedUnfairLock`, a workspace `LockIsolated`.
    public var typeName: String
    /// The label of the initializer's value (`initialState` for OSAllocatedUnfairLock), nil for `init(_:)`.
    public var initializerLabel: String?
    /// The method whose closure gets the value `inout`: `withLock`, `withValue`.
    public var method: String
    /// A class: it may be captured by any closure (a `Mutex` is noncopyable and cannot be
    /// captured by a task group's `sending` child-task closure).
    public var isClass: Bool
}

extension SemanticModel {
    /// The lock box this file can use for a shared value: the workspace's own generic box
    /// (`LockIsolated`, `Locked…`, `…Box` with `withLock`/`withValue` and `init(_:)`) first, then
    /// `Mutex` where the file imports Synchronization, then `OSAllocatedUnfairLock` where it
    /// imports os. Nil when the file can name none (adding an import and an availability
    /// requirement is the author's decision).
    public func lockBox() -> LockBox? { lockBoxChoice.get { computeLockBox() } }

    private func computeLockBox() -> LockBox? {
        // By position, two fields of each symbol: copying every symbol of the workspace whole
        // (its strings and arrays retained) was most of the cost.
        let types = index.types
        let symbols = index.symbols
        for i in symbols.indices where symbols[i].kind == .classDecl && isLockBoxName(symbols[i].name) {
            let s = SymbolID(i)
            let name = symbols[i].name
            guard types[Int(symbols[i].decls[0])].genericParameters.count == 1 else { continue }
            let methods = index.methods(s)
            guard methods.contains(where: { $0.name == "init" && $0.labels == ["_"] }),
                let access = methods.first(where: { ($0.name == "withLock" || $0.name == "withValue") && !$0.isStatic })
            else { continue }
            return LockBox(typeName: name, initializerLabel: nil, method: access.name, isClass: true)
        }
        if importedModules.contains("Synchronization") {
            return LockBox(typeName: "Mutex", initializerLabel: nil, method: "withLock", isClass: false)
        }
        if importedModules.contains("os") {
            return LockBox(
                typeName: "OSAllocatedUnfairLock", initializerLabel: "initialState", method: "withLock", isClass: true)
        }
        return nil
    }

    func isLockBoxName(_ name: String) -> Bool {
        name.hasPrefix("LockIsolated") || name.hasPrefix("Locked") || name.hasSuffix("Box")
    }
}
