import IsolintSyntax

/// `observable-object-missing-main-actor`: UI state classes that are not `@MainActor`.
public struct ObservableObjectMissingMainActor: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "observable-object-missing-main-actor", severity: .warning,
        summary: "An ObservableObject / @Published / view-used @Observable class that is not @MainActor.",
        explanation: """
            ## What it finds
            A class conforming to `ObservableObject` or holding `@Published` properties, or an `@Observable` \
            class a SwiftUI `View` stores, when neither the class nor all its members are `@MainActor` and \
            the target does not default to MainActor isolation. An enclosing type's isolation does not count: \
            nested types do not inherit it.

            ## Why it matters in Swift 6
            SwiftUI reads this state on the main thread. Without `@MainActor`, every `Task {}` or callback that \
            mutates it is a data race — the compiler reports it at each mutation, far from the real fix, and \
            `@Published` changes from a background thread are runtime warnings.

            ## Fix
            Add `@MainActor` above the class. Work that must leave the main actor moves into `async` \
            functions of services the view model awaits.

            ## Before / after
            ```swift
            final class FeedViewModel: ObservableObject { @Published var posts: [Post] = [] }

            @MainActor
            final class FeedViewModel: ObservableObject { @Published var posts: [Post] = [] }
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.classDecl] }

    public func check(_ decl: Int32, in file: FileContext, into findings: inout [Finding]) {
        let tree = file.tree
        guard !file.settings.defaultIsolationMainActor else { return }
        let name = tree.name(of: decl)
        let members = tree.members(of: decl)
        let observable = file.model.conforms(decl, to: KnowledgeBase.observableObjectProtocol)
        let published = members.contains { m in
            tree[m].kind == .varDecl && tree.attributeNames(of: m).contains(KnowledgeBase.publishedWrapper)
        }
        let viewObservable =
            tree.attributeNames(of: decl).contains(KnowledgeBase.observableMacro)
            && file.index.isReferencedFromViews(name, declaredIn: file.model.module)
        guard observable || published || viewObservable else { return }
        if file.isolation.typeIsolation(decl).isGlobalActor { return }
        let isolatedMembers = members.filter {
            [.varDecl, .funcDecl, .initDecl, .subscriptDecl].contains(tree[$0].kind)
        }
        if !isolatedMembers.isEmpty, isolatedMembers.allSatisfy({ file.model.memberIsolation($0).isMainActor }) {
            return
        }
        let why =
            observable
            ? "is an ObservableObject"
            : (published ? "has @Published properties" : "is @Observable state a SwiftUI view holds")
        findings.append(
            file.finding(
                Self.descriptor, tree.tokenRange(tree[decl].keyword),
                "'\(name)' \(why) but is not @MainActor: SwiftUI reads it on the main thread, so every mutation from a Task or callback is a data race.",
                fixes: [
                    Fix(
                        title: "Add `@MainActor` to the class",
                        edits: [Edits.lineAbove(tree, tree.start(decl), "@MainActor")])
                ]))
    }
}
