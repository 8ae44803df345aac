import Foundation
import TallyCore

extension AtomicFile {
    /// Writes `data` to `path` (atomically) only when the file does not already hold exactly these bytes;
    /// returns whether it wrote. An unchanged file keeps its modification time, so tools that watch the
    /// folder (a static site generator, `git status`) see only what changed. Only a regular file is read
    /// to compare: reading a FIFO would wait for a writer. A write-protected file that would change is
    /// refused (`FileTarget.protection`).
    package static func writeIfChanged(_ data: Data, to path: String) throws -> Bool {
        let target = try resolved(path)
        if case .regularFile(let file) = target, let existing = FileManager.default.contents(atPath: file),
            existing == data
        {
            return false
        }
        // Only a file that would change must be writable: an unchanged protected page is left as it is.
        if let problem = target.protection(named: path) { throw CommandFailure(problem.description) }
        try write(data, to: target, named: path)
        return true
    }
}
