import Foundation
import Testing

/// `tally report` as a user runs it: the real binary, its output, its exit code.
@Suite("tally report (end to end)", .timeLimit(.minutes(10)))
struct ReportCommandTests {
    @Test(arguments: [
        ([String](), "demo.en.md"), (["--lang", "zh-TW"], "demo.zh-TW.md"), (["--format", "json"], "demo.json"),
        (["--format", "csv"], "demo.csv"),
    ])
    func demoPrintsTheGoldenReport(arguments: [String], golden: String) async throws {
        let result = try await TallyProcess.run(["report", "--demo"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == (try ReportFixtures.golden(golden)))
    }

    @Test func aDemoFileGivesTheSameReportAndIsLeftByteIdentical() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("demo.sqlite")
        #expect(try await TallyProcess.run(["demo", "--db", path]).status == 0)
        let before = try ReportFixtures.snapshot(path)
        let arguments = [
            "report", "--db", path, "--tz", "Asia/Taipei", "--exclude-before", "2026-09-19 02:11", "--as-of",
            "2026-09-27 12:00",
        ]
        let first = try await TallyProcess.run(arguments)
        let second = try await TallyProcess.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == (try ReportFixtures.golden("demo.en.md")))
        #expect(second.stdout == first.stdout)
        let after = try ReportFixtures.snapshot(path)
        #expect(after.0 == before.0, "the database file changed")
        #expect(after.1 == before.1, "files appeared next to the database: \(after.1)")
    }

    @Test func outputIsWrittenAtomicallyIntoNewFolders() async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(
            ["report", "--demo", "--format", "json", "--output", "reports/week-1/report.json"], in: folder.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        let written = folder.path("reports/week-1/report.json")
        #expect(result.stdout == "Wrote the json report to \(written).\n")
        #expect(try String(contentsOfFile: written, encoding: .utf8) == (try ReportFixtures.golden("demo.json")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("reports/week-1")) == ["report.json"])
    }

    @Test func anEmptyDatabaseSaysThereAreNoVotes() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("empty.sqlite")
        #expect(try await TallyProcess.run(["init", "--db", path]).status == 0)
        let result = try await TallyProcess.run(["report", "--db", path, "--as-of", "2026-01-01"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("There are no votes yet."))
        #expect(result.stdout.contains("No counted votes yet."))
        let json = try ReportFixtures.json(
            try await TallyProcess.run(["report", "--db", path, "--format", "json"]).stdout)
        #expect((json["totals"] as? [String: Any])?["raw"] as? [String: Int] == ["voters": 0, "votes": 0])
    }

    @Test func tiesShareARankAndOptionsWithoutVotesAreListed() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("ties.sqlite")
        let options: [(Int64, String, String, String)] = (1...4).map {
            (Int64($0), "option \($0)", "original", "2026-01-01 00:00:00")
        }
        try ReportFixtures.database(
            at: path, options: options,
            votes: [
                (1, "a", "2026-02-01 10:00:00"), (2, "a", "2026-02-01 10:00:10"), (1, "b", "2026-02-01 11:00:00"),
                (2, "b", "2026-02-01 11:00:10"), (3, "c", "2026-02-01 12:00:00"), (3, "c", "2026-02-01 12:00:05"),
            ])
        let result = try await TallyProcess.run(["report", "--db", path, "--as-of", "2026-03-01", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let ranked = (try ReportFixtures.json(result.stdout)["options"] as? [[String: Any]] ?? []).map {
            "\($0["id"]!):\($0["rank"]!):\($0["voters"]!):\($0["votes"]!)"
        }
        #expect(ranked == ["1:1:2:2", "2:1:2:2", "3:3:1:2", "4:4:0:0"])
    }

    /// America/New_York moves to EDT at 02:00 on 2027-03-14; a cutoff of 03:30 that day is 07:30 UTC.
    @Test func aDaylightSavingCutoffAndAFirstVoteExactlyAtIt() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("dst.sqlite")
        try ReportFixtures.database(
            at: path, options: [(1, "option", "original", "2027-03-01 00:00:00")],
            votes: [
                (1, "est", "2027-03-14 06:45:00"), (1, "edt-before", "2027-03-14 07:29:59"),
                (1, "exactly-at-cutoff", "2027-03-14 07:30:00"), (1, "after", "2027-03-14 08:10:00"),
            ])
        let result = try await TallyProcess.run([
            "report", "--db", path, "--tz", "America/New_York", "--exclude-before", "2027-03-14 03:30", "--as-of",
            "2027-03-15", "--format", "json", "--internal",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try ReportFixtures.json(result.stdout)
        #expect((json["totals"] as? [String: Any])?["counted"] as? [String: Int] == ["voters": 2, "votes": 2])
        let excluded = (json["excluded"] as? [[String: Any]] ?? []).map { "\($0["session"]!) \($0["first_vote"]!)" }
        #expect(excluded == ["est 2027-03-14T01:45:00-05:00", "edt-before 2027-03-14T03:29:59-04:00"])
        #expect((json["parameters"] as? [String: Any])?["exclude_before"] as? String == "2027-03-14T03:30:00-04:00")
    }

    @Test func hostileTextStaysText() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("hostile.sqlite")
        let texts = [
            "a | b", "new\nline", "back\\slash\\", "`tick`", "<b>bold</b>", "=HYPERLINK(\"http://x\",\"y\")",
            "@SUM(1)", "-2+3", String(repeating: "長", count: 500),
        ]
        let options = texts.enumerated().map { (Int64($0.offset + 1), $0.element, "original", "2026-01-01 00:00:00") }
        let votes = texts.indices.map { (Int64($0 + 1), texts[$0] + " session", "2026-02-01 10:00:0\($0)") }
        try ReportFixtures.database(at: path, options: options, votes: votes)
        let arguments = ["report", "--db", path, "--as-of", "2026-03-01", "--exclude-session", "=cmd|' /C calc'!A0"]
        for language in ["en", "zh-TW"] {
            let markdown = try await TallyProcess.run(arguments + ["--lang", language])
            #expect(markdown.status == 0, "\(markdown.stderr)")
            let tables = MarkdownCells.tables(in: markdown.stdout)
            #expect(!tables.isEmpty)
            for cells in tables {
                #expect(Set(cells).count == 1, "\(language): cell counts \(cells)")
            }
            #expect(!markdown.stdout.contains("<b>"))
        }
        let csv = try await TallyProcess.run(arguments + ["--format", "csv"])
        #expect(csv.status == 0)
        for cell in CSVCells.parse(csv.stdout).joined() {
            guard let first = cell.unicodeScalars.first else { continue }
            #expect(!["=", "+", "-", "@", "\t", "\r"].contains(first), "formula-like cell: \(cell)")
        }
        #expect(csv.stdout.contains("'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")"))
    }

    @Test func extraColumnsAndTablesAreIgnored() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("extra.sqlite")
        try ReportFixtures.database(
            at: path,
            sql: """
                CREATE TABLE survey_options (id INTEGER PRIMARY KEY, content TEXT NOT NULL, section TEXT NOT NULL,
                  created_at TEXT NOT NULL, emoji TEXT);
                CREATE TABLE votes (id INTEGER PRIMARY KEY, option_id INTEGER NOT NULL, session_id TEXT NOT NULL,
                  created_at TEXT NOT NULL, country TEXT, user_agent TEXT);
                CREATE TABLE suggestions (id INTEGER PRIMARY KEY, session_id TEXT, content TEXT NOT NULL,
                  status TEXT NOT NULL DEFAULT 'pending', created_at TEXT NOT NULL, promoted_option_id INTEGER, flags INTEGER);
                CREATE TABLE _cf_KV (key TEXT PRIMARY KEY, value BLOB);
                CREATE TABLE page_views (path TEXT, at TEXT);
                INSERT INTO survey_options VALUES (1, 'one', 'original', '2026-01-01 00:00:00', '1️⃣');
                INSERT INTO votes VALUES (1, 1, 's1', '2026-02-01 00:00:00', 'TW', 'Safari');
                INSERT INTO votes VALUES (2, 1, 's2', '2026-02-01T01:00:00.000Z', 'JP', 'Firefox');
                INSERT INTO page_views VALUES ('/', '2026-02-01');
                """)
        let result = try await TallyProcess.run(["report", "--db", path, "--as-of", "2026-03-01", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try ReportFixtures.json(result.stdout)
        #expect((json["totals"] as? [String: Any])?["counted"] as? [String: Int] == ["voters": 2, "votes": 2])
        #expect((json["anomalies"] as? [[String: Any]])?.first?["kind"] as? String == "non_d1_vote_time")
    }

    // MARK: Failures

    @Test(arguments: [
        (
            ["--tz", "Mars/Base"],
            "Error: invalid value 'Mars/Base' for --tz: unknown time zone 'Mars/Base'; use an IANA name"
        ),
        (["--tz", "EST"], "Error: invalid value 'EST' for --tz: unknown time zone 'EST'"),
        (
            ["--exclude-before", "yesterday"],
            "Error: invalid value 'yesterday' for --exclude-before: cannot read the time 'yesterday'; use YYYY-MM-DD"
        ),
        (["--as-of", "2026-13-01"], "Error: invalid value '2026-13-01' for --as-of: cannot read the time"),
        (["--through", "2026-09-19 25:00"], "Error: invalid value '2026-09-19 25:00' for --through"),
        (["--format", "pdf"], "Error: invalid value 'pdf' for --format; expected one of: markdown, json, csv"),
        (["--lang", "fr"], "Error: invalid value 'fr' for --lang; expected one of: en, zh-TW"),
        (
            ["--votes-per-session", "0"],
            "Error: invalid value '0' for --votes-per-session; expected a whole number from 1 to 1000"
        ),
        (["--exclude-session", ""], "Error: --exclude-session needs a session id"),
        (["--demo"], "Error: --demo reads the built-in demo data; leave out --db"),
    ])
    func badOptionsAreUsageErrorsCheckedBeforeTheDatabase(arguments: [String], message: String) async throws {
        // The database does not exist: a usage error must come first, before anything is opened.
        let result = try await TallyProcess.run(["report", "--db", "/nonexistent/votes.sqlite"] + arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: tally report"))
    }

    @Test func outputToAFolderIsRefusedBeforeReading() async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(["report", "--db", "/nonexistent.sqlite", "--output", folder.url.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("is a folder; give a file name"))
    }

    @Test func asOfBeforeTheFirstVoteIsAnError() async throws {
        let result = try await TallyProcess.run(["report", "--demo", "--as-of", "2026-09-01"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr == "Error: --as-of 2026-09-01 00:00:00 +08:00 is before the first vote "
                + "(2026-09-19 02:06:14 +08:00); give a time at or after the last vote\n")
        let middle = try await TallyProcess.run(["report", "--demo", "--as-of", "2026-09-21"])
        #expect(middle.status == 1)
        #expect(middle.stderr.contains("is before the last vote (2026-09-23 23:04:12 +08:00)"))
        #expect(middle.stderr.contains("add --through"))
        let through = try await TallyProcess.run([
            "report", "--demo", "--as-of", "2026-09-21", "--through", "2026-09-21",
        ])
        #expect(through.status == 0, "\(through.stderr)")
    }

    @Test func missingTablesAndColumnsAreNamed() async throws {
        let folder = try TemporaryDirectory()
        let noTables = folder.path("other.sqlite")
        try ReportFixtures.database(at: noTables, sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY);")
        let tables = try await TallyProcess.run(["report", "--db", noTables])
        #expect(tables.status == 1)
        #expect(
            tables.stderr.hasPrefix(
                "Error: the database does not have what the report reads: missing table(s): survey_options, votes, suggestions."
            ))
        let contractOnly = folder.path("contract.sqlite")
        try ReportFixtures.database(
            at: contractOnly,
            sql: """
                CREATE TABLE survey_options (id INTEGER PRIMARY KEY, content TEXT, section TEXT, created_at TEXT);
                CREATE TABLE votes (id INTEGER PRIMARY KEY, option_id INTEGER, session_id TEXT);
                CREATE TABLE suggestions (id INTEGER PRIMARY KEY, session_id TEXT, content TEXT, status TEXT, created_at TEXT);
                """)
        let columns = try await TallyProcess.run(["report", "--db", contractOnly])
        #expect(columns.status == 1)
        // Only the contract's columns are required (issue 12.14); tally's own are optional.
        #expect(columns.stderr.contains("missing column(s): votes.created_at. Is this"))
        #expect(columns.stderr.contains("tally migrate"))
        let missing = try await TallyProcess.run(["report", "--db", folder.path("absent.sqlite")])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no database at"))
    }
}
