import Foundation

/// What a path names when tally is about to write to it, after following symbolic links.
///
/// The rule every writer follows (`-o`, charts and their PNGs, `--share`, weekly pages, the page
/// record, built databases): a regular file is replaced atomically; a symbolic link is followed only
/// while its file stays in the folder the path was given in (or below it), and its *target* is what
/// gets written; a FIFO or a device is written straight through, never replaced; anything else (a
/// folder, a socket) is refused. A link out of the folder, or to a file whose folder is missing (tally
/// would create it through the link), is refused. So nothing a user made (a named pipe a reader waits
/// on, `/dev/null`) is ever turned into a regular file, and no planted link sends a write elsewhere.
package enum FileTarget: Equatable, Sendable {
    /// Nothing is there yet: a new regular file is created at this path.
    case absent(String)
    /// A regular file at this path: replaced atomically (temporary name beside it, then rename).
    case regularFile(String)
    /// A FIFO or a device at this path: opened and written straight through.
    case stream(String, FileKind)

    /// The path bytes will end up at (the symbolic links' final target).
    package var path: String {
        switch self {
        case .absent(let path), .regularFile(let path), .stream(let path, _): return path
        }
    }

    /// Why tally will not replace the regular file this target reaches, or nil: it is write-protected
    /// (no write bit, or not writable by this user). The rename that replaces a file needs only the
    /// folder's permission, so without this a `chmod 444` page or database, made so it stays as it is,
    /// was replaced without a word (by root even through its own check). Every writer asks it: pages
    /// and charts (`AtomicFile`, `--output`) and databases built over an old one (`DatabaseFile.build`).
    package func protection(named path: String) -> WriteProtected? {
        guard case .regularFile(let file) = self else { return nil }
        var info = stat()
        guard stat(file, &info) == 0 else { return nil }
        guard info.st_mode & 0o222 == 0 || access(file, W_OK) != 0 else { return nil }
        return WriteProtected(path: path, mode: info.st_mode & 0o7777)
    }

    /// Follows symbolic links from `path` (at most 40, as the kernel does) and says what is at the end.
    ///
    /// Two names are refused before anything is followed. A path ending in `/` names a folder, as the
    /// shell and `open(2)` read it: tally writes files, so it is a folder already there (refused as one) or
    /// an error, never a file named without the slash. And a name SQLite owns beside a database
    /// (`votes.sqlite-journal`, `-wal`, `-shm`): SQLite deletes or rewrites such a file the next time the
    /// database is opened, so what tally wrote there would be gone while tally said it was written.
    package static func resolve(_ path: String) throws(FileTargetError) -> FileTarget {
        if path.count > 1, path.hasSuffix("/") {
            var info = stat()
            if stat(path, &info) == 0, FileKind(mode: info.st_mode) == .directory { throw .notAFile(path, .directory) }
            throw .endsInSlash(path)
        }
        if let database = sqliteCompanion(path) { throw .sqliteCompanion(path, database) }
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                let code = errno
                if code == ENOENT { return try contained(.absent(current), given: path) }
                throw .cannotInspect(path, String(cString: strerror(code)))
            }
            let kind = FileKind(mode: info.st_mode)
            switch kind {
            case .symbolicLink:
                current = try linkTarget(of: current, original: path)
            case .regularFile:
                return try contained(.regularFile(current), given: path)
            case .fifo, .characterDevice, .blockDevice:
                return .stream(current, kind)
            case .directory, .socket, .other:
                throw .notAFile(path, kind)
            }
        }
        throw .cannotInspect(path, "too many levels of symbolic links")
    }

    /// The suffixes SQLite gives the files it keeps beside a database (https://sqlite.org/tempfiles.html).
    static let sqliteCompanionSuffixes = ["-journal", "-wal", "-shm"]

    /// The database `path` belongs to when it is named as one of SQLite's own files beside an SQLite
    /// database that exists (its first 16 bytes are SQLite's header), or nil.
    static func sqliteCompanion(_ path: String) -> String? {
        guard let suffix = sqliteCompanionSuffixes.first(where: { path.hasSuffix($0) }) else { return nil }
        let database = String(path.dropLast(suffix.count))
        guard !database.isEmpty, let handle = FileHandle(forReadingAtPath: database) else { return nil }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        return header == Data("SQLite format 3".utf8) + [0] ? database : nil
    }

    /// `target`, reached from `given`, when no link was followed or its file stays in `given`'s folder
    /// (or below it); a device or FIFO is written through wherever it is (`-o /dev/stdout`), so it is not
    /// asked. Both folders are compared as `realpath(3)` names them, so `..` and linked folders count.
    private static func contained(_ target: FileTarget, given: String) throws(FileTargetError) -> FileTarget {
        guard target.path != given else { return target }
        let folder = (given as NSString).deletingLastPathComponent
        let targetFolder = (target.path as NSString).deletingLastPathComponent
        guard let real = realPath(targetFolder.isEmpty ? "." : targetFolder) else {
            throw .linkToMissingFolder(given, target.path)
        }
        guard let home = realPath(folder.isEmpty ? "." : folder),
            real == home || real.hasPrefix(home == "/" ? "/" : home + "/")
        else { throw .linkOutOfFolder(given, target.path) }
        return target
    }

    /// `realpath(3)` of `path`, nil when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where the link at `link` points, as a path (a relative target is relative to the link's folder).
    private static func linkTarget(of link: String, original: String) throws(FileTargetError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count >= 0 else { throw .cannotInspect(original, String(cString: strerror(errno))) }
        let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        return (((link as NSString).deletingLastPathComponent) as NSString).appendingPathComponent(target)
    }
}

/// The kind of thing a path names, from `lstat(2)`.
package enum FileKind: String, Equatable, Sendable {
    case regularFile = "a regular file"
    case directory = "a folder"
    case symbolicLink = "a symbolic link"
    case fifo = "a FIFO (named pipe)"
    case characterDevice = "a character device"
    case blockDevice = "a block device"
    case socket = "a socket"
    case other = "not a file"

    /// The kind named by the `st_mode` of `stat(2)`.
    package init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regularFile
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }
}

/// Why tally will not write to a path.
package enum FileTargetError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path (or its link's target) is a folder, a socket or something else that is not a file.
    case notAFile(String, FileKind)
    /// The path could not be inspected (permission, a link loop, …).
    case cannotInspect(String, String)
    /// The path is a symbolic link whose file (the second path) is outside the path's folder.
    case linkOutOfFolder(String, String)
    /// The path is a symbolic link to a file (the second path) whose folder does not exist.
    case linkToMissingFolder(String, String)
    /// The path ends in `/` and no folder is there: it names a folder, and tally writes files.
    case endsInSlash(String)
    /// The path is one of SQLite's own files beside the database (the second path).
    case sqliteCompanion(String, String)

    package var description: String {
        switch self {
        case .notAFile(let path, .directory):
            // Callers that take a page name (`--output`) suggest one themselves; here the file's
            // name is tally's own (a chart), so the folder in its place is what must move.
            return "\(path) is a folder where tally writes a file; move or rename that folder (tally never "
                + "replaces a folder)"
        case .notAFile(let path, let kind):
            return "\(path) is \(kind.rawValue); tally writes only to a regular file, a FIFO or a device "
                + "(or - for standard output), and never replaces anything else"
        case .cannotInspect(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .linkOutOfFolder(let path, let target):
            return "\(path) is a symbolic link to \(target), outside the folder it is in; tally never writes through "
                + "a link out of the folder it was told to write in, so nothing was written. Give the real path, "
                + "or remove the link"
        case .linkToMissingFolder(let path, let target):
            return "\(path) is a symbolic link to \(target), whose folder does not exist; tally never creates a "
                + "folder through a link, so nothing was written. Give the real path, or remove the link"
        case .endsInSlash(let path):
            return "\(path) ends in /, so it names a folder, and there is no folder there; tally writes a file and "
                + "never one named without the slash, so nothing was written. Give a file name (without the "
                + "trailing /), or create the folder first"
        case .sqliteCompanion(let path, let database):
            return "\(path) is the name SQLite gives its own file beside the database \(database); SQLite deletes or "
                + "rewrites that file the next time the database is opened, so nothing was written there. "
                + "Choose another name"
        }
    }
}

/// A regular file tally will not replace because it is write-protected (`FileTarget.protection`).
package struct WriteProtected: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path as the user named it.
    package let path: String
    /// The file's permission bits.
    package let mode: mode_t

    package var description: String {
        "\(path) is write-protected (mode 0\(String(mode, radix: 8))), and tally does not replace a protected file; "
            + "nothing was written. Make it writable (chmod u+w \(path)) or choose another path"
    }
}
