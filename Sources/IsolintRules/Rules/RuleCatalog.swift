/// Every rule the engine runs, in catalog order (RULES.md).
public enum RuleCatalog {
    public static let all: [any Rule] = [
        GlobalMutableState(),
        UnsafeOptOutUndocumented(),
        UncheckedSendableUnguarded(),
        PreferMutex(),
        PublicTypeMissingSendable(),
        EscapingClosureMissingSendable(),
        ObservableObjectMissingMainActor(),
        SendableClosureTouchesMainActor(),
        CombineReceiveOffMain(),
        RedundantMainDispatch(),
    ]

    /// Descriptors of every rule id, `unknown-rule-in-suppression` included, in catalog order.
    public static var descriptors: [RuleDescriptor] {
        all.flatMap(\.descriptors) + [UnknownRuleInSuppression.descriptor]
    }

    /// Every id of the catalog (RULES.md), implemented or not yet: suppressions and
    /// configuration may name them without being reported as unknown.
    public static let catalogIDs: Set<String> = [
        "global-mutable-state", "unsafe-opt-out-undocumented", "unchecked-sendable-unguarded", "prefer-mutex",
        "public-type-missing-sendable", "escaping-closure-missing-sendable", "observable-object-missing-main-actor",
        "sendable-closure-touches-main-actor", "combine-receive-off-main", "redundant-main-dispatch",
        "prefer-task-main-actor", "weak-self-guard-outside-loop", "weak-self-inner-closure-only",
        "long-lived-task-retains-self", "stored-task-never-cancelled", "reflexive-weak-self", "detached-task",
        "async-work-on-main-actor", "prefer-task-modifier", "conformance-isolation", "continuation-misuse",
        "unsafe-continuation", "completion-handler-async-alternative", "deinit-isolation",
        "xctest-main-actor-isolation", "swift-testing-shared-state", "model-context-crosses-isolation",
        "model-object-crosses-actor", "cloudkit-model-requirements", "background-insert-query-refresh",
        "swift5-mode-without-complete-checking", "default-isolation-in-library", "migration-order",
        "unknown-rule-in-suppression",
    ]

    public static func descriptor(_ id: String) -> RuleDescriptor? {
        descriptors.first { $0.id == id }
    }
}
