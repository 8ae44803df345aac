import Foundation
import TallyCore

extension AtomicFile {
    /// Writes `data` to `path` (atomically) only when the file does not already hold exactly these bytes;
    /// returns whether it wrote. An unchanged file keeps its modification time, so tools that watch the
    /// folder (a static site generator, `git status`) see only what changed.
    package static func writeIfChanged(_ data: Data, to path: String) throws -> Bool {
        guard let staged = try stageIfChanged(data, to: path) else { return false }
        try staged.commit()
        return true
    }

    /// Stages `data` for `path` (see `Staged`) only when the file does not already hold exactly these bytes;
    /// nil when it does. Only a regular file is read to compare: reading a FIFO would wait for a writer. A
    /// write-protected file that would change is refused (`FileTarget.protection`). `listed`: the folder's
    /// names, if known.
    package static func stageIfChanged(_ data: Data, to path: String, listed: Listing? = nil) throws -> Staged? {
        let target = try resolved(path)
        if case .regularFile(let file) = target, let existing = FileManager.default.contents(atPath: file),
            existing == data
        {
            return nil
        }
        // Only a file that would change must be writable: an unchanged protected page is left as it is.
        if let problem = target.protection(named: path) { throw CommandFailure(problem.description) }
        return try stage(data, to: target, named: path, listed: listed)
    }
}
