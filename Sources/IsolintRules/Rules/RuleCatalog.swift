/// The registry: every rule the engine runs, in catalog order. Every list of rule ids — `isolint
/// rules`, configuration and suppression checks, SARIF, the LSP, the generated reference — derives
/// from it.
public enum RuleCatalog {
    public static let all: [any Rule] = [
        // 1. Shared mutable state
        GlobalMutableState(),
        UnsafeOptOutUndocumented(),
        UncheckedSendableUnguarded(),
        PreferMutex(),
        // 2. Values crossing isolation
        PublicTypeMissingSendable(),
        EscapingClosureMissingSendable(),
        ValueUsedAfterSend(),
        CapturedVarInSendableClosure(),
        // 3. UI state and the main actor
        ObservableObjectMissingMainActor(),
        SendableClosureTouchesMainActor(),
        CombineReceiveOffMain(),
        RedundantMainDispatch(),
        MainActorSingletonOffMain(),
        MainActorValueTypeUsedOffMain(),
        // 4. Tasks and captures
        WeakSelfGuardOutsideLoop(),
        WeakSelfInnerClosureOnly(),
        LongLivedTaskRetainsSelf(),
        StoredTaskNeverCancelled(),
        ReflexiveWeakSelf(),
        DetachedTask(),
        AsyncWorkOnMainActor(),
        PreferTaskModifier(),
        // 5. Delegates, callbacks and continuations
        ConformanceIsolation(),
        ContinuationMisuse(),
        UnsafeContinuation(),
        CompletionHandlerAsyncAlternative(),
        // 6. deinit
        DeinitIsolation(),
        // 7. Tests
        XCTestMainActorIsolation(),
        SwiftTestingSharedState(),
        // 8. SwiftData
        ModelContextCrossesIsolation(),
        ModelObjectCrossesActor(),
        CloudKitModelRequirements(),
        BackgroundInsertQueryRefresh(),
        // 9. Package and build settings
        Swift5ModeWithoutCompleteChecking(),
        DefaultIsolationInLibrary(),
        MigrationOrder(),
        // Suppressions
        UnknownRuleInSuppression(),
    ]

    /// Every rule id, in catalog order.
    public static let descriptors: [RuleDescriptor] = all.flatMap(\.descriptors)

    /// Ids the catalog reserves for rules not implemented yet: configuration and suppressions may
    /// already name them without being told the id is unknown. Each moves into `all` when its
    /// rule lands (a test checks the two never overlap).
    public static let reservedIDs: Set<String> = []

    /// Every id configuration and suppressions may name.
    public static var knownIDs: Set<String> { Set(descriptors.map(\.id)).union(reservedIDs) }

    public static func descriptor(_ id: String) -> RuleDescriptor? {
        descriptors.first { $0.id == id }
    }
}
