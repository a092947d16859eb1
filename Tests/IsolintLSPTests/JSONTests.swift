import Foundation
import Testing

@testable import IsolintLSP
@testable import IsolintRules

@Suite("JSON")
struct JSONTests {
    @Test func parsesAndSerialisesInOrder() throws {
        let text = #"{"b":1,"a":[true,false,null,-2.5e3,"x\ny\u00e9\ud83d\ude00"],"c":{}}"#
        let v = try JSON.parse(text)
        #expect(v["b"] == .int(1))
        #expect(v["a"]?[3] == .double(-2500))
        #expect(v["a"]?[4]?.string == "x\nyé😀")
        #expect(v.serialized() == #"{"b":1,"a":[true,false,null,-2500.0,"x\nyé😀"],"c":{}}"#)
    }

    @Test(arguments: ["", "{", #"{"a":}"#, "[1,2", #""abc"#, "tru", "{\"a\" 1}", "[1]x", "-", #"{"a":1,}"#])
    func rejectsMalformedInput(_ text: String) {
        #expect(throws: JSON.ParseError.self) { try JSON.parse(text) }
    }

    /// Found by the framing fuzzer: `"jsonrpc": 2e308` read as infinity, written back as null.
    @Test func numbersPastDoublesRangeAreRefusedAndTheRestRoundTrips() throws {
        for text in ["2e308", "-2e308", #"{"jsonrpc": 2e308}"#, "[1e999]"] {
            #expect(throws: JSON.ParseError.self) { try JSON.parse(text) }
        }
        for text in ["1e308", "-1.7976931348623157e308", "5e-324", "1e-400", "123456789012345678901234567890"] {
            let v = try JSON.parse(text)
            #expect(try JSON.parse(v.serialized()) == v, "\(text)")
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSON.ParseError.self) { try JSON.parse(deep) }
        let ok = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect((try? JSON.parse(ok)) != nil)
    }

    @Test func escapesControlCharacters() {
        #expect(JSON.string("a\u{1}b\"\\").serialized() == #""a\u0001b\"\\""#)
    }
}

@Suite("Framing")
struct FramerTests {
    func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

    @Test func splitsMessagesAcrossArbitraryChunks() throws {
        let bytes =
            frame(#"{"id":1}"#) + Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n".utf8)
            + frame(#"{"id":2}"#)
        for chunk in [1, 3, 7, 100] {
            var f = Framer()
            var got: [JSON] = []
            var k = 0
            while k < bytes.count {
                f.append(bytes[k..<min(k + chunk, bytes.count)])
                k += chunk
                while let m = f.next() {
                    if case .message(let j) = m { got.append(j) }
                }
            }
            #expect(got.map { $0["id"] } == [.int(1), .int(2)], "chunk size \(chunk)")
        }
    }

    @Test func badJSONIsAParseErrorAndTheNextMessageStillArrives() {
        var f = Framer()
        f.append(ArraySlice(frame("{not json") + frame(#"{"id":3}"#)))
        guard case .parseError = f.next() else { Issue.record("expected a parse error"); return }
        guard case .message(let j) = f.next() else { Issue.record("expected the next message"); return }
        #expect(j["id"] == .int(3))
    }

    @Test func missingContentLengthResynchronises() {
        var f = Framer()
        f.append(ArraySlice(Array("X-Whatever: 1\r\n\r\n{\"id\":9}".utf8) + frame(#"{"id":4}"#)))
        guard case .parseError(let reason) = f.next() else { Issue.record("expected a parse error"); return }
        #expect(reason.contains("Content-Length"))
        guard case .message(let j) = f.next() else { Issue.record("expected the next message"); return }
        #expect(j["id"] == .int(4))
    }
}

@Suite("URIs")
struct URITests {
    @Test func pathsUnderARoot() {
        #expect(WorkspaceState.path("/a/b/C.swift", isUnder: "/a/b"))
        #expect(WorkspaceState.path("/a/b/C.swift", isUnder: "/"))
        #expect(!WorkspaceState.path("/a/bc/C.swift", isUnder: "/a/b"))
        #expect(!WorkspaceState.path("/a/b", isUnder: "/a/b"))
    }

    @Test func roundTripsPathsWithSpacesAndUnicode() {
        let path = "/tmp/My Project/Café/ViewModel.swift"
        let uri = URIPath.uri(path)
        #expect(uri == "file:///tmp/My%20Project/Caf%C3%A9/ViewModel.swift")
        #expect(URIPath.path(uri) == path)
        #expect(URIPath.path("untitled:Untitled-1") == nil)
    }
}

@Suite("Framing recovery")
struct FramingRecoveryTests {
    func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

    /// A header block without Content-Length, whose tail holds another blank line, used to make
    /// the framer re-read it forever.
    @Test func headerWithoutLengthIsReportedOnceThenTheNextMessageArrives() {
        var f = Framer()
        f.append(ArraySlice(Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n".utf8)))
        var errors = 0
        while let m = f.next() {
            if case .parseError = m { errors += 1 }
            if errors > 3 { break }
        }
        #expect(errors == 1)
        // A valid request written later is not glued to the leftovers.
        f.append(ArraySlice(frame(#"{"id":7}"#)))
        guard case .message(let j) = f.next() else { Issue.record("expected the request"); return }
        #expect(j["id"] == .int(7))
    }

    @Test func garbageThenRequestInSeparateWrites() {
        var f = Framer()
        f.append(ArraySlice(Array("X: y\r\n\r\n0123456789abcdefghij".utf8)))
        var errors = 0
        while let m = f.next() { if case .parseError = m { errors += 1 }; if errors > 3 { break } }
        #expect(errors == 1)
        f.append(ArraySlice(frame(#"{"id":8}"#)))
        var got: [JSON] = []
        while let m = f.next() { if case .message(let j) = m { got.append(j) } }
        #expect(got.map { $0["id"] } == [.int(8)])
    }
}

@Suite("Framing: overlong, missing and oversized bodies")
struct FramingResyncTests {
    func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

    func drain(_ f: inout Framer) -> [IncomingMessage] {
        var out: [IncomingMessage] = []
        while let m = f.next() { out.append(m) }
        return out
    }

    /// A frame that claims 40 bytes more than it carries used to swallow the next frame and wait
    /// forever for bytes that never come; now the next frame's header ends it.
    @Test func anOverlongContentLengthEndsAtTheNextHeader() {
        let body = #"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#
        let bytes =
            Array("Content-Length: \(body.utf8.count + 40)\r\n\r\n\(body)".utf8) + frame(#"{"id":2}"#)
        for chunk in [1, 5, 64, bytes.count] {
            var f = Framer()
            var got: [IncomingMessage] = []
            var k = 0
            while k < bytes.count {
                f.append(bytes[k..<min(k + chunk, bytes.count)])
                k += chunk
                got += drain(&f)
            }
            #expect(
                got == [
                    .parseError(
                        "Content-Length \(body.utf8.count + 40) overstates the message: another message begins after "
                            + "\(body.utf8.count) bytes"), .message(.object([("id", .int(2))])),
                ], "chunk size \(chunk)")
        }
    }

    @Test func aHeaderWithoutBodyThenAValidFrame() {
        var f = Framer()
        f.append(ArraySlice(Array("Content-Length: 100\r\n\r\n".utf8)))
        #expect(drain(&f) == [])
        f.append(ArraySlice(frame(#"{"id":3}"#)))
        #expect(
            drain(&f) == [
                .parseError("Content-Length 100 overstates the message: another message begins after 0 bytes"),
                .message(.object([("id", .int(3))])),
            ])
    }

    /// The words inside a JSON string are no header: raw CR LF cannot stand in a string.
    @Test func contentLengthInsideAStringIsJustText() {
        var f = Framer()
        let body = #"{"text":"Content-Length: 12\r\n\r\n"}"#
        f.append(ArraySlice(frame(body)))
        #expect(drain(&f) == [.message(.object([("text", .string("Content-Length: 12\r\n\r\n"))]))])
    }

    /// A 50 MB message is refused at its header and dropped as it arrives: the framer never
    /// holds more than a read's worth of it.
    @Test func anOversizedMessageIsSkippedWithBoundedMemory() {
        var f = Framer()
        let size = 50 << 20
        f.append(ArraySlice(Array("Content-Length: \(size)\r\n\r\n".utf8)))
        #expect(
            drain(&f) == [
                .tooLarge("a message of \(size) bytes exceeds the limit of \(Framer.maxMessageBytes) bytes; skipped")
            ])
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 16)
        var most = 0
        for _ in 0..<(size >> 16) {
            f.append(chunk[...])
            #expect(drain(&f).isEmpty)
            most = max(most, f.bufferedBytes)
        }
        #expect(most <= 1 << 17)
        f.append(ArraySlice(frame(#"{"id":4}"#)))
        #expect(drain(&f) == [.message(.object([("id", .int(4))]))])
    }
}

@Suite("Message classification")
struct IncomingTests {
    func classify(_ text: String) throws -> Incoming {
        Incoming.classify(try JSON.parse(Array(text.utf8)))
    }

    @Test func nullParamsAreNoParams() throws {
        #expect(
            try classify(#"{"jsonrpc":"2.0","id":7,"method":"shutdown","params":null}"#)
                == .request(id: .int(7), method: "shutdown", params: nil))
        #expect(
            try classify(#"{"jsonrpc":"2.0","method":"exit","params":null}"#)
                == .notification(method: "exit", params: nil))
        #expect(
            try classify(#"{"jsonrpc":"2.0","id":8,"method":"shutdown"}"#)
                == .request(id: .int(8), method: "shutdown", params: nil))
    }

    @Test func scalarParamsAreRefused() throws {
        #expect(
            try classify(#"{"jsonrpc":"2.0","id":9,"method":"shutdown","params":3}"#)
                == .invalid(id: .int(9), reason: "params must be an object or an array"))
    }
}

/// Inputs the framing fuzzer (Fuzz/FuzzFraming.swift) found, replayed as it runs them: the
/// input, then a blank line and two valid frames, fed in chunks whose size the first byte
/// picks; the second frame must arrive, last.
@Suite("Framing fuzzer regressions")
struct FramingFuzzRegressionTests {
    static func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }
    static let sentinel =
        Array("\r\n\r\n".utf8) + frame(#"{"jsonrpc":"2.0","method":"x","params":{}}"#)
        + frame(#"{"jsonrpc":"2.0","id":"sentinel","method":"shutdown"}"#)

    static func run(_ input: [UInt8]) -> [IncomingMessage] {
        let bytes = input + sentinel
        let step = Int(input.first ?? 0) % 61 + 1
        var framer = Framer()
        var got: [IncomingMessage] = []
        var k = 0
        while k < bytes.count {
            framer.append(bytes[k..<min(k + step, bytes.count)])
            k += step
            while let m = framer.next() { got.append(m) }
        }
        return got
    }

    @Test(arguments: [
        // A body one byte longer than sent: it ends on the CR of the blank line.
        #"Content-Length: 120"# + "\r\n\r\n"
            + #"{"jsonrpc":erver-2", "method": "workspace/configuration", "params\#u{12}": "#
            + #"{" "id":"textDocument": [{"section": "isolint"}]}}"#
    ])
    func theFrameAfterTheGarbageArrives(_ input: String) {
        let got = Self.run(Array(input.utf8))
        guard case .message(let last) = got.last else {
            Issue.record("no message at the end: \(got)")
            return
        }
        #expect(last["id"] == .string("sentinel"), "\(got)")
    }
}
