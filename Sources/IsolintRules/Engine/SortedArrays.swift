/// Sorted arrays as sets of plain values: built by appending, sorted once, asked by binary
/// search — no hashing (the index keeps name hashes this way, see `NameUses`).
extension Array where Element: Comparable {
    /// Sorts in place and keeps one of each run of equal elements.
    mutating func sortAndRemoveDuplicates() {
        sort()
        guard count > 1 else { return }
        var kept = 1
        for i in 1..<count where self[i] != self[kept - 1] {
            self[kept] = self[i]
            kept += 1
        }
        removeLast(count - kept)
    }

    /// Whether a sorted array holds `element` (binary search).
    func sortedContains(_ element: Element) -> Bool {
        var low = 0
        var high = count
        while low < high {
            let mid = low + (high - low) / 2
            if self[mid] < element { low = mid + 1 } else { high = mid }
        }
        return low < count && self[low] == element
    }
}
