import Foundation

/// An exclusive lock on a folder tally writes many files into (`StagedWrite`'s recorded folders), so
/// two runs never mix their pages: `flock(2)` on the folder itself, so no lock file is left behind,
/// and the kernel releases it when the process ends however it ends (a crash or SIGKILL included).
/// A run that finds it held stops at once with a message instead of waiting.
final class FolderLock {
    private var fd: Int32

    /// Creates the folder if it is missing and takes its lock, or throws naming the folder.
    /// `option` names the folder's option in the message when another run holds it.
    init(_ folder: String, option: String = "--reports") throws {
        try AtomicFile.createFolder(folder)
        fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            throw CommandFailure("cannot open the folder \(folder): \(String(cString: strerror(errno)))")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(fd)
            if code == EWOULDBLOCK {
                throw CommandFailure(
                    "another tally is writing into \(folder) (it holds the folder's lock); two runs into one folder "
                        + "would mix their pages. Wait for it to finish and run again, or give another \(option) folder"
                )
            }
            throw CommandFailure("cannot lock the folder \(folder): \(String(cString: strerror(code)))")
        }
    }

    /// Releases the lock (also released when the process ends).
    func release() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
    }

    deinit { release() }
}
