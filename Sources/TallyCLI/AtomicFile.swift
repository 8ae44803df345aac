import Foundation

/// Writes files so a reader never sees half of one: the content goes to a
/// temporary file in the same folder, is flushed, then renamed over the target.
public enum AtomicFile {
    /// Writes `text` to `path`, creating missing folders.
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// Writes bytes to `path`, creating missing folders.
    public static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CommandFailure("\(path) is a directory; give a file name for the output")
        }
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot create the folder \(folder.path): \(error.localizedDescription)")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())").path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else {
            throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw CommandFailure("cannot write \(path): \(String(cString: strerror(failure)))")
        }
    }
}
