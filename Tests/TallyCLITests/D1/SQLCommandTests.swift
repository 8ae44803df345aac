import Foundation
import TallyCore
import TallySQLite
import Testing

/// `tally sql` as a user runs it: the printed SQL runs in the real `sqlite3` shell,
/// its params block holds the settings given, and bad input changes nothing.
@Suite("tally sql", .timeLimit(.minutes(10)))
struct SQLCommandTests {
    static let demoSettings = ["--tz", "Asia/Taipei", "--exclude-before", "2026-09-19 02:11"]

    /// The params block of printed SQL, as lines without their comments and indentation.
    static func parameterLines(_ sql: String) -> [String] {
        let lines = sql.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "WITH params AS (SELECT"),
            let end = lines[start...].firstIndex(where: { $0.hasPrefix(")") })
        else { return [] }
        return lines[(start + 1)..<end].map { line in
            let code = line.range(of: "  --").map { String(line[..<$0.lowerBound]) } ?? line
            return code.trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func listNamesEveryQueryWithItsDescription() async throws {
        let result = try await TallyProcess.run(["sql", "--list"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        GoldenFile.check(result.stdout, "sql-list.txt")
        let names = result.stdout.split(separator: "\n").map { String($0.prefix(while: { $0 != " " })) }
        #expect(names == (try PortableQuery.all().map(\.name)))
        #expect(names.contains("tally"))
    }

    /// The brief: `tally sql tally` run in the sqlite3 shell carries each option's votes and voters.
    @Test func theTallyQueryGivesTheDemoFiguresInTheSQLiteShell() async throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("demo.sqlite")
        #expect(try await TallyProcess.run(["demo", "--db", database]).status == 0)
        let result = try await TallyProcess.run(["sql", "tally"] + Self.demoSettings)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "tally.sql takes no as_of, so no note")
        #expect(
            Self.parameterLines(result.stdout) == [
                "'2026-09-19T02:11:00+08:00' AS exclude_before,", "'[]' AS exclude_sessions,", "NULL AS through",
            ])
        let rows = try await SQLiteShell.rows(database, result.stdout)
        // id | content | section | created_at | rank | voters | votes | share | voters_all | votes_all | eligible
        let figures = rows.map { [$0[0], $0[4], $0[5], $0[6], $0[8], $0[9]] }
        #expect(
            figures == [
                ["1", "1", "10", "13", "10", "13"], ["2", "1", "10", "12", "10", "12"],
                ["3", "3", "6", "7", "9", "11"],
                ["5", "4", "5", "6", "8", "10"], ["4", "4", "5", "5", "9", "9"], ["6", "1", "0", "0", "0", "0"],
                ["7", "1", "0", "0", "0", "0"],
            ])
        #expect(rows[0][1] == "做了好多事，另一半不知道" && rows[1][1] == "今天吃什麼，永遠臨時才有人想")
        // Votes: 43 counted, 55 with the test sessions, as the brief says.
        #expect(figures.prefix(5).map { Int($0[3])! }.reduce(0, +) == 43)
        #expect(figures.prefix(5).map { Int($0[5])! }.reduce(0, +) == 55)
    }

    /// Without settings every parameter is filled with "none", never left at the file's demo values.
    @Test func everyParameterIsFilledEvenWithoutSettings() async throws {
        let folder = try TemporaryDirectory()
        let result = InProcessTally.run(["sql", "excluded"], directory: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            Self.parameterLines(result.stdout) == [
                "NULL AS exclude_before,", "'[]' AS exclude_sessions,", "NULL AS through,", "1000 AS max_listed",
            ])
        let shipped = try PortableQuery.named("excluded").sql.split(separator: "\n", omittingEmptySubsequences: false)
        let printed = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(printed.count == shipped.count)
        let changed = zip(shipped, printed).filter { $0 != $1 }.count
        #expect(changed == 1, "only the exclude_before line differs from the shipped file")
        #expect(result.stdout.hasSuffix(";\n"))
    }

    @Test func theAsOfTimeIsNowWhenNotGivenAndTheNoteSaysWhich() async throws {
        let folder = try TemporaryDirectory()
        let timeline = InProcessTally.run(["sql", "timeline", "--tz", "Asia/Taipei"], directory: folder.url.path)
        #expect(timeline.status == 0)
        #expect(timeline.stdout.contains("  '2026-09-27T12:00:00+08:00' AS as_of "))
        #expect(
            timeline.stderr
                == "Note: no --as-of given; as_of is now, 2026-09-27T12:00:00+08:00. Give the report the same: --as-of 2026-09-27T12:00:00+08:00\n"
        )
        let given = InProcessTally.run(["sql", "timeline", "--as-of", "2026-10-01 08:30"], directory: folder.url.path)
        #expect(given.stderr.isEmpty)
        #expect(given.stdout.contains("  '2026-10-01T08:30:00+00:00' AS as_of "))
        // Times with milliseconds are written in UTC with them, so nothing is lost.
        let exact = InProcessTally.run(
            ["sql", "activity", "--through", "2026-10-01T08:30:00.250+02:00"], directory: folder.url.path)
        #expect(exact.stdout.contains("  '2026-10-01T06:30:00.250Z' AS through,"))
        #expect(exact.stdout.contains("  '[[\"0001-01-02 00:00:00\",0]]' AS zone_offsets "))
    }

    @Test func settingsComeFromTheConfigFileEnvironmentAndFlags() async throws {
        let folder = try TemporaryDirectory()
        let config =
            #"{"timezone": "Asia/Taipei", "exclude_before": "2026-09-19 02:11", "exclude_sessions": ["s'1"], "votes_per_session": 4}"#
        try config.write(toFile: folder.path("tally.json"), atomically: false, encoding: .utf8)
        let fromFile = InProcessTally.run(["sql", "anomalies"], directory: folder.url.path)
        #expect(fromFile.stdout.contains("  4 AS votes_per_session,"))
        let tally = InProcessTally.run(["sql", "tally"], directory: folder.url.path)
        #expect(tally.stdout.contains("  '2026-09-19T02:11:00+08:00' AS exclude_before,"))
        #expect(tally.stdout.contains("  '[\"s''1\"]' AS exclude_sessions,"))
        // The environment overrides the file, and a flag overrides both; the file's cutoff stays in the
        // file's zone (Taipei) and is only written in the zone in force.
        let env = InProcessTally.run(["sql", "tally"], environment: ["TALLY_TZ": "+09:00"], directory: folder.url.path)
        #expect(env.stdout.contains("  '2026-09-19T03:11:00+09:00' AS exclude_before,"))
        let flag = InProcessTally.run(
            ["sql", "tally", "--tz", "UTC", "--exclude-session", "b"], environment: ["TALLY_TZ": "+09:00"],
            directory: folder.url.path)
        #expect(flag.stdout.contains("  '2026-09-18T18:11:00+00:00' AS exclude_before,"))
        #expect(flag.stdout.contains("  '[\"b\"]' AS exclude_sessions,"))
        // --config names another file.
        try #"{"timezone": "+05:30"}"#.write(toFile: folder.path("other.json"), atomically: false, encoding: .utf8)
        let other = InProcessTally.run(
            ["sql", "activity", "--config", "other.json", "--as-of", "2026-01-01"], directory: folder.url.path)
        #expect(other.stdout.contains("  '[[\"0001-01-02 00:00:00\",19800]]' AS zone_offsets "))
        #expect(other.stdout.contains("  NULL AS exclude_before,"))
        // A bad config value is refused before anything is printed.
        try #"{"timezone": "Mars/Olympus"}"#.write(
            toFile: folder.path("tally.json"), atomically: false, encoding: .utf8)
        let bad = InProcessTally.run(["sql", "tally"], directory: folder.url.path)
        #expect(bad.status == 1)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr.contains("timezone (from config"))
    }

    @Test func outputGoesToAFileAtomically() async throws {
        let folder = try TemporaryDirectory()
        let printed = InProcessTally.run(["sql", "totals"] + Self.demoSettings, directory: folder.url.path)
        let written = InProcessTally.run(
            ["sql", "totals", "--output", "q/week 1/totals.sql"] + Self.demoSettings, directory: folder.url.path)
        #expect(written.status == 0, "\(written.stderr)")
        let path = folder.path("q/week 1/totals.sql")
        #expect(written.stdout == "Wrote queries/totals.sql, filled in, to \(path).\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == printed.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("q/week 1")) == ["totals.sql"])
    }

    @Test func allQueriesGoToAFolderOneFileEach() async throws {
        let folder = try TemporaryDirectory()
        let settings = Self.demoSettings + ["--as-of", "2026-09-27 12:00", "--exclude-session", "x'y"]
        let result = try await TallyProcess.run(["sql", "--all", "--output-dir", "d1"] + settings, in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let names = try PortableQuery.all().map(\.name)
        #expect(names.count == 14 && names.contains("fingerprint") && names.contains("notes"))
        #expect(result.stdout.hasPrefix("Wrote 14 queries, filled in, to \(folder.path("d1")):\n"))
        // One example command to run a file on D1, and where the whole report comes from instead.
        #expect(
            result.stdout.hasSuffix(
                "Run one on D1 (or with sqlite3 on a copy of the database), e.g.:\n"
                    + "  npx wrangler d1 execute DB --remote --command=\"$(cat \(folder.path("d1"))/tally.sql)\"\n"),
            "\(result.stdout)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path("d1")).sorted() == names.map { $0 + ".sql" }
        )
        for name in names {
            let single = InProcessTally.run(["sql", name] + settings, directory: folder.url.path)
            #expect(
                try String(contentsOfFile: folder.path("d1/\(name).sql"), encoding: .utf8) == single.stdout, "\(name)")
        }
    }

    /// The printed command is for pasting into a shell: a folder name with spaces or quotes is one word there.
    @Test func thePrintedCommandQuotesAFolderTheShellWouldSplit() async throws {
        let folder = try TemporaryDirectory()
        let result = InProcessTally.run(
            ["sql", "--all", "--output-dir", "week 1's d1", "--as-of", "2026-09-27"], directory: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        let quoted = "'" + folder.path("week 1'\\''s d1") + "'"
        #expect(result.stdout.hasSuffix("--command=\"$(cat \(quoted)/tally.sql)\"\n"), "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder.path("week 1's d1/fingerprint.sql")))
    }

    @Test func theSessionOptionFillsTheNotesQuery() async throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("demo.sqlite")
        #expect(try await TallyProcess.run(["demo", "--db", database]).status == 0)
        let author = try await SQLiteShell.rows(
            database, "SELECT session_id FROM suggestions WHERE promoted_option_id IS NOT NULL LIMIT 1;")[0][0]
        let mine = InProcessTally.run(
            ["sql", "notes_own_option_votes", "--session", author], directory: folder.url.path)
        #expect(mine.status == 0)
        #expect(
            try await SQLiteShell.rows(database, mine.stdout).map { [$0[0], $0[1], $0[2]] } == [
                ["1", author, "6"], ["2", author, "7"],
            ])
        let nobody = InProcessTally.run(
            ["sql", "notes_own_option_votes", "--session", "x'); DROP TABLE votes; --"], directory: folder.url.path)
        #expect(try await SQLiteShell.rows(database, nobody.stdout).isEmpty)
        #expect(try await SQLiteShell.rows(database, "SELECT COUNT(*) FROM votes;") == [["55"]])
    }

    /// The exclusion goes through argv, the params block and the real shell: exactly that session, and nothing run.
    @Test func aHostileExcludedSessionIsOnlyAValue() async throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("votes.sqlite")
        let hostile = "x'); DROP TABLE votes; --"
        try ReportFixtures.database(
            at: database, options: [(1, "one", "original", "2026-01-01 00:00:00")],
            votes: [
                (1, hostile, "2026-02-01 10:00:00"), (1, "x", "2026-02-01 10:00:01"), (1, "x'", "2026-02-01 10:00:02"),
            ])
        let sql = try await TallyProcess.run(["sql", "excluded", "--exclude-session", hostile])
        #expect(sql.status == 0)
        #expect(sql.stdout.contains("  '[\"x''); DROP TABLE votes; --\"]' AS exclude_sessions,"))
        #expect(
            try await SQLiteShell.rows(database, sql.stdout).map { [$0[0], $0[2], $0[4]] } == [[hostile, "1", "1"]])
        let totals = try await TallyProcess.run(["sql", "totals", "--exclude-session", hostile])
        let row = try await SQLiteShell.rows(database, totals.stdout)[0]
        #expect(Array(row.prefix(4)) == ["3", "3", "2", "2"])
        #expect(try await SQLiteShell.rows(database, "SELECT COUNT(*) FROM votes;") == [["3"]])
    }

    @Test(arguments: [
        (["sql"], "give a query name (see tally sql --list), --list, or --all --output-dir DIR"),
        (
            ["sql", "talley"],
            "no query named 'talley'; the queries are: activity, anomalies, approved, choices, concentration, "
                + "covotes, excluded, fingerprint, notes, notes_own_option_votes, suggestions, tally, timeline, totals"
        ),
        (["sql", "tally", "totals"], "unexpected argument 'totals'"),
        (["sql", "--list", "tally"], "--list takes nothing else; leave out tally"),
        (["sql", "--list", "--tz", "UTC"], "--list takes nothing else; leave out --tz"),
        (
            ["sql", "tally", "--all", "--output-dir", "d"],
            "--all fills every query; leave out 'tally', or leave out --all"
        ),
        (["sql", "--all"], "--all needs --output-dir DIR, the folder for one NAME.sql file per query"),
        (
            ["sql", "--all", "--output", "x.sql"],
            "--all writes one file per query; give --output-dir DIR instead of --output"
        ),
        (["sql", "tally", "--output-dir", "d"], "--output-dir goes with --all; for one query use --output FILE"),
        (["sql", "tally", "--tz", "Mars/Base"], "--tz:"),
        (["sql", "tally", "--exclude-before", "yesterday"], "--exclude-before:"),
        (["sql", "tally", "--through", "2026-13-01"], "invalid value '2026-13-01' for --through"),
        (["sql", "timeline", "--as-of", "noon"], "invalid value 'noon' for --as-of"),
        (
            ["sql", "anomalies", "--votes-per-session", "0"],
            "invalid value '0' for --votes-per-session; expected a whole number from 1 to 1000"
        ),
        (["sql", "tally", "--exclude-session", " "], "--exclude-session needs a session id, not an empty value"),
        (["sql", "tally", "--session", "abc"], "--session is for notes_own_option_votes; tally takes no session"),
        (["sql", "notes_own_option_votes", "--session", ""], "--session needs a session id, not an empty value"),
        (["sql", "tally", "--db", "x.sqlite"], "unknown option '--db'"),
        (["sql", "tally", "--output"], "option '--output' needs a value (FILE)"),
    ])
    func badCommandLinesAreUsageErrors(arguments: [String], message: String) async throws {
        let folder = try TemporaryDirectory()
        let result = InProcessTally.run(arguments, directory: folder.url.path)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: tally sql [<name>] [options]"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "nothing is written")
    }

    @Test func outputPathsThatCannotBeUsedAreRefused() async throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("taken"), withIntermediateDirectories: false)
        try "x".write(toFile: folder.path("file"), atomically: false, encoding: .utf8)
        let toFolder = InProcessTally.run(["sql", "tally", "--output", "taken"], directory: folder.url.path)
        #expect(toFolder.status == 2)
        #expect(toFolder.stderr.contains("--output \(folder.path("taken")) is a folder"))
        let toFile = InProcessTally.run(["sql", "--all", "--output-dir", "file"], directory: folder.url.path)
        #expect(toFile.status == 2)
        #expect(toFile.stderr.contains("--output-dir \(folder.path("file")) is a file; give a folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["file", "taken"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("taken")).isEmpty)
    }

    @Test func aQueryTooLargeForD1IsRefusedAndNothingIsWritten() async throws {
        let folder = try TemporaryDirectory()
        let sessions = (0..<4_000).flatMap {
            ["--exclude-session", "session-\($0)-" + String(repeating: "x", count: 20)]
        }
        let one = InProcessTally.run(["sql", "tally", "--output", "tally.sql"] + sessions, directory: folder.url.path)
        #expect(one.status == 1)
        #expect(one.stderr.hasPrefix("Error: queries/tally.sql filled in is "))
        #expect(one.stderr.contains("bytes; D1 accepts at most 100000 in one statement"))
        let all = InProcessTally.run(["sql", "--all", "--output-dir", "d1"] + sessions, directory: folder.url.path)
        #expect(all.status == 1)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "not even some of the files")
    }
}
