// libFuzzer entry point for the language server's transport and message decoding: arbitrary
// bytes fed to the Framer in chunks whose size the input picks, every message found sorted
// (Incoming.classify) and its params decoded as its method's protocol type, every JSON value
// serialised and parsed back. Built by scripts/fuzz.sh with JSON.swift, Transport.swift and
// Protocol/ (one module, so no import). Invariants: no trap or hang; at most one message per
// input byte; a refused body is never buffered; two valid frames written after any garbage
// (behind a blank line) — the second one always arrives, last.

let sentinel: [UInt8] = {
    func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }
    return Array("\r\n\r\n".utf8) + frame(#"{"jsonrpc":"2.0","method":"x","params":{}}"#)
        + frame(#"{"jsonrpc":"2.0","id":"sentinel","method":"shutdown"}"#)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func isolintFuzzFraming(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let bytes = input + sentinel
    let step = Int(input.first ?? 0) % 61 + 1
    var framer = Framer()
    var last: IncomingMessage?
    var count = 0
    var k = 0
    while k < bytes.count {
        framer.append(bytes[k..<min(k + step, bytes.count)])
        k += step
        while let m = framer.next() {
            count += 1
            precondition(count <= bytes.count, "more messages than bytes")
            check(m)
            last = m
        }
        precondition(framer.bufferedBytes <= bytes.count, "the framer holds more than it was given")
    }
    guard case .message(let json) = last, json["id"]?.string == "sentinel" else {
        preconditionFailure("the frame after the garbage was lost: last \(String(describing: last))")
    }
    return 0
}

func check(_ m: IncomingMessage) {
    guard case .message(let json) = m else { return }
    let again: JSON
    do {
        again = try JSON.parse(json.serializedBytes())
    } catch {
        preconditionFailure("a parsed value does not parse after serialising: \(error)")
    }
    precondition(again == json, "JSON round trip changed the value")
    switch Incoming.classify(json) {
    case .request(_, let method, let params), .notification(let method, let params):
        _ = ClientMessages.decode(method: method, params: params)
    case .response, .invalid:
        break
    }
}
