import Dispatch
import Foundation
import IsolintSyntax

// The command runs on a task while the main thread waits for it, rather than as an async main:
// that one parks the main thread with `dispatch_main`, which valgrind (3.19, the profiler the
// benchmarks are checked with) cannot follow. Nothing in isolint runs on the main actor.

/// The exit status, written by the task before it signals and read by the main thread after.
// Safety: `value` is written once, before `done.signal()`, and read only after `done.wait()`.
final class ExitStatus: @unchecked Sendable {
    var value: Int32 = 0
}

let status = ExitStatus()
let done = DispatchSemaphore(value: 0)
let arguments = Array(CommandLine.arguments.dropFirst())
Task.detached {
    status.value = await CommandLine.run(arguments)
    done.signal()
}
done.wait()
exit(status.value)
