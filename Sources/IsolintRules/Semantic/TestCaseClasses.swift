import IsolintSyntax

extension SemanticModel {
    /// Whether a type declaration is a subclass of `XCTestCase`, directly or through workspace
    /// classes (up to 16 levels). Asked of every test method; answered once per class.
    public func isXCTestCase(_ owner: Int32) -> Bool {
        xctestCaseClasses.get(owner) {
            if tree[owner].kind == .classDecl, tree.inheritedTypes(of: owner).first?.name == KnowledgeBase.xctestCase {
                return true
            }
            guard var s = symbol(of: owner) else { return false }
            let types = index.types
            for _ in 0..<16 {
                let d = index.primaryDeclPosition(s)
                guard types[d].kind == .classDecl, let superclass = types[d].inherited.first,
                    let path = superclass.type.path
                else {
                    return false
                }
                if path.last == KnowledgeBase.xctestCase { return true }
                guard let next = index.resolveSymbol(path, in: index.context(of: s)), next != s else { return false }
                s = next
            }
            return false
        }
    }
}
