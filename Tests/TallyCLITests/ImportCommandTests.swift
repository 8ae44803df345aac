import Foundation
import TallyCore
import Testing

@testable import TallyCLI

@Suite("tally import", .timeLimit(.minutes(10)))
struct ImportCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let d1Export = fixtures.appendingPathComponent("d1-export-demo.sql").path
    static let sqliteDump = fixtures.appendingPathComponent("sqlite-dump.sql").path

    func listing(_ folder: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test func printsRowsPerTableAndNothingElseWhenNotATerminal() async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(["import", Self.d1Export, "--db", "votes.sqlite"], in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout == """
                Imported \(Self.d1Export) into \(folder.path("votes.sqlite")): 74 rows from 87 statements.
                table           rows
                d1_migrations      5
                moderation_log     0  (added by tally)
                page views         4
                suggestions        6
                survey_options     7
                votes             55
                Applied 3 migration(s): 0001_tally_contract.sql, 0002_tally_moderation.sql, 0003_tally_indexes.sql
                d1_migrations also lists the vote page's own: 0001_init.sql, 0002_notes.sql

                """)
        #expect(try listing(folder) == ["votes.sqlite"])
    }

    /// Issue 12.2: a trigger that tally's decisions would fire is named before the first decision.
    @Test func aTriggerThatWritesElsewhereIsNamedOnStderr() async throws {
        let folder = try TemporaryDirectory()
        let export = folder.path("export.sql")
        try
            (String(contentsOfFile: Self.d1Export, encoding: .utf8)
            + "CREATE TRIGGER w AFTER UPDATE ON suggestions BEGIN DELETE FROM votes; END;\n")
            .write(toFile: export, atomically: false, encoding: .utf8)
        let result = try await TallyProcess.run(["import", export, "--db", "votes.sqlite"], in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr == "warning: the trigger w on suggestions also writes to votes when tally records a "
                + "decision (UPDATE suggestions); review it before the first decision.\n")
    }

    @Test func theImportedWeekGivesThePublishedFigures() async throws {
        let folder = try TemporaryDirectory()
        let imported = try await TallyProcess.run(
            ["import", Self.d1Export, "--db", "votes.sqlite"], in: folder.url.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        // The author's own query, unchanged, in the real sqlite3 shell.
        let rows = try await SQLiteShell.rows(folder.path("votes.sqlite"), BriefFixtures.authorsQuery)
        #expect(rows.count == 5)
        #expect(Set(rows.filter { $0[2] == "10" }.map { $0[0] }) == ["做了好多事，另一半不知道", "今天吃什麼，永遠臨時才有人想"])
        #expect(rows.map { Int($0[1])! }.reduce(0, +) == 43)
        let report = try await TallyProcess.run(
            ["report", "--db", "votes.sqlite", "--tz", "Asia/Taipei", "--exclude-before", "2026-09-19 02:11"],
            in: folder.url.path)
        #expect(report.status == 0, "\(report.stderr)")
        // The published 19 voters and 55 votes are the counted ones plus the test data left out.
        for figure in ["Counted: 15 voters, 43 votes.", "Left out as test data: 4 voters, 12 votes."] {
            #expect(report.stdout.contains(figure), "\(report.stdout)")
        }
    }

    @Test func readsASQLiteDumpFromStandardInput() async throws {
        let folder = try TemporaryDirectory()
        let dump = try String(contentsOfFile: Self.sqliteDump, encoding: .utf8)
        let result = try await TallyProcess.run(
            ["import", "-", "--db", "out.sqlite"], in: folder.url.path, stdin: dump)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Imported standard input into \(folder.path("out.sqlite")): 13 rows"))
        #expect(result.stdout.contains("odd \"quoted\" name     3\n"))
    }

    @Test func anExistingDatabaseIsKeptUnlessReplaceIsGiven() async throws {
        let folder = try TemporaryDirectory()
        let demo = try await TallyProcess.run(["demo", "--db", "out.sqlite"], in: folder.url.path)
        #expect(demo.status == 0)
        let before = try Data(contentsOf: folder.url.appendingPathComponent("out.sqlite"))
        let refused = try await TallyProcess.run(
            ["import", Self.sqliteDump, "--db", "out.sqlite"], in: folder.url.path)
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(
            refused.stderr
                == "Error: \(folder.path("out.sqlite")) already exists; add --replace to replace it (atomically, "
                + "only if this run succeeds), or choose another path\n")
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("out.sqlite")) == before)

        let replaced = try await TallyProcess.run(
            ["import", Self.sqliteDump, "--db", "out.sqlite", "--replace"], in: folder.url.path)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        let votes = try await SQLiteShell.run(
            folder.path("out.sqlite"),
            input: "SELECT count(*) FROM votes; SELECT count(*) FROM \"odd \"\"quoted\"\" name\";",
            arguments: ["-batch"])
        #expect(votes == "4\n3\n")
        #expect(try listing(folder) == ["out.sqlite"])
    }

    @Test func aFailedReplaceKeepsTheOldDatabase() async throws {
        let folder = try TemporaryDirectory()
        #expect(try await TallyProcess.run(["demo", "--db", "out.sqlite"], in: folder.url.path).status == 0)
        let before = try Data(contentsOf: folder.url.appendingPathComponent("out.sqlite"))
        let hostile = folder.path("hostile.sql")
        try (try String(contentsOfFile: Self.sqliteDump, encoding: .utf8) + "PRAGMA writable_schema=ON;\n")
            .write(toFile: hostile, atomically: false, encoding: .utf8)
        let result = try await TallyProcess.run(
            ["import", "hostile.sql", "--db", "out.sqlite", "--replace"], in: folder.url.path)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: line 54: refused PRAGMA writable_schema=ON"))
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("out.sqlite")) == before)
        #expect(try listing(folder) == ["hostile.sql", "out.sqlite"])
    }

    @Test func hostileDumpsLeaveNoFileAnywhere() async throws {
        let folder = try TemporaryDirectory()
        let lines = try String(contentsOfFile: Self.d1Export, encoding: .utf8).components(separatedBy: "\n")
        let hostile: [(String, String)] = [
            ("ATTACH DATABASE '\(folder.path("evil.sqlite"))' AS evil;", "refused ATTACH DATABASE"),
            (
                "VACUUM INTO '\(folder.path("copy.sqlite"))';",
                "refused a statement of a kind a dump never holds: VACUUM INTO"
            ),
            ("SELECT load_extension('\(folder.path("libevil.so"))');", "refused the function load_extension()"),
            ("PRAGMA writable_schema=ON;", "refused PRAGMA writable_schema=ON"),
            (
                "CREATE TRIGGER leak AFTER INSERT ON votes BEGIN DELETE FROM survey_options; END;",
                "refused the trigger or view leak, which would DELETE FROM survey_options"
            ),
        ]
        for (statement, message) in hostile {
            let text = (lines[..<30] + [statement] + lines[30...]).joined(separator: "\n")
            try text.write(toFile: folder.path("dump.sql"), atomically: false, encoding: .utf8)
            let result = try await TallyProcess.run(["import", "dump.sql", "--db", "out.sqlite"], in: folder.url.path)
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            let line = statement.hasPrefix("CREATE TRIGGER") ? 32 : 31
            #expect(result.stderr.hasPrefix("Error: line \(line): \(message)"), "\(result.stderr)")
            #expect(result.stderr.hasSuffix("nothing was written\n"))
            #expect(try listing(folder) == ["dump.sql"], "after \(statement)")
        }
    }

    @Test func aTruncatedDumpIsNamedAndLeavesNothing() async throws {
        let folder = try TemporaryDirectory()
        let text = try String(contentsOfFile: Self.d1Export, encoding: .utf8)
        try String(text.prefix(text.count / 2)).write(
            toFile: folder.path("cut.sql"), atomically: false, encoding: .utf8)
        let result = try await TallyProcess.run(["import", "cut.sql", "--db", "out.sqlite"], in: folder.url.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("the file ends inside the statement that starts here"))
        #expect(try listing(folder) == ["cut.sql"])
    }

    @Test func helpDescribesTheCommand() async throws {
        let help = try await TallyProcess.run(["import", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Usage: tally import <FILE> [options]"))
        #expect(help.stdout.contains("wrangler d1 export DB --remote --output=export.sql"))
        let list = try await TallyProcess.run(["--help"])
        #expect(list.stdout.contains("  import "))
    }

    @Test func usageAndFileProblemsAreReported() async throws {
        let folder = try TemporaryDirectory()
        let missingArgument = try await TallyProcess.run(["import", "--db", "out.sqlite"], in: folder.url.path)
        #expect(missingArgument.status == 2)
        #expect(
            missingArgument.stderr.hasPrefix("Error: missing argument <FILE>\nUsage: tally import <FILE> [options]"))
        let missingFile = try await TallyProcess.run(["import", "none.sql", "--db", "out.sqlite"], in: folder.url.path)
        #expect(missingFile.status == 1)
        #expect(missingFile.stderr == "Error: cannot read \(folder.path("none.sql")): No such file or directory\n")
        #expect(try listing(folder).isEmpty)
    }

    // MARK: Killed at any moment

    /// Writes a D1 export large enough that importing it takes a while.
    func writeLargeExport(votes: Int, to path: String) throws {
        let lines = try String(contentsOfFile: Self.d1Export, encoding: .utf8).components(separatedBy: "\n")
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var text = lines[..<30].joined(separator: "\n") + "\n"
        for id in 1...votes {
            text +=
                "INSERT INTO \"votes\" (\"id\",\"option_id\",\"session_id\",\"created_at\",\"ip_hash\",\"user_agent\") "
            text += "VALUES(\(id),\(id % 7 + 1),'session-\(id / 3)','2026-09-20 12:00:00',NULL,'curl/8.5');\n"
            if text.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(text.utf8))
                text = ""
            }
        }
        text += lines[85...].joined(separator: "\n")
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Starts an import, sends it `signal` once its temporary file holds data,
    /// waits for it to end and returns the temporary's path and what it wrote to stderr.
    func interrupt(
        _ arguments: [String], with signal: Int32 = SIGKILL, in folder: TemporaryDirectory
    ) async throws -> (temporary: String, result: TallyProcess.Result) {
        let process = try TallyProcess.start(arguments, in: folder.url.path)
        let temporary = folder.path(".out.sqlite.tmp-\(process.id)")
        // Watched and signalled from a thread of its own, so a busy pool cannot let the import finish first.
        let running = await OffPool.run {
            let giveUp = Date().addingTimeInterval(300)
            while process.process.isRunning, size(temporary) == 0, Date() < giveUp { usleep(2_000) }
            let running = process.process.isRunning
            process.send(signal)
            return running
        }
        let result = await process.finish()
        #expect(running, "the import ended before the signal; make the dump larger")
        return (temporary, result)
    }

    @Test func aKilledImportLeavesNoDatabaseAndARetrySucceeds() async throws {
        let folder = try TemporaryDirectory()
        try writeLargeExport(votes: 300_000, to: folder.path("big.sql"))
        let (temporary, killed) = try await interrupt(["import", "big.sql", "--db", "out.sqlite"], in: folder)
        #expect(killed.status == 128 + SIGKILL)
        #expect(!exists(folder.path("out.sqlite")))
        #expect(exists(temporary), "the killed process leaves its temporary file; the retry must cope with it")

        let retry = try await TallyProcess.run(["import", "big.sql", "--db", "out.sqlite"], in: folder.url.path)
        #expect(retry.status == 0, "\(retry.stderr)")
        #expect(retry.stdout.split(separator: "\n").contains { $0.split(separator: " ") == ["votes", "300000"] })
        #expect(try listing(folder) == ["big.sql", "out.sqlite"])
    }

    @Test func aKilledReplaceKeepsTheOldDatabase() async throws {
        let folder = try TemporaryDirectory()
        try writeLargeExport(votes: 300_000, to: folder.path("big.sql"))
        #expect(try await TallyProcess.run(["demo", "--db", "out.sqlite"], in: folder.url.path).status == 0)
        let before = try Data(contentsOf: folder.url.appendingPathComponent("out.sqlite"))
        let killed = try await interrupt(["import", "big.sql", "--db", "out.sqlite", "--replace"], in: folder)
        #expect(killed.result.status == 128 + SIGKILL)
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("out.sqlite")) == before)
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func ctrlCStopsCleanly(_ signal: Int32) async throws {
        let folder = try TemporaryDirectory()
        try writeLargeExport(votes: 300_000, to: folder.path("big.sql"))
        let stopped = try await interrupt(["import", "big.sql", "--db", "out.sqlite"], with: signal, in: folder)
        #expect(stopped.result.status == 1)
        #expect(stopped.result.stderr == "Error: interrupted; nothing was written\n")
        #expect(try listing(folder) == ["big.sql"])
    }

    // MARK: Progress

    @Test func progressGoesToATerminalOnly() async throws {
        let folder = try TemporaryDirectory()
        final class Buffer: @unchecked Sendable { var text = "" }
        let out = Buffer()
        let err = Buffer()
        let context = Context(
            environment: [:], currentDirectory: folder.url.path, stdout: TextOutput { out.text += $0 },
            stderr: TextOutput(isTerminal: true) { err.text += $0 }, stdin: LineInput { nil },
            now: { Instant(millis: 0) })
        let status = Tally.run(arguments: ["import", Self.d1Export, "--db", "out.sqlite"], context: context)
        #expect(status == 0, "\(err.text)")
        #expect(err.text.hasPrefix("\rimporting 0.0 MB of 0.0 MB (100%)  74 rows"), "\(err.text)")
        #expect(
            err.text.contains("  adding tally's tables and indexes…\u{1B}[K\r\u{1B}[Kloaded 0.0 MB, 74 rows in "),
            "\(err.text)")
        #expect(err.text.hasSuffix(" s\n"))
        #expect(err.text.filter { $0 == "\n" }.count == 1)
        #expect(out.text.hasPrefix("Imported "))
    }

    @Test func progressLineReadsWell() async {
        let progress = DumpImporter.Progress(bytesRead: 85_300_000, totalBytes: 170_100_000, rows: 501_234)
        #expect(
            ImportProgress.line(progress, seconds: 2)
                == "importing 85.3 MB of 170.1 MB (50%)  501,234 rows  250,617 rows/s")
        #expect(
            ImportProgress.summary(progress, loadSeconds: 2, totalSeconds: 3.25)
                == "loaded 85.3 MB, 501,234 rows in 2.0 s (250,617 rows/s); tally's tables and indexes 1.3 s")
        #expect(ImportProgress.grouped(1_000) == "1,000")
        #expect(ImportProgress.grouped(999) == "999")
        #expect(ImportProgress.grouped(-1_234_567) == "-1,234,567")
    }
}
