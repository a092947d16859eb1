import Foundation

/// What one run of a child process cost: wall time, the CPU time it used (user and system), its
/// peak resident memory, and the bytes it wrote to stdout.
struct ChildRun {
    var wall: Double
    var user: Double
    var system: Double
    var peakRSSKB: Int
    var outputBytes: Int
    var status: Int32

    /// How many cores were busy on average: CPU time over wall time.
    var coresBusy: Double { wall > 0 ? (user + system) / wall : 0 }

    /// Runs `executable` with `arguments`, stdout to a temporary file (counted, then removed),
    /// stderr discarded; nil when it cannot be started. `wait4` gives the child's own resource
    /// use, which `Process` does not.
    static func run(_ executable: String, _ arguments: [String]) -> ChildRun? {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("isolint-bench-\(getpid()).out").path
        defer { unlink(out) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let t0 = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { return nil }
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        var info = stat()
        let bytes = stat(out, &info) == 0 ? Int(info.st_size) : 0
        return ChildRun(
            wall: wall, user: seconds(usage.ru_utime), system: seconds(usage.ru_stime), peakRSSKB: usage.ru_maxrss,
            outputBytes: bytes, status: status)
    }

    /// This executable's path (to run `isolint lint` as its own process).
    static var ownExecutable: String? {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return Bundle.main.executablePath
    }
}
