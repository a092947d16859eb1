// compile: linux
import Foundation

struct Continuations {
    /// A method of our own that only shares the word.
    static func withUnsafeBufferSize(_ body: (Int) -> Void) { body(64) }
}

func measure() async -> Int {
    await withCheckedContinuation { continuation in
        Continuations.withUnsafeBufferSize { size in continuation.resume(returning: size) }
    }
}

// A comment mentioning withUnsafeContinuation is not a call.
let documentation = "Use withUnsafeThrowingContinuation only on measured hot paths."
