import IsolintSyntax
import Testing

@testable import IsolintRules

/// The index keeps the names code assigns, constructs and cancels as sorted name hashes: these
/// tests hold the sorted-array helpers to `Set`'s answers and the uses to the names written.
@Suite("Name uses")
struct NameUsesTests {
    @Test func sortAndRemoveDuplicatesIsTheSortedSet() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 3, 17, 200] {
            let values = (0..<count).map { _ in UInt64.random(in: 0..<40, using: &generator) }
            var sorted = values
            sorted.sortAndRemoveDuplicates()
            #expect(sorted == Set(values).sorted())
            for probe in UInt64(0)..<41 { #expect(sorted.sortedContains(probe) == values.contains(probe)) }
        }
        #expect(![UInt64]().sortedContains(0))
    }

    /// A union of sorted lists holds exactly the hashes of any list, once each.
    @Test func nameHashSetUnionIsTheSetUnion() {
        var generator = SystemRandomNumberGenerator()
        for lists in [0, 1, 2, 5] {
            let parts = (0..<lists).map { k in
                var list = (0..<(k == 1 ? 0 : 30)).map { _ in UInt64.random(in: 0..<60, using: &generator) }
                list.sortAndRemoveDuplicates()
                return list
            }
            let union = NameHashSet(union: parts)
            #expect(union.hashes == Set(parts.joined()).sorted())
            for probe in UInt64(0)..<61 {
                #expect(union.contains(hash: probe) == parts.contains { $0.contains(probe) })
            }
        }
        let names = NameHashSet(union: [["load", "View"].map(NameHash.of).sorted()])
        #expect(names.contains("load") && names.contains("View") && !names.contains("view"))
    }

    @Test func mergeOrderDoesNotMatter() {
        var ab = NameUses(["b", "a"].map(NameHash.of), module: "App")
        ab.merge(NameUses([NameHash.of("c"), NameHash.of("a")], module: "App"))
        var ba = NameUses([NameHash.of("a"), NameHash.of("c"), NameHash.of("a")], module: "App")
        ba.merge(NameUses([NameHash.of("b")], module: "App"))
        #expect(ab == ba)
        #expect(ab != NameUses([NameHash.of("a")], module: "App"))
        let sorted = ab.sorted()
        #expect(sorted.byModule["App"] == ["a", "b", "c"].map(NameHash.of).sorted())
        #expect(sorted.isUsed("c") { $0 == "App" })
        #expect(!sorted.isUsed("c") { $0 == "Other" })
        #expect(!sorted.isUsed("d") { _ in true })
    }

    /// A name's hash is that of the token as `name(of:)` reads it: backticks dropped,
    /// non-ASCII bytes as they are.
    @Test func usesAreTheNamesWritten() {
        let idx = IndexTests.index(
            """
            func f() {
                `default` = 1
                café += 1
                `self`.`class`.append(2)
                box.items[0].fill()
                Widget.init(x: 1)
                Gadget(y: 2)
                timers[id]?.cancel()
            }
            struct Box { mutating func fill() {} }
            """)
        for name in ["default", "café", "class", "self", "box", "items"] {
            #expect(idx.isMutated(name, declaredIn: ""), "\(name) should be mutated")
        }
        for name in ["`default`", "f", "fill", "append", "Widget", "timers"] {
            #expect(!idx.isMutated(name, declaredIn: ""), "\(name) should not be mutated")
        }
        #expect(idx.isConstructed("Widget", declaredIn: "") && idx.isConstructed("Gadget", declaredIn: ""))
        #expect(!idx.isConstructed("init", declaredIn: "") && !idx.isConstructed("x", declaredIn: ""))
        #expect(idx.isCancelled("timers", declaredIn: "") && !idx.isCancelled("id", declaredIn: ""))
    }
}
