// compile: linux
import Foundation

/// A bounded hand-off buffer between the capture thread and the encoder.
/// It waits and signals, which `Mutex` cannot express, so NSCondition stays.
// Safety: every access to `frames` holds `condition`.
final class FrameBuffer: @unchecked Sendable {
    private let condition = NSCondition()
    private var frames: [Data] = []
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    func put(_ frame: Data) {
        condition.lock()
        defer { condition.unlock() }
        while frames.count >= capacity {
            condition.wait()
        }
        frames.append(frame)
        condition.broadcast()
    }

    func take() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while frames.isEmpty {
            condition.wait()
        }
        let frame = frames.removeFirst()
        condition.broadcast()
        return frame
    }
}
