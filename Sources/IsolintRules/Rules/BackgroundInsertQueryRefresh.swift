import IsolintSyntax

/// `background-insert-query-refresh`: a `@ModelActor` inserts and saves while views read with
/// `@Query` and nothing observes `ModelContext.didSave`.
public struct BackgroundInsertQueryRefresh: NodeRule {
    public static let descriptor = RuleDescriptor(
        id: "background-insert-query-refresh", severity: .info,
        summary: "Background @ModelActor saves may not refresh @Query lists; nothing observes didSave.",
        explanation: """
            ## What it finds
            A `@ModelActor` actor (its declaration, or an extension of it) that inserts into its context and \
            saves it, in a workspace where views read with `@Query` and nothing refers to \
            `ModelContext.didSave` (a `NotificationCenter` publisher, `notifications(named:)`, an observer). \
            The finding starts at the actor's first `save()` call.

            ## Why it matters in Swift 6
            Moving inserts onto a `@ModelActor` is what Swift 6 pushes teams to do — and on several OS \
            releases `@Query` does not see saves made by another context until the app relaunches or the \
            main context is touched: the list simply stops refreshing. It is no data race and no compiler \
            reports it; users report "new items don't show up".

            ## Fix
            No automatic fix. The known workaround: observe `ModelContext.didSave` (or the store's remote-change \
            notification) on the main actor and refresh — touch the main context (`try? mainContext.save()`), \
            or bump a token the view's `.id(…)` depends on so that the `@Query` re-runs; or make the insert on \
            the main context and keep only the heavy work on the actor.

            ## Before / after
            ```swift
            @ModelActor actor FeedImporter {
                func importItems(_ items: [FeedItemDTO]) throws {
                    for item in items { modelContext.insert(FeedItem(item)) }
                    try modelContext.save()                  // @Query lists may not refresh
                }
            }
            .onReceive(NotificationCenter.default.publisher(for: ModelContext.didSave)) { _ in
                refreshToken = UUID()                         // the view re-runs its @Query
            }
            ```
            """)

    public init() {}
    public var descriptors: [RuleDescriptor] { [Self.descriptor] }
    public var nodeKinds: [NodeKind] { [.actorDecl, .extensionDecl] }

    public func check(_ decl: Int32, in file: FileContext, into findings: inout [Finding]) {
        let markers = file.index.apiMarkers
        guard markers.contains(KnowledgeBase.queryMarker), !markers.contains(KnowledgeBase.didSaveMarker),
            ModelObjectCrossesActor().isModelActor(decl, file)
        else { return }
        let tree = file.tree
        var inserts = false
        var firstSave: Int32?
        for n in tree.subtree(decl) where tree[n].kind == .call {
            guard let name = tree.calleeName(of: n),
                name == KnowledgeBase.modelContextInsert || name == KnowledgeBase.modelContextSave,
                let callee = tree.callee(of: n), tree[callee].kind == .memberAccess,
                let base = tree.children(callee).first,
                file.model.typeOfExpression(base)?.unwrapped.path?.last == KnowledgeBase.modelContextType
            else { continue }
            if name == KnowledgeBase.modelContextInsert {
                inserts = true
            } else if firstSave.map({ n < $0 }) ?? true {
                firstSave = n
            }
        }
        guard inserts, let save = firstSave else { return }
        findings.append(
            file.finding(
                Self.descriptor, tree.range(of: save),
                "@ModelActor '\(tree.extendedTypeOrName(decl))' inserts and saves on its own context while views read with @Query, and nothing observes ModelContext.didSave: on several OS releases @Query lists do not refresh after background saves. Observe didSave on the main actor and refresh."
            ))
    }
}

extension SyntaxTree {
    /// A type declaration's name, or an extension's extended type.
    func extendedTypeOrName(_ decl: Int32) -> String {
        self[decl].kind == .extensionDecl ? extendedTypeText(decl) : name(of: decl)
    }
}
