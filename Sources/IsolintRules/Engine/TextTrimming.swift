import Foundation

extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)`, without Foundation for ASCII text (type names,
    /// labels, rule ids): spaces and tabs are all it trims there. Foundation's trim bridged every
    /// string (15,000 instructions a call in the index builder); other text still goes to it,
    /// which knows every Unicode space.
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
