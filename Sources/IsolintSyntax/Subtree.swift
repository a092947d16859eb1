extension SyntaxTree {
    /// Every node in the subtree of `node` (itself included), iteratively: a node, then its
    /// children's subtrees from the last child to the first. A lazy sequence, so that a
    /// `contains`/`first(where:)` stops at its answer and a walk builds no array (rules walk
    /// subtrees millions of times in a workspace run).
    @inlinable
    public func subtree(_ node: Int32) -> Subtree { Subtree(root: node, childStart: childStart, childList: childList) }

    public struct Subtree: Sequence, Sendable {
        @usableFromInline let root: Int32
        @usableFromInline let childStart: [Int32]
        @usableFromInline let childList: [Int32]

        @inlinable
        init(root: Int32, childStart: [Int32], childList: [Int32]) {
            self.root = root
            self.childStart = childStart
            self.childList = childList
        }

        @inlinable
        public func makeIterator() -> Iterator { Iterator(root: root, childStart: childStart, childList: childList) }

        public struct Iterator: IteratorProtocol, Sendable {
            @usableFromInline var stack: [Int32]
            @usableFromInline let childStart: [Int32]
            @usableFromInline let childList: [Int32]

            @inlinable
            init(root: Int32, childStart: [Int32], childList: [Int32]) {
                // One allocation: an array literal first and then a reserve would make two.
                stack = []
                stack.reserveCapacity(32)
                stack.append(root)
                self.childStart = childStart
                self.childList = childList
            }

            @inlinable
            public mutating func next() -> Int32? {
                guard let n = stack.popLast() else { return nil }
                // An index that names no node (-1) has no children.
                if n >= 0, Int(n) + 1 < childStart.count {
                    var i = Int(childStart[Int(n)])
                    let end = Int(childStart[Int(n) + 1])
                    while i < end {
                        stack.append(childList[i])
                        i += 1
                    }
                }
                return n
            }
        }
    }
}
