import Foundation
import TallySQLite

extension DatabaseFile {
    /// Builds a new database file atomically: `body` fills a temporary file next
    /// to `path`, which is renamed into place only when `body` returns. On any
    /// error the temporary file is removed and `path` is untouched, so the file
    /// at `path` is either complete or absent.
    ///
    /// - Parameter replace: allow replacing an existing file (also atomically).
    public static func build<T>(at path: String, replace: Bool = false, _ body: (Connection) throws -> T) throws -> T {
        let target = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw DatabaseError.isDirectory(path) }
            if !replace { throw DatabaseError.alreadyExists(path) }
        }
        let folder = target.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw DatabaseError.cannotOpen(path, "the folder \(folder.path) does not exist")
        }
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).tmp-\(getpid())").path
        removeDatabaseFiles(temporary)
        do {
            let result = try fill(temporary, body)
            if replace {
                guard rename(temporary, path) == 0 else {
                    throw DatabaseError.cannotOpen(path, String(cString: strerror(errno)))
                }
            } else {
                // link(2) fails when the target exists, so a file that appeared
                // meanwhile is never overwritten.
                guard link(temporary, path) == 0 else {
                    let code = errno
                    throw code == EEXIST
                        ? DatabaseError.alreadyExists(path)
                        : DatabaseError.cannotOpen(path, String(cString: strerror(code)))
                }
                unlink(temporary)
            }
            return result
        } catch {
            removeDatabaseFiles(temporary)
            throw error
        }
    }

    /// Runs `body` on a fresh connection and closes it before returning, so the
    /// file is complete on disk before anyone renames it.
    private static func fill<T>(_ path: String, _ body: (Connection) throws -> T) throws -> T {
        let db = try open(path, mode: .create)
        return try body(db)
    }

    /// Removes a database file and the journal files SQLite may have left beside it.
    public static func removeDatabaseFiles(_ path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
    }
}
