/// A set of byte values (raw values of keywords, node kinds) in four words: membership is a
/// shift and a mask, with no hashing and no reference to count. Inlinable: the rule engine asks
/// it of every node.
@frozen
public struct ByteSet: Sendable, BitwiseCopyable {
    @usableFromInline var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    @inlinable public init() {}

    @inlinable public mutating func insert(_ value: UInt8) {
        let bit = UInt64(1) << UInt64(value & 63)
        switch value >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    @inlinable @inline(__always) public func contains(_ value: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(value & 63)
        switch value >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }
}

/// A set of node kinds, written as an array literal where a `Set<NodeKind>` would be and asked
/// without hashing (walks up the tree ask it at every step).
@frozen
public struct NodeKindSet: Sendable, BitwiseCopyable, ExpressibleByArrayLiteral {
    @usableFromInline var bits = ByteSet()

    @inlinable public init(arrayLiteral kinds: NodeKind...) {
        for k in kinds { bits.insert(k.rawValue) }
    }

    @inlinable public mutating func insert(_ kind: NodeKind) { bits.insert(kind.rawValue) }

    @inlinable @inline(__always) public func contains(_ kind: NodeKind) -> Bool { bits.contains(kind.rawValue) }
}
