import Foundation
import Testing

@testable import IsolintLSP

@Suite("Transport")
struct TransportTests {
    /// The server's output pipe holds a whole `publishDiagnostics` of a large file (a megabyte,
    /// where the system allows it), so that writing it does not wait for the client to read.
    @Test func outputPipeIsWidened() throws {
        #if os(Linux)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let before = fcntl(fds[1], 1032 /* F_GETPIPE_SZ */)
        MessageWriter.widenPipe(fds[1])
        let after = fcntl(fds[1], 1032)
        let limit =
            (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
        #expect(after == (limit >= 1 << 20 ? 1 << 20 : before))
        // Not a pipe: left alone, no error.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("isolint-\(UUID().uuidString)")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: file) }
        let fd = open(file.path, O_WRONLY)
        defer { close(fd) }
        MessageWriter.widenPipe(fd)
        #expect(fcntl(fd, 1032) == -1)
        #endif
    }

    /// Node (VS Code) and Neovim start the server with a socket pair, not a pipe: its send
    /// buffer is widened instead (Linux doubles what is asked, up to twice `wmem_max`).
    @Test func outputSocketIsWidened() throws {
        #if os(Linux)
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        func sendBuffer() -> Int32 {
            var size: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(fds[1], SOL_SOCKET, SO_SNDBUF, &size, &length)
            return size
        }
        MessageWriter.widenPipe(fds[1])
        let limit =
            (try? String(contentsOfFile: "/proc/sys/net/core/wmem_max", encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
        #expect(sendBuffer() == 2 * min(1 << 20, limit))
        #expect(sendBuffer() > 256 * 1024)
        #endif
    }
}
