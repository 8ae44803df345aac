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
        try stage(data, to: target(path), named: path).commit()
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

    /// Bytes on their way to a file: written and flushed under a temporary name beside it, put in place by
    /// `commit` (a rename) or removed by `discard`; a run's many files are staged together by `StagedWrite`.
    /// A FIFO or a device has no temporary: its bytes are written through at `commit`.
    package struct Staged {
        fileprivate enum Pending {
            case temporary(String)
            case stream(Data)
        }
        fileprivate let pending: Pending
        /// Where the bytes go (the symbolic links' final target).
        fileprivate let file: String
        /// The path as the user named it, for messages.
        fileprivate let path: String

        /// True for a FIFO or a device: `commit` writes to it, and may wait for a reader.
        package var isStream: Bool {
            if case .stream = pending { return true }
            return false
        }

        /// Puts the bytes in place.
        package func commit() throws {
            switch pending {
            case .stream(let data): try AtomicFile.writeThrough(data, to: file, named: path)
            case .temporary(let temporary):
                guard rename(temporary, file) == 0 else {
                    let failure = errno
                    unlink(temporary)
                    throw CommandFailure("cannot write \(path): \(String(cString: strerror(failure)))")
                }
            }
        }

        /// Removes the temporary, leaving the file as it was.
        package func discard() {
            if case .temporary(let temporary) = pending { unlink(temporary) }
        }
    }

    /// A folder's names as listed once, so that staging each of many files into it does not list it again
    /// to find abandoned temporaries (a weekly run's hundreds of files made that O(files²)).
    package struct Listing {
        /// The folder, as `URL(fileURLWithPath:).path` spells it.
        let folder: String
        let names: [String]

        /// Lists `folder` now.
        package init(_ folder: String) {
            self.folder = URL(fileURLWithPath: folder).path
            names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        }
    }

    /// Stages bytes for an already resolved target (see `Staged`), creating missing folders.
    static func stage(_ data: Data, to target: FileTarget, named path: String, listed: Listing? = nil) throws -> Staged
    {
        switch target {
        case .stream(let device, _):
            return Staged(pending: .stream(data), file: device, path: path)
        case .regularFile(let file):
            var info = stat()
            let mode = stat(file, &info) == 0 ? info.st_mode & 0o7777 : 0o644
            return Staged(
                pending: .temporary(try temporary(file, with: data, mode: mode, named: path, listed: listed)),
                file: file, path: path)
        case .absent(let file):
            try createFolder(URL(fileURLWithPath: file).deletingLastPathComponent().path)
            return Staged(
                pending: .temporary(try temporary(file, with: data, mode: nil, named: path, listed: listed)),
                file: file, path: path)
        }
    }

    /// Creates `folder` and its missing parents, one `mkdir(2)` at a time: a name that is a dangling symbolic link
    /// stops it (`mkdir -p` and Foundation would create the link's target, wherever it points).
    static func createFolder(_ folder: String) throws {
        var path = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            path += "/" + part
            var info = stat()
            if stat(path, &info) == 0 {
                guard FileKind(mode: info.st_mode) == .directory else {
                    throw CommandFailure("cannot create the folder \(folder): \(path) is not a folder")
                }
                continue
            }
            if lstat(path, &info) == 0, FileKind(mode: info.st_mode) == .symbolicLink {
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                throw CommandFailure(
                    "cannot create the folder \(folder): \(path) is a symbolic link to \(target), which does not exist; "
                        + "tally never creates a folder through a link, so nothing was written")
            }
            guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
                throw CommandFailure("cannot create the folder \(folder): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Writes to a FIFO or device as `sh`'s `>` would (no create, no rename): a reader of the
    /// pipe gets the bytes; a device such as `/dev/full` reports its own error.
    fileprivate static func writeThrough(_ data: Data, to device: String, named path: String) throws {
        let fd = open(device, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
        var failure = writeAll(data, to: fd)
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 { throw CommandFailure("cannot write \(path): \(String(cString: strerror(failure)))") }
    }

    /// Writes `data` under a fresh temporary name beside `file` and flushes it; returns that name.
    /// `mode` is the replaced file's permission bits (nil for a new file: 0644 less the umask).
    private static func temporary(
        _ file: String, with data: Data, mode: mode_t?, named path: String, listed: Listing?
    ) throws -> String {
        let url = URL(fileURLWithPath: file)
        let folder = url.deletingLastPathComponent()
        // What a run killed between writing and renaming left here (`StaleTemporaries`).
        let prefix = ".\(url.lastPathComponent).tmp-"
        let names = listed?.folder == folder.path ? listed?.names : nil
        StaleTemporaries(prefix: prefix, numbered: true).remove(in: folder.path, names: names)
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
        if failure != 0 {
            unlink(temporary)
            throw CommandFailure("cannot write \(path): \(String(cString: strerror(failure)))")
        }
        return temporary
    }

    /// Writes every byte (`Descriptor.writeAll`); returns 0 or the errno of the failure.
    private static func writeAll(_ data: Data, to fd: Int32) -> Int32 {
        data.withUnsafeBytes { Descriptor.writeAll($0, to: fd) }
    }
}
