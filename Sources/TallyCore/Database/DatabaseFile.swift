import Foundation
import TallySQLite

/// Problems with the database file itself, found before any data is touched.
package enum DatabaseError: Error, Equatable, Sendable, CustomStringConvertible {
    case isDirectory(String)
    case notFound(String)
    case notADatabase(String)
    case readOnlyFile(String)
    case alreadyExists(String)
    case cannotOpen(String, String)
    /// The path (or its link's target) is a FIFO, a device or a socket: a database is never built over it.
    case notARegularFile(String, String)
    /// `--replace` (or a pull) met a regular file that is not an SQLite database; `target` is the
    /// file a symbolic link at the path leads to.
    case notReplaceable(String, target: String?)
    /// An existing path to read a database from is a FIFO, a device or a socket (`kind`).
    case notAFile(String, String)
    /// An existing file to read a database from is empty.
    case empty(String)
    /// Other connections kept writing the file, so no read could start on one committed state (`ReadSnapshot`).
    case keptChanging(String, attempts: Int, seconds: Double)
    /// The disk filled while a database was built beside the path: the temporary is removed, the path untouched.
    case diskFull(String)

    package var description: String {
        switch self {
        case .isDirectory(let path):
            return "\(path) is a directory; give the path of a database file, e.g. \(path)/tally.sqlite"
        case .notFound(let path):
            return "no database at \(path); create one with `tally init --db \(path)` or `tally demo --db \(path)`"
        case .notADatabase(let path):
            return "\(path) is not an SQLite database (its header is not SQLite's); nothing was changed"
        case .readOnlyFile(let path):
            return "\(path) is read-only; make it writable (chmod u+w) or work on a copy; nothing was changed"
        case .alreadyExists(let path):
            return "\(path) already exists; choose another path or remove it first"
        case .cannotOpen(let path, let message):
            return "cannot open \(path): \(message)"
        case .notARegularFile(let path, let kind):
            return "\(path) is \(kind), not a regular file; a database is written only to a regular file "
                + "(or through a symbolic link to one); nothing was changed"
        case .notReplaceable(let path, let target):
            let what = target.map { "\(path) leads to \($0), which" } ?? path
            return "\(what) is not an SQLite database (its header is not SQLite's); tally replaces only a "
                + "database, so nothing was changed; move it away or choose another path"
        case .notAFile(let path, let kind):
            return "\(path) is \(kind), not a database file; give the path of an SQLite database (tally does not "
                + "read a database from a pipe or a device)"
        case .empty(let path):
            return "\(path) is empty (0 bytes), not a database; create one with `tally init --db \(path)` or "
                + "`tally pull`, or give the path of your copy"
        case .keptChanging(let path, let attempts, let seconds):
            return "\(path) kept changing while tally tried to read it as one state (\(attempts) attempts in "
                + (seconds >= 1 ? "\(Int(seconds)) s" : "\(Int(seconds * 1_000)) ms")
                + ": another program holds a lock or "
                + "writes without pause); nothing was written; try again, or report on a copy "
                + "(sqlite3 \(path) \".backup copy.sqlite\")"
        case .diskFull(let path):
            return "cannot write \(path): the disk is full; nothing was changed (a file already there is kept as it "
                + "was). Free some space and run again"
        }
    }
}

/// Opens database files with the checks every command needs, so a bad path is
/// answered with a clear message before anything is written.
package enum DatabaseFile {
    /// Opens an existing database for reading only; an empty file is refused (SQLite would read it
    /// as a database with no tables).
    ///
    /// A program killed while writing it (a push, a decision) leaves a hot journal that SQLite rolls back
    /// only on a connection that may write: one such connection opens first and does so (restoring the last
    /// committed state; nothing committed is changed), then the read goes on. Else `tally status` failed with
    /// "attempt to write a readonly database" after every kill -9 until something wrote.
    package static func openForReading(_ path: String) throws -> Connection {
        try checkExisting(path)
        var info = stat()
        if stat(path, &info) == 0, info.st_size == 0 { throw DatabaseError.empty(path) }
        do {
            return try Connection(path: path, mode: .readOnly)
        } catch let error as SQLiteError where error.needsAWriterToRecover {
            _ = try open(path, mode: .readWrite)
            do {
                return try Connection(path: path, mode: .readOnly)
            } catch let error as SQLiteError where error.needsAWriterToRecover {
                throw DatabaseError.cannotOpen(
                    path,
                    error.message + " (a program was stopped while writing it; rolling that back needs write access "
                        + "to the file and its folder)")
            }
        } catch let error as SQLiteError {
            if error.isNotADatabase { throw DatabaseError.notADatabase(path) }
            throw DatabaseError.cannotOpen(path, error.message)
        }
    }

    /// Opens an existing database for writing; refuses write-protected files. Removes the temporaries
    /// a killed build of this file left beside it (`StaleTemporaries`).
    ///
    /// SQLite silently falls back to read-only when a file is write-protected,
    /// and root may write to any file; we honour the file's permission bits
    /// instead, so a protected file is never changed.
    package static func openForWriting(_ path: String) throws -> Connection {
        try checkExisting(path)
        if let permissions = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int,
            permissions & 0o200 == 0
        {
            throw DatabaseError.readOnlyFile(path)
        }
        let db = try open(path, mode: .readWrite)
        if db.isReadOnly { throw DatabaseError.readOnlyFile(path) }
        // A write is the next run there: what a killed pull or --replace left beside the file goes.
        let file = URL(fileURLWithPath: (try? FileTarget.resolve(path).path) ?? path)
        StaleTemporaries.database(named: file.lastPathComponent).remove(in: file.deletingLastPathComponent().path)
        return db
    }

    /// Creates a new database file; refuses to touch an existing one.
    package static func create(_ path: String) throws -> Connection {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            throw isDirectory.boolValue ? DatabaseError.isDirectory(path) : DatabaseError.alreadyExists(path)
        }
        return try open(path, mode: .create)
    }

    /// An existing regular file (through links): a FIFO would block SQLite's open forever, and a
    /// device is no database.
    static func checkExisting(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw DatabaseError.notFound(path) }
        switch FileKind(mode: info.st_mode) {
        case .regularFile: return
        case .directory: throw DatabaseError.isDirectory(path)
        case let kind: throw DatabaseError.notAFile(path, kind.rawValue)
        }
    }

    static func open(_ path: String, mode: Connection.OpenMode) throws -> Connection {
        do {
            return try Connection(path: path, mode: mode)
        } catch let error as SQLiteError {
            if error.isNotADatabase { throw DatabaseError.notADatabase(path) }
            throw DatabaseError.cannotOpen(path, error.message)
        }
    }
}
