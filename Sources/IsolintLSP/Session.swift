import Foundation
import IsolintRules

/// Runs a language server session over a pair of file descriptors until `exit` or end of input.
/// Returns the exit code: 0 after `shutdown` then `exit`, 1 otherwise (as LSP specifies).
public enum LanguageServerSession {
    public static func run(input: Int32 = 0, output: Int32 = 1) async -> Int32 {
        let server = LanguageServer(writer: MessageWriter(fd: output))
        let (stream, continuation) = AsyncStream.makeStream(of: IncomingMessage.self, bufferingPolicy: .unbounded)
        MessageReader(fd: input).start(
            deliver: { incoming in
                // Responses to the server's own requests and cancellations skip the ordered queue:
                // the queue may be waiting on exactly that response.
                if case .message(let json) = incoming {
                    let isResponse =
                        json["method"] == nil && json["id"] != nil && (json["result"] != nil || json["error"] != nil)
                    if isResponse || json["method"]?.string == "$/cancelRequest" {
                        Task { _ = await server.handleOutOfBand(json) }
                        return
                    }
                }
                continuation.yield(incoming)
            }, finished: { continuation.finish() })
        for await message in stream {
            if await server.handle(message) { break }
        }
        return await server.exitCode ?? 1
    }
}
