import Foundation
import IsolintRules

/// What the reader hands the server: a parsed message, or a framing/JSON error to answer.
public enum IncomingMessage: Sendable, Equatable {
    case message(JSON)
    /// Bytes that are not a JSON-RPC message: answered with ParseError (-32700), id null.
    case parseError(String)
    /// A message over `Framer.maxMessageBytes`, skipped unread: answered with InvalidRequest
    /// (-32600), id null.
    case tooLarge(String)
}

/// Reads `Content-Length`-framed JSON-RPC messages from a file descriptor on its own thread.
/// Malformed headers are reported and skipped (the reader resynchronises on the next
/// `Content-Length:`); it never stops on bad input, only at end of file.
public final class MessageReader: Sendable {
    let fd: Int32
    public init(fd: Int32 = 0) { self.fd = fd }

    /// Starts reading; `deliver` is called in order on the reader thread; `finished` at EOF.
    public func start(deliver: @escaping @Sendable (IncomingMessage) -> Void, finished: @escaping @Sendable () -> Void)
    {
        let fd = self.fd
        let thread = Thread {
            var framer = Framer()
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                framer.append(chunk[0..<n])
                while let m = framer.next() { deliver(m) }
            }
            finished()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

/// Splits a byte stream into messages. Separate from the reader so tests (and the fuzzer) can
/// feed it bytes.
///
/// Recovery, so that one bad frame never costs more than itself:
/// - a header block without a valid `Content-Length` is reported and skipped;
/// - a body that contains the start of another frame (`Content-Length: N` and CR LF, which no
///   valid JSON body can hold: raw CR LF may not stand in a JSON string, and the words may not
///   stand outside one) was sent with an overlong `Content-Length`, or with no body at all: it
///   is reported as soon as that header is seen, and reading resumes there — the next frame is
///   answered without waiting for bytes that will never come;
/// - a message over `maxMessageBytes` is reported and its body dropped as it arrives (never
///   buffered), unless another frame begins inside it.
public struct Framer: Sendable {
    var buffer: [UInt8] = []
    var start = 0
    /// The frame whose header has been read: where its body starts in `buffer`, its length, how
    /// far the body has been searched for an embedded header, and whether it is being dropped.
    var body: (start: Int, length: Int, scanned: Int, discard: Bool)?
    /// After a bad header block: what follows is searched for the next `Content-Length`, not
    /// read as a header.
    var seeking = false
    /// Messages larger than this are refused (and skipped) rather than buffered: a 10 MB
    /// document, JSON-escaped, fits with room to spare.
    public static let maxMessageBytes = 32 << 20
    /// A header block longer than this is garbage.
    public static let maxHeaderBytes = 8192

    public init() {}

    /// Bytes held for frames not yet complete (the framer's memory, bounded for dropped bodies).
    public var bufferedBytes: Int { buffer.count - start }

    public mutating func append(_ bytes: ArraySlice<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            if var b = body {
                b.start -= start
                b.scanned -= start
                body = b
            }
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message, or nil when more bytes are needed.
    public mutating func next() -> IncomingMessage? {
        frames: while true {
            if let b = body {
                let end = b.start + b.length
                // Search the body received so far for the start of another frame.
                var i = max(b.scanned, b.start)
                let limit = min(end, buffer.count)
                while i < limit {
                    let c = buffer[i]
                    if c == UInt8(ascii: "C") || c == UInt8(ascii: "c") {
                        switch headerStart(at: i) {
                        case .yes:
                            body = nil
                            start = i
                            if b.discard { continue frames }
                            return .parseError(
                                "Content-Length \(b.length) overstates the message: another message begins after "
                                    + "\(i - b.start) bytes")
                        case .needMore:
                            body?.scanned = i
                            if b.discard { start = i }
                            return nil
                        case .no:
                            break
                        }
                    }
                    i += 1
                }
                body?.scanned = limit
                if b.discard {
                    // Dropped as it arrives: nothing of a refused body is kept.
                    start = limit
                    if limit < end { return nil }
                    body = nil
                    continue frames
                }
                guard buffer.count >= end else { return nil }
                let bytes = Array(buffer[b.start..<end])
                start = end
                body = nil
                do {
                    return .message(try JSON.parse(bytes))
                } catch {
                    return .parseError("invalid JSON: \(error)")
                }
            }
            if seeking {
                seek()
                if seeking { return nil }
            }
            guard let headerEnd = find([13, 10, 13, 10], from: start) else {
                // Guard against a header that never ends.
                if buffer.count - start > Framer.maxHeaderBytes {
                    skipToNextHeader(after: start + 1)
                    return .parseError("header too long")
                }
                return nil
            }
            let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
            var length: Int?
            var bad: String?
            for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else {
                    bad = "malformed header line '\(line.prefix(80))'"
                    continue
                }
                let name = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
                let value = parts[1].trimmingCharacters(in: .whitespaces)
                if name == "content-length" {
                    if let n = Int(value), n >= 0 {
                        length = n
                    } else {
                        bad = "invalid Content-Length '\(value.prefix(40))'"
                    }
                }
            }
            guard let length, bad == nil else {
                skipToNextHeader(after: headerEnd + 4)
                return .parseError(bad ?? "missing Content-Length header")
            }
            let bodyStart = headerEnd + 4
            start = bodyStart
            if length > Framer.maxMessageBytes {
                body = (bodyStart, length, bodyStart, true)
                return .tooLarge(
                    "a message of \(length) bytes exceeds the limit of \(Framer.maxMessageBytes) bytes; skipped")
            }
            body = (bodyStart, length, bodyStart, false)
        }
    }

    enum Match { case yes, no, needMore }

    /// Whether `buffer[i...]` begins a frame: `Content-Length`, `:`, blanks, digits, blanks, CR LF.
    func headerStart(at i: Int) -> Match {
        let name = Array("content-length:".utf8)
        var k = i
        for expected in name {
            guard k < buffer.count else { return .needMore }
            let c = buffer[k]
            guard (c >= 65 && c <= 90 ? c + 32 : c) == expected else { return .no }
            k += 1
        }
        var digits = 0
        while true {
            guard k < buffer.count else { return .needMore }
            let c = buffer[k]
            if c == 32 || c == 9 {
                if digits > 0 { break }
            } else if c >= 48 && c <= 57 {
                digits += 1
                if digits > 12 { return .no }
            } else {
                break
            }
            k += 1
        }
        while k < buffer.count, buffer[k] == 32 || buffer[k] == 9 { k += 1 }
        guard digits > 0 else { return .no }
        guard k + 1 < buffer.count else { return .needMore }
        return buffer[k] == 13 && buffer[k + 1] == 10 ? .yes : .no
    }

    func find(_ pattern: [UInt8], from: Int) -> Int? {
        guard buffer.count >= pattern.count, pattern.count == 4 else { return nil }
        var i = from
        while i + 4 <= buffer.count {
            if buffer[i] == pattern[0], buffer[i + 1] == pattern[1], buffer[i + 2] == pattern[2],
                buffer[i + 3] == pattern[3]
            {
                return i
            }
            i += 1
        }
        return nil
    }

    /// Drops bytes up to the next `Content-Length` header after `offset`; when there is none
    /// yet, keeps seeking in the bytes that arrive later (the rest of a bad frame is no header),
    /// holding only a tail that could be the start of one (it may be split across reads). Always
    /// moves past `offset`, so a bad header block is never read twice.
    mutating func skipToNextHeader(after offset: Int) {
        start = min(offset, buffer.count)
        seeking = true
        seek()
    }

    /// While seeking: moves `start` to the next `content-length` (any case), or to the tail.
    mutating func seek() {
        let needle = Array("content-length".utf8)
        func lower(_ b: UInt8) -> UInt8 { b >= 65 && b <= 90 ? b + 32 : b }
        var i = start
        while i + needle.count <= buffer.count {
            if lower(buffer[i]) == needle[0], buffer[i..<(i + needle.count)].map(lower).elementsEqual(needle) {
                start = i
                seeking = false
                return
            }
            i += 1
        }
        var keep = min(needle.count - 1, buffer.count - start)
        while keep > 0, !buffer[(buffer.count - keep)...].map(lower).elementsEqual(needle[0..<keep]) { keep -= 1 }
        start = buffer.count - keep
    }
}

/// Writes framed messages to a file descriptor from a thread of its own, so that no sender ever
/// waits for the client to read. What the client has not read yet is bounded: an unsent
/// `publishDiagnostics` is replaced by a newer one for the same document, and beyond
/// `maxQueuedBytes` further messages are dropped (and counted) until the client reads again.
// Safety: `queue`, `queuedBytes`, `dropped`, `writing` and `broken` are read and written only
// while `condition` is locked; `fd` and `log` are constants.
public final class MessageWriter: @unchecked Sendable {
    /// 64 MB, or `ISOLINT_LSP_OUTPUT_LIMIT_MB` (for tests).
    public static let maxQueuedBytes =
        (ProcessInfo.processInfo.environment["ISOLINT_LSP_OUTPUT_LIMIT_MB"].flatMap { Int($0) } ?? 64) << 20
    let fd: Int32
    let log: @Sendable (String) -> Void
    private let condition = NSCondition()
    private var queue: [(key: String?, bytes: [UInt8])] = []
    private var queuedBytes = 0
    private var dropped = 0
    private var writing = false
    /// The output is closed (a write failed): everything is dropped.
    private var broken = false

    public init(fd: Int32 = 1, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.fd = fd
        self.log = log
        Self.widenPipe(fd)
        let thread = Thread { [self] in self.run() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    public func send(_ message: JSON) {
        send(serialized: message.serializedBytes())
    }

    /// Queues an already serialised JSON message. `replacing`: a key (a document's URI for
    /// `publishDiagnostics`) under which an older unsent message is superseded by this one.
    public func send(serialized body: [UInt8], replacing key: String? = nil) {
        var out = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        out.append(contentsOf: body)
        var note: String?
        condition.lock()
        if !broken {
            if let key, let old = queue.firstIndex(where: { $0.key == key }) {
                queuedBytes -= queue[old].bytes.count
                queue.remove(at: old)
            }
            if queuedBytes + out.count > MessageWriter.maxQueuedBytes {
                dropped += 1
                if dropped == 1 || dropped % 1000 == 0 {
                    note = "the client is not reading: \(dropped) message(s) dropped"
                }
            } else {
                queuedBytes += out.count
                queue.append((key, out))
                condition.signal()
            }
        }
        condition.unlock()
        if let note { log(note) }
    }

    /// Bytes queued and not yet written.
    public var pendingBytes: Int {
        condition.lock()
        defer { condition.unlock() }
        return queuedBytes
    }

    /// Waits (at most `timeout` seconds) until everything queued is written: before the process exits.
    public func drain(timeout: Double = 2) {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        while (!queue.isEmpty || writing) && !broken {
            if !condition.wait(until: deadline) { break }
        }
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty { condition.wait() }
            let item = queue.removeFirst()
            writing = true
            condition.unlock()
            let ok = writeAll(item.bytes)
            condition.lock()
            writing = false
            queuedBytes -= item.bytes.count
            if !ok {
                broken = true
                queue.removeAll()
                queuedBytes = 0
            }
            if dropped > 0, queue.isEmpty {
                let n = dropped
                dropped = 0
                condition.unlock()
                log("the client reads again; \(n) message(s) were dropped meanwhile")
                condition.lock()
            }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// On Linux, a pipe holds 64 KB: a 200 KB `publishDiagnostics` then goes out in four turns,
    /// each waiting for the client to read the last. A megabyte (the unprivileged maximum) takes
    /// it in one write. Clients built on libuv (VS Code, Neovim) hand the server a socket instead,
    /// whose send buffer (about 200 KB by default) is widened the same way, as far as the system
    /// allows (`net.core.wmem_max`). Anything else (a file, a terminal) is left as it is.
    static func widenPipe(_ fd: Int32) {
        #if os(Linux)
        var info = stat()
        guard fstat(fd, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFIFO:
            _ = fcntl(fd, 1031 /* F_SETPIPE_SZ */, 1 << 20)
        case S_IFSOCK:
            var size: Int32 = 1 << 20
            _ = setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        default:
            break
        }
        #endif
    }

    private func writeAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}
