/// What the rules need to know of the target a file belongs to.
public struct TargetSettings: Sendable, Equatable {
    public enum Kind: String, Sendable { case library, executable, test, macro, plugin, unknown }

    public var targetName: String?
    public var kind: Kind
    /// 5 or 6.
    public var languageMode: Int
    public var defaultIsolationMainActor: Bool
    public var upcomingFeatures: Set<String>
    /// `StrictConcurrency` enabled as an upcoming/experimental feature or by flag.
    public var completeChecking: Bool

    public init(
        targetName: String? = nil, kind: Kind = .unknown, languageMode: Int = 6,
        defaultIsolationMainActor: Bool = false, upcomingFeatures: Set<String> = [], completeChecking: Bool = false
    ) {
        self.targetName = targetName
        self.kind = kind
        self.languageMode = languageMode
        self.defaultIsolationMainActor = defaultIsolationMainActor
        self.upcomingFeatures = upcomingFeatures
        self.completeChecking = completeChecking
    }

    /// Settings for a file no Package.swift target claims: Swift 6, nonisolated by default.
    public static let standalone = TargetSettings()

    /// Whether conformances of main-actor types are inferred isolated (swiftc 6.2+ with the
    /// upcoming feature, implied by default MainActor isolation in 6.3).
    public var infersIsolatedConformances: Bool {
        defaultIsolationMainActor || upcomingFeatures.contains("InferIsolatedConformances")
    }
}
