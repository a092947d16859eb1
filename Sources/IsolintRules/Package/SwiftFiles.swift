import Foundation

/// Finds the `.swift` files under the given paths: files are taken as given, directories are
/// walked (skipping build output and vendored code), symlinked directories are not followed
/// so a link loop cannot trap the walk. Sorted for reproducible output.
public enum SwiftFiles {
    public static let skippedDirectories: Set<String> = [
        ".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm",
    ]

    public struct Missing: Error { public let path: String }

    public static func collect(_ paths: [String], exclude: (String) -> Bool = { _ in false }) throws(Missing)
        -> [String]
    {
        var out: [String] = []
        for (path, type) in zip(paths, targetTypes(paths)) {
            guard let type else { throw Missing(path: path) }
            if type != .directory {
                out.append(path)
                continue
            }
            // Level by level: each level's folders are listed on all cores (listing is mostly the
            // kernel's work: 16 ms of a corpus run, before any other), then walked in order here.
            var level = [path]
            while !level.isEmpty {
                var next: [String] = []
                for (dir, listing) in zip(level, listings(of: level)) {
                    for (name, type) in listing ?? [] {
                        let full = dir.hasSuffix("/") ? dir + name : dir + "/" + name
                        if exclude(full) { continue }
                        // The entry's type as readdir(3) gives it, else lstat(2); symbolic links
                        // are not followed either way (a link loop cannot trap the walk).
                        switch type ?? fileType(full) {
                        case .directory:
                            if !skippedDirectories.contains(name) { next.append(full) }
                        case .regular:
                            if name.hasSuffix(".swift") { out.append(full) }
                        case .other, nil:
                            break
                        }
                    }
                }
                level = next
            }
        }
        // The same file named twice (`lint . A.swift`) is linted once.
        var seen = Set<String>()
        return out.sorted().filter { seen.insert(isNormalized($0) ? $0 : normalized($0)).inserted }
    }

    enum EntryType: Sendable {
        case directory, regular, other

        /// The type a stat(2) mode says.
        init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFDIR: self = .directory
            case S_IFREG: self = .regular
            default: self = .other
            }
        }
    }

    /// `typedEntries` of each folder, in order; on all cores when there are enough of them.
    static func listings(of dirs: [String]) -> [[(name: String, type: EntryType?)]?] {
        guard dirs.count >= 8 else { return dirs.map(typedEntries) }
        let listed = MemoTable<Int, [(name: String, type: EntryType?)]?>()
        DispatchQueue.concurrentPerform(iterations: dirs.count) { i in _ = listed.get(i) { typedEntries(of: dirs[i]) } }
        return dirs.indices.map { i in listed.get(i) { typedEntries(of: dirs[i]) } }
    }

    /// The entries of a directory with their types when the file system tells them (nil:
    /// unknown, ask lstat). One lstat(2) per entry was a third of listing a 3,600-file tree.
    static func typedEntries(of directory: String) -> [(name: String, type: EntryType?)]? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var entries: [(name: String, type: EntryType?)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != "." && name != ".." else { continue }
            let type: EntryType?
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): type = .directory
            case Int32(DT_REG): type = .regular
            case Int32(DT_UNKNOWN): type = nil
            default: type = .other
            }
            entries.append((name, type))
        }
        return entries
    }

    /// The type of what a path names, following symbolic links (as `FileManager.fileExists`
    /// does, one stat(2) without its bridging: a command line of 3,600 files asked it twice per
    /// file); nil when nothing is there.
    static func targetType(_ path: String) -> EntryType? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return EntryType(mode: info.st_mode)
    }

    /// `targetType` of each path, in order; on all cores for a long list (a command line naming
    /// every file of a workspace: each stat(2) walks a deep path in the kernel).
    static func targetTypes(_ paths: [String]) -> [EntryType?] {
        let chunk = 256
        guard paths.count > chunk else { return paths.map(targetType) }
        let chunks = (paths.count + chunk - 1) / chunk
        let typed = MemoTable<Int, [EntryType?]>()
        @Sendable func types(_ c: Int) -> [EntryType?] {
            paths[c * chunk..<min(paths.count, (c + 1) * chunk)].map(targetType)
        }
        DispatchQueue.concurrentPerform(iterations: chunks) { c in _ = typed.get(c) { types(c) } }
        return (0..<chunks).flatMap { c in typed.get(c) { types(c) } }
    }

    /// The type of a file, not following a symbolic link; nil when it cannot be read.
    static func fileType(_ path: String) -> EntryType? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return EntryType(mode: info.st_mode)
    }

    /// Whether `normalized` leaves a path as it is (when true; false may be either): no empty,
    /// `.` or `..` component and no trailing slash. A walk from such a root makes only such
    /// paths, so the walk's thousands of paths are not split and joined again.
    public static func isNormalized(_ path: String) -> Bool {
        // Over the contiguous bytes (a native string's): through the UTF-8 view's iterator each
        // byte cost several times as much, for every file of a run, twice.
        path.utf8.withContiguousStorageIfAvailable(isNormalized)
            ?? Array(path.utf8).withUnsafeBufferPointer(isNormalized)
    }

    private static func isNormalized(_ u: UnsafeBufferPointer<UInt8>) -> Bool {
        let slash = UInt8(ascii: "/")
        if u.count == 1, u.first == slash { return true }
        guard !u.isEmpty else { return false }
        var length = 0
        var dots = 0
        var atStart = true
        var last: UInt8 = 0
        for c in u {
            if c == slash {
                // `//` (a leading `/` is the root), `.` or `..`.
                if length == 0 && !atStart || length == dots && (dots == 1 || dots == 2) { return false }
                length = 0
                dots = 0
            } else {
                length += 1
                if c == UInt8(ascii: ".") { dots += 1 }
            }
            atStart = false
            last = c
        }
        return last != slash && !(length == dots && (dots == 1 || dots == 2))
    }

    /// The names in a directory (not `.` and `..`), in the order the file system gives them; nil
    /// when it cannot be read. readdir(3) directly: FileManager's listing cost a tenth of the
    /// setup of a 3,600-file run.
    public static func entries(of directory: String) -> [String]? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// `./a/../b.swift` → `b.swift`, lexically.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for c in path.split(separator: "/", omittingEmptySubsequences: true) {
            if c == "." { continue }
            if c == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(c)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}

/// The folder of a path (`/a/b/c.swift` → `/a/b`, `/a` → `/`, `a` → empty), as
/// `NSString.deletingLastPathComponent` gives it for the normalised paths isolint builds, without
/// bridging a string per call (which was a tenth of the setup of a 3,600-file run).
public func parentDirectory(_ path: String) -> String {
    var u = path.utf8[...]
    while u.count > 1, u.last == UInt8(ascii: "/") { u = u.dropLast() }
    guard let slash = u.lastIndex(of: UInt8(ascii: "/")) else { return "" }
    if slash == u.startIndex { return "/" }
    return String(Substring(u[..<slash]))
}
