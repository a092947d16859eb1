import Atomics
import Foundation
import os

final class FrameClock: @unchecked Sendable {
    private var lock = os_unfair_lock()
    private var lastFrame: TimeInterval = 0

    func tick(_ time: TimeInterval) {
        os_unfair_lock_lock(&lock)
        lastFrame = time
        os_unfair_lock_unlock(&lock)
    }
}

final class PlaybackState: @unchecked Sendable {
    private let position = OSAllocatedUnfairLock(initialState: 0.0)
    private var isScrubbing = false
}

final class ConnectionCounter: @unchecked Sendable {
    private let open = ManagedAtomic<Int>(0)
    var peakConnections = 0
}
