// compile: linux
// fixture: upcoming=NonisolatedNonsendingByDefault
import Foundation

/// Under nonisolated(nonsending) by default, a nonisolated async function runs on its caller's
/// actor: called from the UI, this loop blocks it.
struct Checksummer {
    func checksum(_ bytes: [UInt8]) async -> UInt32 { // expect: async-work-on-main-actor@5
        var sum: UInt32 = 0
        for b in bytes {
            sum = sum &+ UInt32(b)
        }
        return sum
    }
}
