import Dispatch
import Foundation
import IsolintSyntax

// The command runs on a task while the main thread waits, rather than as an async main: that one
// parks the main thread with `dispatch_main`, which valgrind (3.19, the profiler the benchmarks are
// checked with) cannot follow. Nothing in isolint runs on the main actor. The task ends the
// process itself (`exit` flushes standard output), so no status crosses back to the main thread.

let arguments = Array(CommandLine.arguments.dropFirst())
Task { @concurrent in
    exit(await CommandLine.run(arguments))
}
DispatchSemaphore(value: 0).wait()
