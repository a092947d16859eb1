import Foundation
import Testing

@testable import IsolintRules

/// The index builder's text helpers agree with what they replace: Foundation's trim, and a
/// split that iterates Characters.
@Suite("Text trimming and splitting")
struct TextScanningTests {
    @Test func joinedInReverseIsTheReversedJoin() {
        let cases: [[String]] = [[], [""], ["Outer"], ["Inner", "Outer"], ["c", "", "a"], ["Ü", "x.y", "Z", "w"]]
        for parts in cases {
            #expect(parts.joinedInReverse(separator: ".") == parts.reversed().joined(separator: "."))
            #expect(parts.joinedInReverse(separator: "::") == parts.reversed().joined(separator: "::"))
        }
        #expect(["Inner", "Mid", "Outer"].joinedInReverse(separator: ".") == "Outer.Mid.Inner")
    }

    static let samples = [
        "", " ", "\t", "a", " a", "a ", " \t a b \t", "T: Sendable", "  Dictionary<String, [Int]>  ",
        "\u{00A0}x\u{3000}",
        " é ", "x\r\n", "\u{2003}T\u{2003}", " ~Copyable",
    ]

    @Test func trimmingSpacesIsFoundationsTrim() {
        for s in Self.samples {
            #expect(s.trimmingSpaces() == s.trimmingCharacters(in: .whitespaces), "\(Array(s.unicodeScalars))")
            let sub = Substring(s)
            #expect(sub.trimmingSpaces() == sub.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func topLevelSplitKeepsBracketsTogether() {
        #expect(splitTopLevel("T: Sendable, U: Hashable", ",") == ["T: Sendable", "U: Hashable"])
        #expect(splitTopLevel(" K, V: Collection<(Int, Int)>, W ", ",") == ["K", "V: Collection<(Int, Int)>", "W"])
        #expect(splitTopLevel("A<B, C>: [D: E]", ":") == ["A<B, C>", "[D: E]"])
        #expect(splitTopLevel("", ",") == [""])
        // Non-ASCII text takes the Character path: the same answers.
        #expect(splitTopLevel("Ü: Sendable, V", ",") == ["Ü: Sendable", "V"])
    }

    @Test func asciiSplitIsSplit() {
        let samples = [
            "", ".", "a", "a.b", ".a..b.", "Outer.Inner.T", "Swift.Result<A.B, C>", "é.x", "a.\u{301}b",
            "/usr//lib/./x",
        ]
        for s in samples {
            #expect(s.splitASCII(UInt8(ascii: ".")) == s.split(separator: "."), "\(s)")
            #expect(s.splitASCII(UInt8(ascii: "/")) == s.split(separator: "/"), "\(s)")
            #expect(s.lastIndexASCII(UInt8(ascii: ".")) == s.lastIndex(of: "."), "\(s)")
            let sub = Substring("x." + s).dropFirst(2)
            #expect(sub.splitASCII(UInt8(ascii: ".")) == sub.split(separator: "."), "\(s)")
            // Indices into the base string, as the library's (the fast path counts from the slice's start).
            #expect(sub.lastIndexASCII(UInt8(ascii: ".")) == sub.lastIndex(of: "."), "\(s)")
            #expect(
                sub.splitASCII(UInt8(ascii: ".")).map { $0.startIndex }
                    == sub.split(separator: ".").map { $0.startIndex },
                "\(s)")
        }
    }

    /// The byte search finds what Foundation's `range(of:)` finds, in slices too (indices into the
    /// base string), and in text that is not ASCII.
    @Test func asciiRangeIsFoundationsRange() {
        let samples = ["", "/", "//", "a // b", "é//x", "x/y/", "KEY = $(inherited) -DX", "inherite", "//a//", "ü/"]
        for s in samples {
            #expect(s.firstRangeASCII(of: "//") == s.range(of: "//"), "\(s)")
            #expect(s.firstRangeASCII(of: "inherited") == s.range(of: "inherited"), "\(s)")
            let sub = Substring("//" + s).dropFirst(2)
            #expect(sub.firstRangeASCII(of: "//") == sub.range(of: "//"), "\(s)")
        }
        #expect("abc".firstRangeASCII(of: "c").map { "abc"[$0] } == "c")
        #expect("ab".firstRangeASCII(of: "abc") == nil)
    }
}
