import Foundation
import IsolintRules
import IsolintSyntax
import Testing

@testable import IsolintLSP

/// What a document publishes when analyses of one version arrive out of order.
@Suite("DocumentActor publishing")
struct DocumentActorTests {
    /// The messages written to a pipe by a `MessageWriter`, read back through the server's own
    /// `Framer`.
    static func written(_ publish: (MessageWriter) async -> Void) async -> [JSON] {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let writer = MessageWriter(fd: fds[1])
        await publish(writer)
        writer.drain()
        close(fds[1])
        var framer = Framer()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n <= 0 { break }
            framer.append(chunk[0..<n])
        }
        var messages: [JSON] = []
        while let m = framer.next() {
            guard case .message(let json) = m else {
                Issue.record("not a message: \(m)")
                continue
            }
            messages.append(json)
        }
        return messages
    }

    /// The document is analysed before the workspace index has what it needs (generation 1, no
    /// findings) and again after (generation 2, findings); the first analysis's publish arrives
    /// last. Its report must not follow the newer one, nor replace it while it waits in the
    /// writer's queue (the client would then see only the stale, empty report).
    @Test func anOlderGenerationsReportNeverFollowsANewerOne() async {
        let (source, findings) = DiagnosticWriterTests.findings()
        #expect(!findings.isEmpty)
        let tree = Pipeline.parse(source)
        let uri = "file:///tmp/W.swift"
        let doc = DocumentActor(uri: uri, path: "/tmp/W.swift", text: source.text(0..<source.bytes.count), version: 1)
        let writer = DiagnosticWriter(linter: Linter(), docsBaseURL: nil, capabilities: ClientCapabilities())
        func analysis(_ generation: Int, _ findings: [Finding]) -> Analysis {
            Analysis(version: 1, generation: generation, tree: tree, findings: findings, index: nil)
        }
        let messages = await Self.written { out in
            await doc.publish(analysis(2, findings), writer: writer, encoding: .utf16, to: out)
            await doc.publish(analysis(1, []), writer: writer, encoding: .utf16, to: out)  // stale: dropped
            // A newer report may replace one still queued (the writer's rule): let the first out.
            out.drain()
            await doc.publish(analysis(2, findings), writer: writer, encoding: .utf16, to: out)  // said: dropped
            await doc.publish(analysis(3, []), writer: writer, encoding: .utf16, to: out)  // newer: sent
            await doc.publish(analysis(2, findings), writer: writer, encoding: .utf16, to: out)  // stale: dropped
        }
        #expect(messages.map { $0["params"]?["diagnostics"]?.array?.count } == [findings.count, 0])
        #expect(messages.allSatisfy { $0["method"]?.string == "textDocument/publishDiagnostics" })
    }
}
