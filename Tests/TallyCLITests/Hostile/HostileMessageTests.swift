import Foundation
import TallyCore
import TallyTestSupport
import Testing

/// Messages that misled: each case now says what is true and what to do, and writes nothing.
@Suite("Hostile: messages say what is true", .timeLimit(.minutes(10)))
struct HostileMessageTests {
    @Test func anEmptyFolderOptionIsRefusedNotTheWorkingFolder() async throws {
        let folder = try TemporaryDirectory()
        let charts = try await TallyProcess.run(
            ["report", "--demo", "--charts", "", "-o", "r.md"], in: folder.url.path)
        #expect(charts.status == 2)
        #expect(charts.stderr.hasPrefix("Error: --charts is empty; give a folder for the charts"), "\(charts.stderr)")
        let weekly = try await TallyProcess.run(["weekly", "--demo", "--reports", ""], in: folder.url.path)
        #expect(weekly.status == 2)
        #expect(weekly.stderr.hasPrefix("Error: --reports is empty; give the folder to write into"), "\(weekly.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    /// A working folder removed under the shell gave "The specified URL type isn't supported" (or a
    /// report that silently read no `tally.json`): every command now stops, naming what happened.
    @Test func aRemovedWorkingFolderIsNamed() async throws {
        let folder = try TemporaryDirectory()
        try "{\"timezone\": \"Asia/Taipei\"}".write(
            toFile: folder.path("tally.json"), atomically: false, encoding: .utf8)
        for arguments in [["report", "--demo", "-o", "r.md"], ["report", "--demo"], ["status"]] {
            // The shell enters `gone`, removes it, then becomes tally: a real process whose cwd is gone.
            let result = try await HostileShell.run(
                arguments, redirect: "", in: folder.url.path,
                wrapping: "mkdir gone && cd gone && rmdir ../gone && exec \"$0\" \"$@\"")
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr
                    == "Error: the working folder cannot be read (No such file or directory): it was removed or "
                    + "moved while this shell was in it; nothing was read or written. Change to an existing "
                    + "folder (`cd` to it again if it was recreated) and run the command again\n",
                "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["tally.json"])
    }

    /// `--version extra` said "unknown option '--version'".
    @Test func versionWithMoreIsNotAnUnknownOption() async throws {
        let result = try await TallyProcess.run(["--version", "extra"])
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "Error: --version takes nothing after it (got 'extra'); run tally --version alone\n"),
            "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aDanglingChartsLinkIsNamed() async throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: folder.path("ch"), withDestinationPath: "gone")
        let result = try await TallyProcess.run(
            ["report", "--demo", "--charts", "ch", "-o", "r.md"], in: folder.url.path)
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "Error: --charts \(folder.path("ch")) is a symbolic link to gone, which does not exist"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("r.md")))
    }

    /// A BLOB session id was counted while the report said "Anomalies: None found": it is flagged,
    /// in both languages, and the SQL twin (`queries/anomalies.sql`) agrees (QueryDifferentialTests).
    @Test func aBlobSessionIDIsFlagged() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("blob.sqlite")
        try ReportFixtures.database(
            at: path, options: [(1, "Tea", "original", "2026-09-01 00:00:00")],
            votes: [(1, "s1", "2026-09-02 10:00:00")])
        try DatabaseFile.openForWriting(path).execute(
            "INSERT INTO votes (option_id, session_id, created_at) VALUES (1, X'FF00', '2026-09-02 11:00:00')")
        for (language, label) in [("en", "votes whose voter id is not plain text"), ("zh-TW", "投票者代號不是純文字的票")] {
            let result = try await TallyProcess.run(
                ["report", "--db", path, "--internal", "--lang", language, "--as-of", "2026-09-03T00:00:00Z"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(label), "\(language): \(result.stdout)")
            #expect(result.stdout.contains("blob:FF00"), "\(language)")
        }
    }

    /// A NUL stored in text reached the CSV as a raw byte, where spreadsheets cut the cell: it is `␀`.
    @Test func aNULInStoredTextIsShownInTheCSV() async throws {
        let folder = try TemporaryDirectory()
        #expect(try await TallyProcess.run(["demo", "--db", "votes.sqlite", "-q"], in: folder.url.path).status == 0)
        try await SQLiteShell.rows(
            folder.path("votes.sqlite"),
            "UPDATE survey_options SET content = 'Tea' || char(0) || 'time' WHERE id = 1; "
                + "UPDATE suggestions SET content = 'Nap' || char(0) || 'now' WHERE id = 1")
        for (arguments, cell) in [
            (["report", "--db", "votes.sqlite", "--format", "csv"], "Tea\u{2400}time"),
            (["notes", "list", "--db", "votes.sqlite", "--format", "csv"], "Nap\u{2400}now"),
        ] {
            let result = try await TallyProcess.run(arguments, in: folder.url.path)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(!result.stdout.utf8.contains(0), "\(arguments)")
            #expect(result.stdout.contains(",\(cell),"), "\(arguments): \(result.stdout)")
        }
    }

    /// `votes_per_session: 1e400` was "not valid JSON": the key and the number are named instead.
    @Test func anOutOfRangeNumberInTheConfigIsNamed() async throws {
        let folder = try TemporaryDirectory()
        try "{\"votes_per_session\": 1e400}".write(
            toFile: folder.path("tally.json"), atomically: false, encoding: .utf8)
        let result = try await TallyProcess.run(["report"], in: folder.url.path)
        #expect(result.status != 0)
        #expect(
            result.stderr.hasPrefix(
                "Error: key 'votes_per_session' in config \(folder.path("tally.json")) is 1e400, a number out of range"),
            "\(result.stderr)")
    }

    /// A page named like a chart in the chart folder replaced the chart without a word; a folder
    /// where a chart goes was answered with "give a file name, e.g. …/ranking-original.svg/report.md".
    @Test func aChartNameCollisionIsNamed() async throws {
        let folder = try TemporaryDirectory()
        let page = folder.path("ch/ranking-original.svg")
        let clash = try await TallyProcess.run(
            ["report", "--demo", "--charts", "ch", "-o", "ch/ranking-original.svg"], in: folder.url.path)
        #expect(clash.status == 2)
        #expect(
            clash.stderr.hasPrefix(
                "Error: --output \(page) is where the chart ranking-original.svg goes in --charts "
                    + "\(folder.path("ch")); give the page another name, e.g. -o \(folder.path("ch/report.md"))"),
            "\(clash.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("ch")))

        try FileManager.default.createDirectory(atPath: page, withIntermediateDirectories: true)
        let inTheWay = try await TallyProcess.run(
            ["report", "--demo", "--charts", "ch", "-o", "r.md"], in: folder.url.path)
        #expect(inTheWay.status == 1)
        #expect(
            inTheWay.stderr.hasPrefix(
                "Error: \(page) is a folder where tally writes a file; move or rename that folder"),
            "\(inTheWay.stderr)")
        #expect(!inTheWay.stderr.contains("report.md"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("ch")) == ["ranking-original.svg"])
        #expect(!FileManager.default.fileExists(atPath: folder.path("r.md")))
    }

    /// Issue 31 item 9: a 100 MB page record is named with a human size, not `tooLarge(16777216)`.
    @Test func aHugePageRecordIsSaidInMegabytes() async throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("r"), withIntermediateDirectories: true)
        let record = folder.path("r/.tally-pages.json")
        FileManager.default.createFile(atPath: record, contents: Data())
        try #require(truncate(record, 100 * 1_048_576) == 0)
        let result = try await TallyProcess.run(
            ["weekly", "--demo", "--through", "2026-09-27", "--reports", "r"], in: folder.url.path)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("cannot be read (it is larger than 16 MiB, the most tally reads there)"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("tooLarge"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("r")) == [".tally-pages.json"])
    }

    /// Issue 31 item 9: a 5,000-character --title is refused with its start quoted, not echoed whole.
    @Test func aLongRefusedValueIsCutInTheMessage() async throws {
        let title = String(repeating: "x", count: 5_000)
        let result = try await TallyProcess.run(["report", "--demo", "--title", title])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("invalid value '\(String(repeating: "x", count: 79))…' for --title"),
            "\(result.stderr)")
        #expect(result.stderr.contains("the title is 5000 characters long; give at most 120"))
        #expect(result.stderr.count < 600, "\(result.stderr.count) characters")
    }
}
