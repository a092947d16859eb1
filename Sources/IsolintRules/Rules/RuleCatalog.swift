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

    public static func descriptor(_ id: String) -> RuleDescriptor? {
        descriptors.first { $0.id == id }
    }
}
