import Foundation
import IsolintSyntax

/// Why a file cannot be linted. The same checks apply to every way a file comes in: the command
/// line, the language server's workspace, the benchmarks.
public enum InputProblem: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable
    case notARegularFile
    case tooLarge(bytes: Int)
    case utf16
    case utf32
    case invalidUTF8

    public var description: String {
        switch self {
        case .unreadable: return "cannot be read"
        case .notARegularFile: return "is not a regular file"
        case .tooLarge(let n):
            return "is \(n / 1_048_576) MB, over isolint's limit of \(Pipeline.maximumFileSize / 1_048_576) MB"
        case .utf16: return "is UTF-16; isolint reads UTF-8 source"
        case .utf32: return "is UTF-32; isolint reads UTF-8 source"
        case .invalidUTF8: return "is not valid UTF-8"
        }
    }
}

/// The one pipeline: bytes → checked source → tree → index part → (merged index) → findings.
/// The command line, the language server (open documents, workspace indexing, workspace
/// diagnostics) and the benchmarks all go through it.
public enum Pipeline {
    /// Files larger than this are reported, not read (the language server must stay responsive).
    public static let maximumFileSize = 64 * 1_048_576

    /// Checks a file's bytes: UTF-16/UTF-32 byte order marks and invalid UTF-8 are refused.
    public static func source(path: String, bytes: [UInt8]) -> Result<SourceFile, InputProblem> {
        if bytes.count >= 4,
            (bytes[0] == 0xFF && bytes[1] == 0xFE && bytes[2] == 0 && bytes[3] == 0)
                || (bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0xFE && bytes[3] == 0xFF)
        {
            return .failure(.utf32)
        }
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            return .failure(.utf16)
        }
        if !isValidUTF8(bytes) { return .failure(.invalidUTF8) }
        return .success(SourceFile(path: path, bytes: bytes))
    }

    /// UTF-8 validation without building a String: ASCII 32 or eight bytes at a time, then the
    /// multi-byte sequences by the Unicode standard's table (no overlongs, no surrogates, at most
    /// U+10FFFF).
    public static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            let n = raw.count
            var i = 0
            while i < n {
                // ASCII 32 bytes at a time (one test of four words), then eight.
                if i + 32 <= n {
                    let w =
                        raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                        | raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                        | raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)
                        | raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)
                    if w & 0x8080_8080_8080_8080 == 0 {
                        i += 32
                        continue
                    }
                }
                if i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    continue
                }
                let b = raw[i]
                if b < 0x80 {
                    i += 1
                    continue
                }
                let length: Int
                var low: UInt8 = 0x80
                var high: UInt8 = 0xBF
                switch b {
                case 0xC2...0xDF: length = 2
                case 0xE0: length = 3; low = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED: length = 3; high = 0x9F
                case 0xF0: length = 4; low = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4: length = 4; high = 0x8F
                default: return false
                }
                guard i + length <= n else { return false }
                let second = raw[i + 1]
                guard second >= low && second <= high else { return false }
                for k in 2..<max(2, length) where raw[i + k] & 0xC0 != 0x80 { return false }
                i += length
            }
            return true
        }
    }

    /// Reads and checks a file from disk. A FIFO or device is refused before it is opened (reading
    /// one would block), and so is a file over `maximumFileSize`.
    public static func read(path: String) -> Result<SourceFile, InputProblem> {
        // open(2) + fstat(2) + read(2) into the array that becomes the source: one stat, no
        // attribute dictionary, no Data copy. O_NONBLOCK so that opening a FIFO does not wait.
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else { return .failure(.unreadable) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notARegularFile) }
        let size = Int(info.st_size)
        if size > maximumFileSize { return .failure(.tooLarge(bytes: size)) }
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var done = 0
            while done < size, let base = buffer.baseAddress {
                let n = Foundation.read(fd, base + done, size - done)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                done += n
            }
            failed = done < size && done == 0 && size > 0
            count = done
        }
        if failed { return .failure(.unreadable) }
        // A file that grew while being read: take the rest too. The scratch space is left
        // uninitialised: zeroing 64 KB for every file was 3% of a whole run.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 65536) { chunk in
            while true {
                let n = Foundation.read(fd, chunk.baseAddress, 65536)
                if n <= 0 { break }
                bytes += chunk[0..<n]
            }
        }
        return source(path: path, bytes: bytes)
    }

    /// Parses a source; with the tree of an earlier version of the same file, re-parses only
    /// the top-level items an edit touched.
    public static func parse(_ source: SourceFile, previous: SyntaxTree? = nil) -> SyntaxTree {
        previous?.reparsed(source) ?? SyntaxTree.parse(source)
    }

    /// What one file contributes to the workspace index.
    public static func indexPart(_ tree: SyntaxTree, settings: TargetSettings) -> WorkspaceIndex {
        IndexBuilder.index(tree, settings: settings)
    }

    /// Merges the parts of every file and finalises the index.
    public static func index<S: Sequence>(_ parts: S) -> WorkspaceIndex where S.Element == WorkspaceIndex {
        var index = WorkspaceIndex()
        for p in parts { index.merge(p) }
        index.finalize()
        return index
    }

    /// One file of a run.
    public struct Input: Sendable {
        public var path: String
        public var settings: TargetSettings
        /// The file's bytes when they are already in memory (tests, open documents); read from
        /// `path` otherwise.
        public var bytes: [UInt8]?
        public init(path: String, settings: TargetSettings, bytes: [UInt8]? = nil) {
            self.path = path
            self.settings = settings
            self.bytes = bytes
        }
    }

    /// Source bytes whose trees a run keeps whole between its two phases (about seven times that
    /// in memory); trees parsed ahead (`TreePrefetch`) count first. The other trees are kept
    /// packed (below) and unpacked when they are linted, so that a large workspace needs memory
    /// for its index and the files in flight, not for every tree at once. A whole tree costs the
    /// first touch of its pages, a packed one its packing and unpacking: about the same per
    /// source byte on this project's machines, so the budget is a matter of memory (6 MB: 130 MB
    /// at the peak of a 28 MB corpus; none: 121 MB and 2.5% more instructions).
    public static let treeBudget = 6 * 1_048_576

    /// Bytes of packed trees (`PackedTree`, about one and a half times their source bytes) a
    /// run keeps for the files whose trees it does not keep. Past it, files are read, lexed and
    /// parsed again, so that memory stays bounded on any workspace.
    public static let packedTreeBudget = 48 * 1_048_576

    /// What a run keeps of a file between its phases.
    enum Kept {
        case tree(SyntaxTree)
        case packed(PackedTree)
        case nothing

        var tree: SyntaxTree? { if case .tree(let t) = self { t } else { nil } }
        var packed: PackedTree? { if case .packed(let p) = self { p } else { nil } }
    }

    /// A whole run: read, check and parse every file and build its index part on all cores;
    /// merge the index; lint every file on all cores. Results keep the input order; files that
    /// cannot be linted come back as problems. `keepSources: false` drops the text of files
    /// without findings from the reports (the command line, which only prints findings).
    /// `prefetched` holds trees already parsed, by input position (see `TreePrefetch`).
    /// `treeBudget` and `packedBudget` bound what is kept of each file between the phases.
    public static func run(
        _ inputs: [Input], linter: Linter, workers: Int? = nil, progress: (@Sendable () -> Void)? = nil,
        keepSources: Bool = true, treeBudget: Int = Pipeline.treeBudget, packedBudget: Int = Pipeline.packedTreeBudget,
        prefetched: TreeShelf? = nil
    ) async -> (reports: [FileReport], problems: [(path: String, problem: InputProblem)], index: WorkspaceIndex) {
        var phases = PhaseClock()
        // The trees parsed ahead count first; the others are kept while what is left fits.
        let budget = KeepBudget(treeBudget - (prefetched?.bytes ?? 0))
        let packedLeft = KeepBudget(packedBudget)
        let merged = OrderedMerge()
        let parsed = await parallelMap(Array(inputs.indices), workers: workers) {
            i -> Result<Kept, InputProblem> in
            let input = inputs[i]
            if let tree = prefetched?.take(i) {
                merged.add(i, indexPart(tree, settings: input.settings))
                return .success(.tree(tree))
            }
            switch checkedSource(input) {
            case .success(let source):
                let tree = parse(source)
                merged.add(i, indexPart(tree, settings: input.settings))
                if budget.admit(source.bytes.count) { return .success(.tree(tree)) }
                if packedLeft.isClosed { return .success(.nothing) }
                let packed = PackedTree(tree)
                return .success(packedLeft.admit(packed.packedCount) ? .packed(packed) : .nothing)
            case .failure(let problem):
                merged.add(i, nil)
                return .failure(problem)
            }
        }
        var problems: [(path: String, problem: InputProblem)] = []
        var jobs: [Input] = []
        var trees: [SyntaxTree?] = []
        var packed: [PackedTree?] = []
        for (input, result) in zip(inputs, parsed) {
            switch result {
            case .success(let kept):
                jobs.append(input)
                trees.append(kept.tree)
                packed.append(kept.packed)
            case .failure(let problem):
                problems.append((input.path, problem))
            }
        }
        phases.lap("read, parse, index and merge parts")
        var finalized = merged.index
        finalized.finalize()
        let index = finalized
        phases.lap("finalize the index")
        let shelf = TreeShelf(trees)
        trees = []
        let inputsRead = jobs
        let packedKept = packed
        let linted = await parallelMap(Array(jobs.indices), workers: workers) { i -> Result<FileReport, InputProblem> in
            // A tree not kept is unpacked (and its file read again: it may have changed or gone
            // since, which is reported like any unreadable file) when the text is the same, else
            // parsed again. A kept tree is taken off the shelf, so that it is freed once
            // linted.
            let job = inputsRead[i]
            let tree: SyntaxTree
            if let kept = shelf.take(i) {
                tree = kept
            } else {
                switch checkedSource(job) {
                case .success(let source):
                    tree = packedKept[i]?.unpack(for: source) ?? parse(source)
                case .failure(let problem): return .failure(problem)
                }
            }
            let findings = linter.lint(tree, index: index, settings: job.settings)
            // A file with findings is reported: its line table is made here, on all cores, not
            // by the one thread that writes the report.
            if !findings.isEmpty { _ = tree.source.lines }
            progress?()
            let source = keepSources || !findings.isEmpty ? tree.source : SourceFile(path: tree.source.path, bytes: [])
            return .success(FileReport(path: tree.source.path, source: source, findings: findings))
        }
        var reports: [FileReport] = []
        reports.reserveCapacity(linted.count)
        for (job, result) in zip(jobs, linted) {
            switch result {
            case .success(let report): reports.append(report)
            case .failure(let problem): problems.append((job.path, problem))
            }
        }
        phases.lap("lint")
        return (reports, problems, index)
    }

    /// The input's bytes checked: those it carries, else the file's.
    static func checkedSource(_ input: Input) -> Result<SourceFile, InputProblem> {
        input.bytes.map { source(path: input.path, bytes: $0) } ?? read(path: input.path)
    }
}

/// `ISOLINT_TIMING=1`: the wall time of each phase of a run, and how many cores it kept busy
/// (the process's user+sys time over the wall time), on stderr.
public struct PhaseClock {
    let enabled = ProcessInfo.processInfo.environment["ISOLINT_TIMING"] == "1"
    private var last = DispatchTime.now().uptimeNanoseconds
    private var lastCPU = PhaseClock.cpuNanoseconds()

    public init() {}

    public mutating func lap(_ phase: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let cpu = Self.cpuNanoseconds()
        let wall = Double(now - last)
        let busy = wall > 0 ? Double(cpu - lastCPU) / wall : 0
        let peak = Self.peakMemory().map { ", peak memory so far \($0 / 1024) MB" } ?? ""
        let line = "isolint: \(phase): \(Self.fixed(wall / 1e6)) ms, cores busy \(Self.fixed(busy))\(peak)\n"
        FileHandle.standardError.write(Data(line.utf8))
        last = now
        lastCPU = cpu
    }

    /// User and system time of the whole process so far.
    static func cpuNanoseconds() -> UInt64 {
        var t = timespec()
        guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) == 0 else { return 0 }
        return UInt64(max(0, t.tv_sec)) * 1_000_000_000 + UInt64(max(0, t.tv_nsec))
    }

    private static func fixed(_ x: Double) -> String { String(format: "%.2f", x) }

    /// The process's peak resident memory in KB (`VmHWM` of /proc/self/status; nil elsewhere).
    static func peakMemory() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return Int(line.dropFirst(6).filter(\.isNumber))
    }
}
