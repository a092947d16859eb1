import IsolintSyntax

/// Stored members of a lock or queue type, by the knowledge base (through workspace typealiases).
func lockMembers(_ file: FileContext, _ decl: Int32) -> [(name: String, type: String)] {
    var out: [(String, String)] = []
    for m in file.tree.members(of: decl) where file.tree[m].kind == .varDecl {
        for p in IndexBuilder.propertyInfos(file.tree, m) where p.isStored {
            guard let type = p.type, let name = lockTypeName(type, at: m, file) else { continue }
            out.append((p.name, name))
        }
    }
    return out
}

/// The knowledge base's lock or queue type a type names, following typealiases.
func lockTypeName(_ type: TypeExpr, at node: Int32, _ file: FileContext) -> String? {
    guard let path = type.unwrapped.path else { return nil }
    switch file.index.resolve(path, in: file.model.lookupContext(at: node)) {
    case .external(let p):
        guard let last = p.last, KnowledgeBase.lockTypes.contains(last) else { return nil }
        return last
    case .alias(let a):
        let target = file.index.typealiases[Int(a)].target
        guard let last = target.unwrapped.path?.last, KnowledgeBase.lockTypes.contains(last) else { return nil }
        return last
    default:
        // A workspace type named like a lock (`Mutex` of the workspace's own).
        return path.last.flatMap { KnowledgeBase.lockTypes.contains($0) ? $0 : nil }
    }
}

/// Whether a class is `@unchecked Sendable` in its own clause or an extension.
func isUncheckedSendable(_ file: FileContext, _ decl: Int32) -> Bool {
    if file.tree.uncheckedSendableAttribute(decl) != nil { return true }
    guard let s = file.model.symbol(of: decl) else { return false }
    return file.model.explicitSendableConformance(s)?.isUnchecked == true
}

/// `unchecked-sendable-unguarded`: an `@unchecked Sendable` class with mutable stored state and
/// nothing that looks like a lock; and, as `info`, any `@unchecked Sendable` ObservableObject.
public struct UncheckedSendableUnguarded: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "unchecked-sendable-unguarded", severity: .warning,
        summary: "`@unchecked Sendable` class with mutable stored properties and no lock or queue.",
        explanation: """
            ## What it finds
            A class declared `@unchecked Sendable` that has stored `var` properties but no stored member of a \
            lock or queue type (`NSLock`, `NSRecursiveLock`, `os_unfair_lock`, `OSAllocatedUnfairLock`, `Mutex`, \
            `DispatchQueue`, `pthread_mutex_t`, `Atomic`, `ManagedAtomic`, and the like: `NSCondition`, \
            `DispatchSemaphore`, lock property wrappers such as `@Protected`). Also, as `info`, every \
            `@unchecked Sendable` class conforming to `ObservableObject`.

            ## Why it matters in Swift 6
            `@unchecked` tells the compiler "trust me": it stops checking. With mutable state and nothing \
            guarding it, the promise is false and the data races the compiler would have caught ship. An \
            `ObservableObject` is UI state: `@MainActor` makes it Sendable for free, with checking.

            ## Which fix when
            - Guard the state: a `Mutex` (iOS 18 / macOS 15) or an `NSLock` around every access.
            - Make it an `actor` if callers can `await`.
            - For UI state, drop `@unchecked Sendable` and mark the class `@MainActor`.

            ## Before / after
            ```swift
            final class Counter: @unchecked Sendable { var value = 0 }

            final class Counter: Sendable {
                private let value = Mutex(0)
                func increment() { value.withLock { $0 += 1 } }
            }
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.classDecl] }

    public func check(_ decl: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        guard isUncheckedSendable(file, decl) else { return }
        let name = tree.name(of: decl)
        let range = tree.tokenRange(tree[decl].keyword)
        let mutable = tree.members(of: decl).filter { tree[$0].kind == .varDecl }.flatMap {
            IndexBuilder.propertyInfos(tree, $0)
        }
        .filter {
            $0.isStored && !$0.isLet && !$0.isStatic
                && !$0.attributes.contains(where: KnowledgeBase.lockingPropertyWrappers.contains)
        }
        if !mutable.isEmpty, lockMembers(file, decl).isEmpty {
            findings.append(
                file.finding(
                    Self.descriptor, range,
                    "'\(name)' is @unchecked Sendable but its mutable stored properties (\(mutable.map(\.name).joined(separator: ", "))) have no lock or queue guarding them; the compiler no longer checks them."
                ))
        }
        if file.model.conforms(decl, to: KnowledgeBase.observableObjectProtocol) {
            findings.append(
                file.finding(
                    Self.descriptor, range,
                    "'\(name)' is an ObservableObject marked @unchecked Sendable: make it @MainActor instead, which makes it Sendable with the compiler checking every access.",
                    severity: .info))
        }
    }
}
