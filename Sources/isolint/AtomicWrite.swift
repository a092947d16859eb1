import Foundation
import IsolintRules

/// Replaces a file's contents the way `isolint fix` must: never half-written. The new bytes go
/// to a temporary file in the same folder (same file system), which takes the old file's
/// permissions and owner, is flushed to disk, and is then renamed over the old one — a process
/// killed at any moment leaves the old file or the new one (and at most a stray temporary file). A symbolic link is followed (the
/// file it names is replaced, the link stays).
enum AtomicWrite {
    enum Outcome: Equatable {
        case written
        /// The file's bytes are not those it was fixed from: someone changed it meanwhile.
        case changedOnDisk
        /// No write permission bit is set, or the process may not write it.
        case readOnly
        case failed(String)

        /// Why a file was left alone, in words (nil when it was written).
        var reason: String? {
            switch self {
            case .written: return nil
            case .changedOnDisk: return "it changed on disk since isolint read it"
            case .readOnly: return "it is read-only"
            case .failed(let why): return why
            }
        }
    }

    /// The real path of `path` (symbolic links resolved), or `path` itself.
    static func resolved(_ path: String) -> String {
        guard let p = realpath(path, nil) else { return path }
        defer { free(p) }
        return String(cString: p)
    }

    static func replace(_ path: String, expecting original: [UInt8], with bytes: [UInt8]) -> Outcome {
        let target = resolved(path)
        var info = stat()
        guard stat(target, &info) == 0 else { return .failed("cannot be read: \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failed("is not a regular file") }
        // Root may write anything: the permission bits still say whether the user meant it to be.
        if info.st_mode & 0o222 == 0 || access(target, W_OK) != 0 { return .readOnly }
        guard case .success(let now) = Pipeline.read(path: target), now.bytes == original else {
            return .changedOnDisk
        }
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        // `.NAME.isolint-XXXXXX`: hidden, and not a `.swift` file a later lint would pick up.
        let folder: String = directory.isEmpty ? "/" : directory + "/"
        let pattern: String = folder + "." + name + ".isolint-XXXXXX"
        var template: [CChar] = Array(pattern.utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else {
            return .failed("cannot create a temporary file in \(directory): \(String(cString: strerror(errno)))")
        }
        let temporary = template.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { String(cString: $0) } ?? ""
        }
        func abandon(_ why: String) -> Outcome {
            close(fd)
            unlink(temporary)
            return .failed(why)
        }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return -1 }
                return Foundation.write(fd, base + written, bytes.count - written)
            }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return abandon("cannot be written: \(String(cString: strerror(errno)))") }
            written += n
        }
        // The owner first: changing it may clear set-id bits, which the mode then restores.
        _ = fchown(fd, info.st_uid, info.st_gid)
        guard fchmod(fd, info.st_mode & 0o7777) == 0 else {
            return abandon("cannot keep its permissions: \(String(cString: strerror(errno)))")
        }
        guard fsync(fd) == 0 else { return abandon("cannot be flushed: \(String(cString: strerror(errno)))") }
        guard close(fd) == 0 else {
            unlink(temporary)
            return .failed("cannot be written: \(String(cString: strerror(errno)))")
        }
        guard rename(temporary, target) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            return .failed("cannot be replaced: \(why)")
        }
        return .written
    }

    /// Flushes folders to disk, so the renames done in them survive a power cut (once per folder
    /// after all the writes: a flush per file would cost more than the writes).
    static func flush(folders: Set<String>) {
        for folder in folders.sorted() {
            let fd = open(folder.isEmpty ? "/" : folder, O_RDONLY)
            guard fd >= 0 else { continue }
            _ = fsync(fd)
            close(fd)
        }
    }
}
