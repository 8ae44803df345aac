import Foundation
import TallySQLite
import Testing

@testable import TallyCLI
@testable import TallyCore

/// Issue 12 item 1: every file tally writes replaces only a regular file (atomically); a
/// symbolic link's target is written, a FIFO or a device is written straight through, `-` is
/// standard output, and a folder or a socket is refused. Run with the real binary.
@Suite("Output paths: nothing but a regular file is ever replaced", .timeLimit(.minutes(10)))
struct OutputFileTests {
    static func kind(_ path: String) -> FileKind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }

    /// The names in a folder, sorted.
    static func listing(_ folder: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    static func makeFIFO(_ path: String) throws {
        try #require(mkfifo(path, 0o644) == 0, "mkfifo \(path): \(String(cString: strerror(errno)))")
    }

    /// Runs `cat FIFO` as the reader a user would have waiting, then `tally arguments`; returns what
    /// the reader got, or nil when it never got an end of file (the FIFO was replaced under it).
    static func readThroughFIFO(_ fifo: String, while arguments: [String], in folder: String) async throws
        -> (tally: TallyProcess.Result, read: String?)
    {
        let reader = try TallyProcess.start(["cat", fifo], program: URL(fileURLWithPath: "/usr/bin/env"))
        // Read from the start: a report larger than the pipe's buffer would otherwise hold cat.
        async let read = reader.finish()
        let result = try await TallyProcess.run(arguments, in: folder)
        // The reader ends when the writer closes the FIFO; a FIFO renamed away never gets a writer.
        let ended = await reader.ends(within: 10)
        if !ended { reader.send(SIGTERM) }
        let text = await read.stdout
        return (result, ended ? text : nil)
    }

    @Test func aReportWrittenToAFIFOReachesItsReaderAndTheFIFOStays() async throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.path("report.fifo")
        try Self.makeFIFO(fifo)
        let (tally, read) = try await Self.readThroughFIFO(
            fifo, while: ["report", "--demo", "--format", "json", "--output", fifo], in: folder.url.path)
        #expect(tally.status == 0, "\(tally.stderr)")
        #expect(Self.kind(fifo) == .fifo, "the FIFO is still a FIFO")
        let text = try #require(read, "the reader got the report and an end of file")
        #expect(text.hasPrefix("{"))
        #expect(text.contains("\"schema\""))
        #expect(try Self.listing(folder) == ["report.fifo"], "no temporary file left beside it")
    }

    @Test func sqlAndNotesExportWriteThroughAFIFOToo() async throws {
        let folder = try TemporaryDirectory()
        #expect(try await TallyProcess.run(["demo", "--db", "t.sqlite"], in: folder.url.path).status == 0)
        let fifo = folder.path("out.fifo")
        try Self.makeFIFO(fifo)
        let sql = try await Self.readThroughFIFO(fifo, while: ["sql", "tally", "--output", fifo], in: folder.url.path)
        #expect(sql.tally.status == 0, "\(sql.tally.stderr)")
        #expect(try #require(sql.read).contains("AS exclude_before"))
        let notes = try await Self.readThroughFIFO(
            fifo, while: ["notes", "export-sql", "--db", "t.sqlite", "--output", fifo], in: folder.url.path)
        #expect(notes.tally.status == 0, "\(notes.tally.stderr)")
        #expect(notes.read != nil)
        #expect(Self.kind(fifo) == .fifo)
    }

    @Test func aSymbolicLinkIsFollowedAndItsTargetReplaced() async throws {
        let folder = try TemporaryDirectory()
        try "old\n".write(toFile: folder.path("real.md"), atomically: false, encoding: .utf8)
        try #require(chmod(folder.path("real.md"), 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.md"), withDestinationPath: "real.md")
        let result = try await TallyProcess.run(["report", "--demo", "--output", "link.md"], in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.kind(folder.path("link.md")) == .symbolicLink, "the link stays a link")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("link.md")) == "real.md")
        let written = try String(contentsOfFile: folder.path("real.md"), encoding: .utf8)
        #expect(written == (try ReportFixtures.golden("demo.en.md")), "the target holds the report")
        var info = stat()
        #expect(stat(folder.path("real.md"), &info) == 0 && info.st_mode & 0o777 == 0o600, "its mode is kept")
        #expect(try Self.listing(folder) == ["link.md", "real.md"])
    }

    @Test func aDanglingLinkGetsItsTargetCreated() async throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.sql"), withDestinationPath: "made.sql")
        let result = try await TallyProcess.run(["sql", "tally", "--output", "link.sql"], in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.kind(folder.path("link.sql")) == .symbolicLink)
        #expect(Self.kind(folder.path("made.sql")) == .regularFile)
    }

    /// A character device like `/dev/null` (1, 3) or `/dev/full` (1, 7): a private node in `folder` when
    /// this user may make one (root), so a regression could only ever replace that copy; else the real one.
    static func device(_ name: String, minor: UInt32, in folder: TemporaryDirectory) -> String {
        let path = folder.path(name)
        // Linux's makedev(1, minor) for minors below 256 (glibc's makedev is a macro Swift cannot call).
        let device = dev_t((1 << 8) | minor)
        return mknod(path, S_IFCHR | 0o666, device) == 0 ? path : "/dev/\(name)"
    }

    @Test func aNullDeviceIsWrittenNotReplacedAndAFullOneReportsItsError() async throws {
        let folder = try TemporaryDirectory()
        let null = Self.device("null", minor: 3, in: folder)
        try #require(Self.kind(null) == .characterDevice)
        let written = try await TallyProcess.run(["report", "--demo", "--output", null])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(Self.kind(null) == .characterDevice, "\(null) is still the device")
        let full = Self.device("full", minor: 7, in: folder)
        try #require(Self.kind(full) == .characterDevice)
        let failed = try await TallyProcess.run(["report", "--demo", "--output", full])
        #expect(failed.status == 1)
        #expect(failed.stderr == "Error: cannot write \(full): No space left on device\n")
        #expect(Self.kind(full) == .characterDevice)
    }

    @Test func aDashIsStandardOutputForEveryOutputOption() async throws {
        let folder = try TemporaryDirectory()
        #expect(try await TallyProcess.run(["demo", "--db", "t.sqlite"], in: folder.url.path).status == 0)
        let report = try await TallyProcess.run(["report", "--demo", "--output", "-"], in: folder.url.path)
        #expect(report.status == 0)
        #expect(report.stdout == (try ReportFixtures.golden("demo.en.md")), "only the report, no 'Wrote' line")
        let sql = try await TallyProcess.run(["sql", "tally", "--output", "-"], in: folder.url.path)
        #expect(sql.stdout.hasPrefix("-- tally:"))
        let list = try await TallyProcess.run(
            ["notes", "list", "--db", "t.sqlite", "--output", "-"], in: folder.url.path)
        #expect(list.status == 0)
        #expect(!list.stdout.isEmpty)
        let export = try await TallyProcess.run(
            ["notes", "export-sql", "--db", "t.sqlite", "--output", "-"], in: folder.url.path)
        #expect(export.status == 0)
        #expect(!export.stdout.hasPrefix("Wrote"))
        #expect(try Self.listing(folder) == ["t.sqlite"], "no file named -")
    }

    @Test func aSocketIsRefusedBeforeAnyWork() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("s.sock")
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0, "bind: \(String(cString: strerror(errno)))")
        let result = try await TallyProcess.run(["report", "--demo", "--output", path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Error: --output \(path) is a socket; tally writes only to a regular file"))
        #expect(Self.kind(path) == .socket)
    }

    @Test func importReplaceThroughALinkReplacesTheRealDatabase() async throws {
        let folder = try TemporaryDirectory()
        // An old database at real.sqlite, reached through link.sqlite.
        #expect(try await TallyProcess.run(["init", "--db", "real.sqlite"], in: folder.url.path).status == 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("link.sqlite"), withDestinationPath: "real.sqlite")
        let dump = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/d1-export-demo.sql").path
        let result = try await TallyProcess.run(
            ["import", dump, "--db", "link.sqlite", "--replace"], in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.kind(folder.path("link.sqlite")) == .symbolicLink, "the link stays a link")
        let votes = try await SQLiteShell.rows(folder.path("real.sqlite"), "SELECT count(*) FROM votes")
        #expect(votes == [["55"]], "the real database holds the import")
    }

    @Test func aDatabaseIsNeverBuiltOverAFIFO() async throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.path("db.fifo")
        try Self.makeFIFO(fifo)
        let result = try await TallyProcess.run(["demo", "--db", fifo, "--replace"], in: folder.url.path)
        #expect(result.status == 1)
        #expect(result.stderr == "Error: \(DatabaseError.notARegularFile(fifo, FileKind.fifo.rawValue))\n")
        #expect(Self.kind(fifo) == .fifo)
        #expect(try Self.listing(folder) == ["db.fifo"])
    }

    @Test func weeklyPagesFollowLinksAndNeverReadAFIFO() async throws {
        let folder = try TemporaryDirectory()
        let reports = folder.path("reports")
        // The link stays in the reports folder (a link out of it is refused: HostileLinkTests).
        try FileManager.default.createDirectory(atPath: reports + "/mine", withIntermediateDirectories: true)
        try "kept elsewhere\n".write(
            toFile: folder.path("reports/mine/index-real.md"), atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("reports/index.md"), withDestinationPath: "mine/index-real.md")
        let fifo = folder.path("reports/week-01.json")
        try Self.makeFIFO(fifo)
        let (tally, read) = try await Self.readThroughFIFO(
            // --overwrite: index.md (a link to the user's own file) is not a page tally wrote, so a run without it
            // refuses to replace it (WeeklyOverwriteTests); told to, it writes through the link and the FIFO.
            fifo, while: ["weekly", "--demo", "--through", "2026-09-27", "--reports", reports, "--overwrite"],
            in: folder.url.path)
        #expect(tally.status == 0, "\(tally.stderr)")
        #expect(try #require(read).contains("\"schema\""))
        #expect(Self.kind(fifo) == .fifo)
        #expect(Self.kind(folder.path("reports/index.md")) == .symbolicLink)
        #expect(
            try String(contentsOfFile: folder.path("reports/mine/index-real.md"), encoding: .utf8).contains("week-01"))
    }
}
