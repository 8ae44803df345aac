import Foundation
import TallySQLite

extension DatabaseFile {
    /// Builds a new database file atomically: `body` fills a temporary file next
    /// to `path`, which is renamed into place only when `body` returns. On any
    /// error the temporary file is removed and `path` is untouched, so the file
    /// at `path` is either complete or absent.
    ///
    /// A process killed while building leaves its temporary file behind (no code
    /// runs on SIGKILL). Such a file never blocks a later build: every build (and every
    /// `openForWriting`) first removes the temporaries of processes that no longer exist
    /// (`StaleTemporaries`).
    ///
    /// - Parameter replace: allow replacing an existing file (also atomically).
    ///
    /// A symbolic link at `path` is followed: the file it points to is what gets built or replaced,
    /// and the link stays. Anything else that is not a regular file (a FIFO, a device, a socket, a
    /// folder) is refused, so it never turns into a database. With `replace`, the regular file
    /// (the link's target) must itself be an SQLite database or empty: `--replace` is the way to
    /// renew a database, never a way to overwrite a text file or `/etc/passwd` through a link; and it
    /// must not be write-protected, the rule `-o` follows (`FileTarget.protection`).
    package static func build<T>(at path: String, replace: Bool = false, _ body: (Connection) throws -> T) throws -> T {
        let resolved: FileTarget
        do {
            resolved = try FileTarget.resolve(path)
        } catch .notAFile(_, .directory) {
            throw DatabaseError.isDirectory(path)
        } catch .notAFile(_, let kind) {
            throw DatabaseError.notARegularFile(path, kind.rawValue)
        } catch .cannotInspect(_, let reason) {
            throw DatabaseError.cannotOpen(path, reason)
        } catch {
            // A link out of the folder, or to a missing folder: said as `FileTarget` says it for every file.
            throw error
        }
        switch resolved {
        case .stream(_, let kind): throw DatabaseError.notARegularFile(path, kind.rawValue)
        case .regularFile(let file):
            if !replace { throw DatabaseError.alreadyExists(path) }
            try requireReplaceable(file, named: path)
        case .absent: break
        }
        let target = URL(fileURLWithPath: resolved.path)
        var isDirectory: ObjCBool = false
        let folder = target.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw DatabaseError.cannotOpen(path, "the folder \(folder.path) does not exist")
        }
        let temporaries = StaleTemporaries.database(named: target.lastPathComponent)
        temporaries.remove(in: folder.path)
        let temporary = folder.appendingPathComponent("\(temporaries.prefix)\(getpid())").path
        removeDatabaseFiles(temporary)
        do {
            let result = try fill(temporary, body)
            // The connection is closed; make the bytes durable before the name
            // points at them, so even a power cut cannot publish a torn file.
            try syncFile(temporary, path: path)
            if replace {
                guard rename(temporary, target.path) == 0 else {
                    throw DatabaseError.cannotOpen(path, String(cString: strerror(errno)))
                }
            } else {
                // link(2) fails when the target exists, so a file that appeared
                // meanwhile is never overwritten.
                guard link(temporary, target.path) == 0 else {
                    let code = errno
                    throw code == EEXIST
                        ? DatabaseError.alreadyExists(path)
                        : DatabaseError.cannotOpen(path, String(cString: strerror(code)))
                }
                unlink(temporary)
            }
            syncFolder(folder.path)
            return result
        } catch {
            removeDatabaseFiles(temporary)
            // SQLite says which statement of which internal script met the full disk ("line 28: …"); a person
            // needs to know that the disk is full and that nothing changed.
            if isDiskFull(error) { throw DatabaseError.diskFull(path) }
            throw error
        }
    }

    /// True when `error` is SQLite's SQLITE_FULL (directly, in a script, or in a migration) or ENOSPC.
    static func isDiskFull(_ error: Error) -> Bool {
        switch error {
        case let error as SQLiteError: return error.primaryCode == 13  // SQLITE_FULL
        case let error as ScriptError: return error.underlying.primaryCode == 13
        case DatabaseError.cannotOpen(_, let reason): return reason == String(cString: strerror(ENOSPC))
        default: return String(describing: error).contains("database or disk is full")
        }
    }

    /// Refuses to replace `file` (reached as `path`) unless it is empty or starts with SQLite's
    /// header, and is not write-protected (`FileTarget.protection`, the rule of `-o`): the one rule
    /// every `--replace` and every pull goes through.
    ///
    /// SQLite reads the header (a schema read fails with SQLITE_NOTADB exactly when it is not
    /// SQLite's), not a descriptor of our own: closing any descriptor of a file drops every POSIX
    /// lock this process holds on it, which would free the write lock `ReplacementLock` or a pull
    /// holds on this very file; SQLite keeps such a descriptor open until those locks are released.
    static func requireReplaceable(_ file: String, named path: String) throws {
        if let problem = FileTarget.regularFile(file).protection(named: path) { throw problem }
        do {
            let db = try Connection(path: file, mode: .readOnly)
            _ = try db.scalar("PRAGMA schema_version")
        } catch let error as SQLiteError where error.isNotADatabase {
            throw DatabaseError.notReplaceable(path, target: file == path ? nil : file)
        } catch let error as SQLiteError where error.isBusy {
            return  // locked by another connection: a database
        } catch let error as SQLiteError {
            throw DatabaseError.cannotOpen(path, error.message)
        }
    }

    /// Runs `body` on a fresh connection and closes it before returning, so the
    /// file is complete on disk before anyone renames it.
    private static func fill<T>(_ path: String, _ body: (Connection) throws -> T) throws -> T {
        let db = try open(path, mode: .create)
        return try body(db)
    }

    /// Removes a database file and the journal files SQLite may have left beside it.
    package static func removeDatabaseFiles(_ path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
    }

    private static func syncFile(_ temporary: String, path: String) throws {
        let descriptor = openForSync(temporary)
        guard descriptor >= 0 else { throw DatabaseError.cannotOpen(path, String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw DatabaseError.cannotOpen(path, String(cString: strerror(errno))) }
    }

    private static func syncFolder(_ folder: String) {
        let descriptor = openForSync(folder)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

/// A read-only descriptor for fsync(2); outside `DatabaseFile`, whose `open` would be found first.
private func openForSync(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_CLOEXEC)
}
