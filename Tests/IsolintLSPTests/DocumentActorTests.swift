import Foundation
import IsolintRules
import IsolintSyntax
import Testing

@testable import IsolintLSP

/// What a document publishes when analyses of one version arrive out of order.
@Suite("DocumentActor publishing")
struct DocumentActorTests {
    /// The frames written to a pipe by a `MessageWriter`, decoded.
    static func written(_ publish: (MessageWriter) async -> Void) async throws -> [[String: Any]] {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let writer = MessageWriter(fd: fds[1])
        await publish(writer)
        writer.drain()
        close(fds[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        let separator = Array("\r\n\r\n".utf8)
        var messages: [[String: Any]] = []
        var at = 0
        while let headerEnd = (at..<max(at, bytes.count - 3)).first(where: {
            Array(bytes[$0..<$0 + 4]) == separator
        }) {
            let header = String(decoding: bytes[at..<headerEnd], as: UTF8.self)
            let length = try #require(Int(header.replacingOccurrences(of: "Content-Length: ", with: "")))
            let body = Data(bytes[headerEnd + 4..<headerEnd + 4 + length])
            messages.append(try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any]))
            at = headerEnd + 4 + length
        }
        return messages
    }

    /// The document is analysed before the workspace index has what it needs (generation 1, no
    /// findings) and again after (generation 2, findings); the first analysis's publish arrives
    /// last. Its report must not follow the newer one, nor replace it while it waits in the
    /// writer's queue (the client would then see only the stale, empty report).
    @Test func anOlderGenerationsReportNeverFollowsANewerOne() async throws {
        let (source, findings) = DiagnosticWriterTests.findings()
        #expect(!findings.isEmpty)
        let tree = Pipeline.parse(source)
        let uri = "file:///tmp/W.swift"
        let doc = DocumentActor(uri: uri, path: "/tmp/W.swift", text: source.text(0..<source.bytes.count), version: 1)
        let writer = DiagnosticWriter(linter: Linter(), docsBaseURL: nil, capabilities: ClientCapabilities())
        func analysis(_ generation: Int, _ findings: [Finding]) -> Analysis {
            Analysis(version: 1, generation: generation, tree: tree, findings: findings, index: nil)
        }
        let messages = try await Self.written { out in
            await doc.publish(analysis(2, findings), writer: writer, encoding: .utf16, to: out)
            await doc.publish(analysis(1, []), writer: writer, encoding: .utf16, to: out)  // stale: dropped
            // A newer report may replace one still queued (the writer's rule): let the first out.
            out.drain()
            await doc.publish(analysis(2, findings), writer: writer, encoding: .utf16, to: out)  // said: dropped
            await doc.publish(analysis(3, []), writer: writer, encoding: .utf16, to: out)  // newer: sent
            await doc.publish(analysis(2, findings), writer: writer, encoding: .utf16, to: out)  // stale: dropped
        }
        let counts = messages.map { (($0["params"] as? [String: Any])?["diagnostics"] as? [Any])?.count }
        #expect(counts == [findings.count, 0])
        #expect(messages.allSatisfy { $0["method"] as? String == "textDocument/publishDiagnostics" })
    }
}
