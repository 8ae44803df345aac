import Foundation

/// The files a run of tally killed with SIGKILL left beside a database or an output (no code runs
/// on SIGKILL, so the run cannot remove them itself): `.votes.sqlite.tmp-PID` (and its journals),
/// `.report.md.tmp-PID-N`, `.tally-pull-PID.sql`. The next run that writes there removes them.
///
/// A file is removed only when it is certainly tally's and certainly abandoned: its name is exactly
/// the pattern of the target being written, with a process id that is not alive (not this process,
/// no process of that id runs); it is a regular file (not a link), owned by this user; and its
/// content is what tally writes there (for a database: SQLite's header, or nothing yet).
/// A file of a run still going, or a user's own file that happens to look alike, is left alone.
package struct StaleTemporaries: Sendable {
    /// The name before the process id: `.votes.sqlite.tmp-`.
    package let prefix: String
    /// The name after the process id (and attempt number): `.sql`, or nothing.
    package let suffix: String
    /// True when a `-N` attempt number follows the process id (`AtomicFile`'s names).
    package let numbered: Bool
    /// True for a database's temporary: SQLite's `-journal`, `-wal` and `-shm` files go with it.
    package let database: Bool

    /// The temporaries named `PREFIX<pid>[-N]SUFFIX`.
    package init(prefix: String, suffix: String = "", numbered: Bool = false, database: Bool = false) {
        self.prefix = prefix
        self.suffix = suffix
        self.numbered = numbered
        self.database = database
    }

    /// A database build's temporaries beside a database named `name` (`DatabaseFile.build`).
    package static func database(named name: String) -> StaleTemporaries {
        StaleTemporaries(prefix: ".\(name).tmp-", database: true)
    }

    /// Removes, in `folder`, the abandoned temporaries of this pattern; returns their names. `names` is the
    /// folder's listing when the caller has it (one listing for the many files of a weekly run); nil lists it.
    @discardableResult
    package func remove(in folder: String, names listed: [String]? = nil) -> [String] {
        guard let names = listed ?? (try? FileManager.default.contentsOfDirectory(atPath: folder)) else { return [] }
        var removed: [String] = []
        // The main files first: a journal goes only when its database went (or was never there). Only names
        // with the prefix are sorted: a weekly folder holds hundreds of pages.
        for name in names.filter({ $0.hasPrefix(prefix) }).sorted(by: { $0.utf8.count < $1.utf8.count }) {
            guard let main = mainName(of: name) else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            let mainPath = (folder as NSString).appendingPathComponent(main)
            guard Self.isOwnRegularFile(path) else { continue }
            if main == name {
                guard !database || Self.isSQLiteOrEmpty(path) else { continue }
            } else if FileManager.default.fileExists(atPath: mainPath) {
                continue
            }
            if unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// The temporary `name` belongs to (itself, or the database a journal goes with) when it follows
    /// the pattern with the id of a process that has ended; else nil.
    func mainName(of name: String) -> String? {
        guard name.hasPrefix(prefix) else { return nil }
        var main = Substring(name)
        if database {
            for journal in ["-journal", "-wal", "-shm"] where main.hasSuffix(journal) {
                main = main.dropLast(journal.count)
                break
            }
        }
        guard main.hasSuffix(suffix) else { return nil }
        var id = main.dropFirst(prefix.count).dropLast(suffix.count)
        if numbered {
            guard let dash = id.lastIndex(of: "-"), let attempt = Int(id[id.index(after: dash)...]), attempt >= 0
            else { return nil }
            id = id[..<dash]
        }
        guard id.allSatisfy(\.isASCIIDigit), let pid = pid_t(id), pid > 0, pid != getpid(), !Self.isAlive(pid)
        else { return nil }
        return String(main)
    }

    /// True while a process `pid` exists (EPERM: it does, someone else's).
    package static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// A regular file (not followed through a link) owned by the user this process runs as.
    static func isOwnRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && FileKind(mode: info.st_mode) == .regularFile && info.st_uid == geteuid()
    }

    /// Empty, starting with SQLite's 16-byte header, or with 16 zero bytes: inside its one transaction
    /// a build spills pages to the file as its cache fills, and page 1 (the header) comes at commit.
    static func isSQLiteOrEmpty(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 16)
        let count = read(fd, &header, 16)
        return count == 0
            || (count == 16 && (header == Array("SQLite format 3\0".utf8) || header.allSatisfy { $0 == 0 }))
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
