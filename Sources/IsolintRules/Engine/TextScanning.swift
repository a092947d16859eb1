import Foundation

extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)`, without Foundation for ASCII text (type names,
    /// labels, rule ids): spaces and tabs are all it trims there. Foundation's trim bridged every
    /// string (15,000 instructions a call in the index builder); other text still goes to it,
    /// which knows every Unicode space.
    @inlinable
    public func trimmingSpaces() -> String {
        var first: UTF8View.Index?
        var end = utf8.startIndex
        var i = utf8.startIndex
        while i < utf8.endIndex {
            let b = utf8[i]
            if b >= 0x80 { return trimmingCharacters(in: .whitespaces) }
            let next = utf8.index(after: i)
            if b != 0x20 && b != 0x09 {
                if first == nil { first = i }
                end = next
            }
            i = next
        }
        guard let first else { return "" }
        return String(decoding: utf8[first..<end], as: UTF8.self)
    }
}

extension StringProtocol where Index == String.Index, UTF8View.Index == String.Index, SubSequence == Substring {
    /// `split(separator:)` on an ASCII separator (the `.` of a type path, the `/` of a file
    /// path), byte by byte for ASCII text: splitting a String compares Characters, thousands of
    /// instructions for a short path. Other text takes `split(separator:)` itself.
    @inlinable
    public func splitASCII(_ separator: UInt8) -> [Substring] {
        var parts: [Substring] = []
        var start = utf8.startIndex
        var i = start
        while i < utf8.endIndex {
            let b = utf8[i]
            if b >= 0x80 { return split(separator: Character(Unicode.Scalar(separator))) }
            if b == separator {
                if start < i { parts.append(self[start..<i]) }
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        if start < utf8.endIndex { parts.append(self[start..<utf8.endIndex]) }
        return parts
    }

    /// `lastIndex(of:)` an ASCII character, searched by bytes for ASCII text (as `splitASCII`).
    @inlinable
    public func lastIndexASCII(_ byte: UInt8) -> Index? {
        var found: Index?
        var i = utf8.startIndex
        while i < utf8.endIndex {
            let b = utf8[i]
            if b >= 0x80 { return lastIndex(of: Character(Unicode.Scalar(byte))) }
            if b == byte { found = i }
            i = utf8.index(after: i)
        }
        return found
    }
}
