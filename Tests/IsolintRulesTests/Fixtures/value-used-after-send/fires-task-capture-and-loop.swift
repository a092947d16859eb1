final class Buffer {
    var bytes: [UInt8] = []
}

actor Sink {
    func write(_ buffer: Buffer) {}
}

func spawn() {
    let buffer = Buffer()
    Task.detached { // expect: value-used-after-send@5
        buffer.bytes.append(1)
    }
    print(buffer.bytes.count)
}

func resend(_ sink: Sink) async {
    let buffer = Buffer()
    for _ in 0..<3 {
        await sink.write(buffer) // expect: value-used-after-send@26
    }
}

func adopt(_ b: sending Buffer) {}

func sendingParameter() {
    let buffer = Buffer()
    adopt(buffer) // expect: value-used-after-send@11
    buffer.bytes = []
}
