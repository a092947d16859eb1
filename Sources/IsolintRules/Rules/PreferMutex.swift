import IsolintSyntax

/// `prefer-mutex` (off by default): an `@unchecked Sendable` class guarded by a single `NSLock`.
public struct PreferMutex: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "prefer-mutex", severity: .info,
        summary: "An `@unchecked Sendable` class guarded by one NSLock could use `Mutex` and drop `@unchecked`.",
        explanation: """
            ## What it finds
            An `@unchecked Sendable` class whose only lock or queue member is one `NSLock`, used through \
            `withLock` or `lock()`.

            ## Why it matters in Swift 6
            `Mutex` (Synchronization, iOS 18 / macOS 15 and later) owns the state it protects, so the class \
            can conform to `Sendable` *checked*: the compiler then proves every access goes through the lock.

            ## Fix
            Move the guarded properties into a `Mutex<State>` and remove `@unchecked`. Not automatic: the \
            accesses change shape.

            ## Before / after
            ```swift
            final class Store: @unchecked Sendable {
                private let lock = NSLock()
                private var items: [Item] = []
            }
            final class Store: Sendable {
                private let items = Mutex<[Item]>([])
            }
            ```
            """,
        enabledByDefault: false)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.classDecl] }

    public func check(_ decl: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        guard isUncheckedSendable(file, decl) else { return }
        let locks = lockMembers(file, decl)
        guard locks.count == 1, locks[0].type == "NSLock" else { return }
        let lock = locks[0].name
        // Used through `lock.withLock` or `lock.lock()`.
        let used = tree.subtree(decl).contains { n in
            guard tree[n].kind == .memberAccess, tree.name(of: n, is: "withLock") || tree.name(of: n, is: "lock"),
                let base = tree.children(n).first
            else { return false }
            return tree.plainPath(of: base).map { $0 == lock || $0 == "self.\(lock)" } ?? false
        }
        guard used else { return }
        findings.append(
            file.finding(
                Self.descriptor, tree.tokenRange(tree[decl].keyword),
                "'\(tree.name(of: decl))' guards its state with one NSLock: a Mutex from Synchronization (iOS 18 / macOS 15) would let it conform to Sendable with checking instead of @unchecked."
            ))
    }
}
