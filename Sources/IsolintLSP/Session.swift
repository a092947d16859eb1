import Foundation
import IsolintRules

/// Runs a language server session over a pair of file descriptors until `exit` or end of input.
/// Returns the exit code: 0 after `shutdown` then `exit`, 1 otherwise (as LSP specifies).
public enum LanguageServerSession {
    public static func run(input: Int32 = 0, output: Int32 = 1) async -> Int32 {
        // A client that closes its end gets EPIPE on write, not a dead server.
        signal(SIGPIPE, SIG_IGN)
        let log: @Sendable (String) -> Void = {
            FileHandle.standardError.write(Data(("isolint-lsp: " + $0 + "\n").utf8))
        }
        let writer = MessageWriter(fd: output, log: log)
        let server = LanguageServer(writer: writer, log: log)
        let (stream, continuation) = AsyncStream.makeStream(of: IncomingMessage.self, bufferingPolicy: .unbounded)
        // Every message, responses and cancellations included, is handled in arrival order:
        // handling one never waits for anything slow (see LanguageServer).
        MessageReader(fd: input).start(
            deliver: { continuation.yield($0) }, finished: { continuation.finish() })
        for await message in stream {
            if await server.handle(message) { break }
        }
        let code = await server.exitCode ?? 1
        writer.drain()
        return code
    }
}
