import Foundation
import TallyCore

/// Writes files so a reader never sees half of one and nothing but a regular file is ever replaced
/// (see `FileTarget`): a regular file gets the content under a temporary name in the same folder,
/// flushed, then renamed over it (keeping its permission bits); a symbolic link's target is what is
/// written; a FIFO or a device is written straight through; a folder or a socket is refused.
package enum AtomicFile {
    /// Writes `text` to `path`, creating missing folders.
    package static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// Writes bytes to `path`, creating missing folders.
    package static func write(_ data: Data, to path: String) throws {
        try write(data, to: target(path), named: path)
    }

    /// What is at `path`, as a command failure naming the path when tally will not write there
    /// (including a write-protected file, `FileTarget.protection`).
    package static func target(_ path: String) throws -> FileTarget {
        let target = try resolved(path)
        if let problem = target.protection(named: path) { throw CommandFailure(problem.description) }
        return target
    }

    /// What is at `path`, unchecked but for what `FileTarget` refuses.
    static func resolved(_ path: String) throws -> FileTarget {
        do {
            return try FileTarget.resolve(path)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// Writes bytes to an already resolved target; `path` (as the user named it) is used in messages.
    static func write(_ data: Data, to target: FileTarget, named path: String) throws {
        switch target {
        case .stream(let device, _):
            try writeThrough(data, to: device, named: path)
        case .regularFile(let file):
            var info = stat()
            let mode = stat(file, &info) == 0 ? info.st_mode & 0o7777 : 0o644
            try replace(file, with: data, mode: mode, named: path)
        case .absent(let file):
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw CommandFailure("cannot create the folder \(folder.path): \(error.localizedDescription)")
            }
            try replace(file, with: data, mode: nil, named: path)
        }
    }

    /// Writes to a FIFO or device as `sh`'s `>` would (no create, no rename): a reader of the
    /// pipe gets the bytes; a device such as `/dev/full` reports its own error.
    private static func writeThrough(_ data: Data, to device: String, named path: String) throws {
        let fd = open(device, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
        var failure = writeAll(data, to: fd)
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 { throw CommandFailure("cannot write \(path): \(String(cString: strerror(failure)))") }
    }

    /// Writes `data` under a fresh temporary name beside `file`, flushes it, and renames it over `file`.
    /// `mode` is the replaced file's permission bits (nil for a new file: 0644 less the umask).
    private static func replace(_ file: String, with data: Data, mode: mode_t?, named path: String) throws {
        let url = URL(fileURLWithPath: file)
        let folder = url.deletingLastPathComponent()
        // What a run killed between writing and renaming left here (`StaleTemporaries`).
        let prefix = ".\(url.lastPathComponent).tmp-"
        StaleTemporaries(prefix: prefix, numbered: true).remove(in: folder.path)
        var temporary = ""
        var fd: Int32 = -1
        // O_EXCL | O_NOFOLLOW: never write through something already sitting at the temporary name.
        for attempt in 0..<100 {
            temporary = folder.appendingPathComponent("\(prefix)\(getpid())-\(attempt)").path
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else {
            throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        var failure = writeAll(data, to: fd)
        if failure == 0, let mode, fchmod(fd, mode) != 0 { failure = errno }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == 0, rename(temporary, file) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw CommandFailure("cannot write \(path): \(String(cString: strerror(failure)))")
        }
    }

    /// Writes every byte (`Descriptor.writeAll`); returns 0 or the errno of the failure.
    private static func writeAll(_ data: Data, to fd: Int32) -> Int32 {
        data.withUnsafeBytes { Descriptor.writeAll($0, to: fd) }
    }
}
