/// How much of Swift concurrency the compiler checks in Swift 5 mode (`-strict-concurrency=`).
/// Swift 6 mode always checks everything.
public enum ConcurrencyChecking: String, Sendable, Comparable, CaseIterable {
    case minimal, targeted, complete

    var rank: Int {
        switch self {
        case .minimal: 0
        case .targeted: 1
        case .complete: 2
        }
    }

    public static func < (a: ConcurrencyChecking, b: ConcurrencyChecking) -> Bool { a.rank < b.rank }
}

/// A target's concurrency settings as the migration plan reports them, read from a Package.swift
/// target or from Xcode build settings the same way.
public struct TargetConcurrency: Sendable, Equatable {
    /// Major language mode: 4, 5 or 6.
    public var languageMode: Int
    public var checking: ConcurrencyChecking
    public var defaultIsolationMainActor: Bool
    /// Upcoming (and experimental) features, those an umbrella setting implies included.
    public var upcomingFeatures: Set<String>

    public init(
        languageMode: Int, checking: ConcurrencyChecking, defaultIsolationMainActor: Bool,
        upcomingFeatures: Set<String>
    ) {
        self.languageMode = languageMode
        self.checking = languageMode >= 6 ? .complete : checking
        self.defaultIsolationMainActor = defaultIsolationMainActor
        self.upcomingFeatures = TargetConcurrency.expanded(upcomingFeatures)
    }

    /// `ApproachableConcurrency` replaced by the features it stands for.
    public static func expanded(_ features: Set<String>) -> Set<String> {
        guard features.contains("ApproachableConcurrency") else { return features }
        return features.subtracting(["ApproachableConcurrency"]).union(KnowledgeBase.approachableConcurrencyFeatures)
    }

    /// The checking level the `StrictConcurrency` feature asks for (`StrictConcurrency` alone
    /// means complete; `StrictConcurrency=targeted` targeted).
    public static func checking(features: Set<String>) -> ConcurrencyChecking {
        var level = ConcurrencyChecking.minimal
        for f in features where f == "StrictConcurrency" || f.hasPrefix("StrictConcurrency=") {
            let value = f.split(separator: "=").dropFirst().first.map(String.init) ?? "complete"
            level = max(level, ConcurrencyChecking(rawValue: value) ?? .complete)
        }
        return level
    }

    /// What the rules need: the same facts as `TargetSettings`.
    public func settings(targetName: String?, kind: TargetSettings.Kind) -> TargetSettings {
        TargetSettings(
            targetName: targetName, kind: kind, languageMode: max(5, min(6, languageMode)),
            defaultIsolationMainActor: defaultIsolationMainActor,
            upcomingFeatures: upcomingFeatures.filter { !$0.hasPrefix("StrictConcurrency") },
            completeChecking: checking == .complete)
    }
}

extension PackageManifest {
    /// A target's concurrency settings.
    public func concurrency(of target: Target) -> TargetConcurrency {
        let features = features(of: target)
        return TargetConcurrency(
            languageMode: languageMode(of: target), checking: TargetConcurrency.checking(features: features),
            defaultIsolationMainActor: target.defaultIsolationMainActor, upcomingFeatures: features)
    }
}

/// Reading Xcode build settings (already resolved through xcconfigs and levels).
public enum XcodeBuildSettings {
    /// `SWIFT_VERSION`, `SWIFT_STRICT_CONCURRENCY`, `SWIFT_DEFAULT_ACTOR_ISOLATION`,
    /// `SWIFT_APPROACHABLE_CONCURRENCY`, `SWIFT_UPCOMING_FEATURE_*`, and the same given as
    /// `OTHER_SWIFT_FLAGS` (`-swift-version`, `-strict-concurrency=`, `-enable-upcoming-feature`,
    /// `-enable-experimental-feature`, `-default-isolation`).
    public static func concurrency(_ settings: [String: String]) -> TargetConcurrency {
        var mode = 5
        if let v = settings["SWIFT_VERSION"], let major = Int(v.prefix { $0.isNumber }) { mode = major }
        var checking =
            ConcurrencyChecking(rawValue: settings["SWIFT_STRICT_CONCURRENCY"]?.lowercased() ?? "") ?? .minimal
        var mainActor = settings["SWIFT_DEFAULT_ACTOR_ISOLATION"] == "MainActor"
        var features: Set<String> = []
        if isYes(settings["SWIFT_APPROACHABLE_CONCURRENCY"]) { features.insert("ApproachableConcurrency") }
        for (key, value) in settings where key.hasPrefix("SWIFT_UPCOMING_FEATURE_") && isYes(value) {
            features.insert(featureName(buildSetting: String(key.dropFirst("SWIFT_UPCOMING_FEATURE_".count))))
        }
        let flags = (settings["OTHER_SWIFT_FLAGS"] ?? "").split(separator: " ").map(String.init)
        var k = 0
        while k < flags.count {
            let flag = flags[k]
            let next = k + 1 < flags.count ? flags[k + 1] : nil
            switch flag {
            case "-swift-version":
                if let n = next.flatMap({ Int($0.prefix { $0.isNumber }) }) { mode = n }
                k += 1
            case "-enable-upcoming-feature", "-enable-experimental-feature":
                if let n = next { features.insert(n) }
                k += 1
            case "-default-isolation":
                if let n = next { mainActor = n == "MainActor" }
                k += 1
            default:
                if flag.hasPrefix("-strict-concurrency="),
                    let level = ConcurrencyChecking(rawValue: String(flag.dropFirst("-strict-concurrency=".count)))
                {
                    checking = max(checking, level)
                }
            }
            k += 1
        }
        checking = max(checking, TargetConcurrency.checking(features: features))
        return TargetConcurrency(
            languageMode: mode, checking: checking, defaultIsolationMainActor: mainActor, upcomingFeatures: features)
    }

    static func isYes(_ value: String?) -> Bool {
        guard let v = value?.uppercased() else { return false }
        return v == "YES" || v == "TRUE" || v == "1"
    }

    /// `INFER_SENDABLE_FROM_CAPTURES` → `InferSendableFromCaptures` (the exceptions from the
    /// knowledge base).
    public static func featureName(buildSetting name: String) -> String {
        if let known = KnowledgeBase.upcomingFeatureBuildSettings[name] { return known }
        return name.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
    }

    /// The plan's kind of an Xcode product type.
    public static func kind(productType: String) -> PlanTarget.Kind {
        if KnowledgeBase.applicationProductTypes.contains(productType) { return .app }
        if KnowledgeBase.testProductTypes.contains(productType) { return .test }
        if KnowledgeBase.toolProductTypes.contains(productType) { return .executable }
        return .library
    }
}
