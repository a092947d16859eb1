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
        if String(validating: bytes, as: UTF8.self) == nil { return .failure(.invalidUTF8) }
        return .success(SourceFile(path: path, bytes: bytes))
    }

    /// Reads and checks a file from disk. A FIFO or device is refused before it is opened (reading
    /// one would block), and so is a file over `maximumFileSize`.
    public static func read(path: String) -> Result<SourceFile, InputProblem> {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            return .failure(.unreadable)
        }
        if let type = attributes[.type] as? FileAttributeType, type != .typeRegular, type != .typeSymbolicLink {
            return .failure(.notARegularFile)
        }
        if let size = (attributes[.size] as? NSNumber)?.intValue, size > maximumFileSize {
            return .failure(.tooLarge(bytes: size))
        }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(.unreadable) }
        return source(path: path, bytes: [UInt8](data))
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

    /// A whole run: read, check and parse every file and build its index part on all cores;
    /// merge the index; lint every file on all cores. Results keep the input order; files that
    /// cannot be linted come back as problems.
    public static func run(
        _ inputs: [Input], linter: Linter, workers: Int? = nil, progress: (@Sendable () -> Void)? = nil
    ) async -> (reports: [FileReport], problems: [(path: String, problem: InputProblem)], index: WorkspaceIndex) {
        let parsed = await parallelMap(inputs, workers: workers) {
            input -> Result<(SyntaxTree, WorkspaceIndex), InputProblem> in
            let checked = input.bytes.map { source(path: input.path, bytes: $0) } ?? read(path: input.path)
            return checked.map { source in
                let tree = parse(source)
                return (tree, indexPart(tree, settings: input.settings))
            }
        }
        var problems: [(path: String, problem: InputProblem)] = []
        var parts: [WorkspaceIndex] = []
        var jobs: [(tree: SyntaxTree, settings: TargetSettings)] = []
        for (input, result) in zip(inputs, parsed) {
            switch result {
            case .success(let (tree, part)):
                parts.append(part)
                jobs.append((tree, input.settings))
            case .failure(let problem):
                problems.append((input.path, problem))
            }
        }
        let index = Pipeline.index(parts)
        let reports = await parallelMap(jobs, workers: workers) { job -> FileReport in
            let findings = linter.lint(job.tree, index: index, settings: job.settings)
            progress?()
            return FileReport(path: job.tree.source.path, source: job.tree.source, findings: findings)
        }
        return (reports, problems, index)
    }
}

/// Maps over `workers` tasks (default: all cores) with structured concurrency, keeping input order.
public func parallelMap<T: Sendable, R: Sendable>(
    _ items: [T], workers requested: Int? = nil, _ transform: @escaping @Sendable (T) -> R
) async -> [R] {
    let workers = max(1, min(requested ?? ProcessInfo.processInfo.activeProcessorCount, items.count))
    return await withTaskGroup(of: [(Int, R)].self) { group in
        for w in 0..<workers {
            group.addTask {
                var out: [(Int, R)] = []
                var i = w
                while i < items.count {
                    out.append((i, transform(items[i])))
                    i += workers
                }
                return out
            }
        }
        var results = [R?](repeating: nil, count: items.count)
        for await chunk in group {
            for (i, r) in chunk { results[i] = r }
        }
        return results.compactMap { $0 }
    }
}
