import Foundation
import TallyCore
import TallySQLite
import Testing

/// `tally report --from-d1-json`: the queries `tally sql` prints, run by the real
/// `sqlite3` shell and saved in the shape `wrangler d1 execute --json` prints, render
/// exactly the report `tally report --db` makes from the same data.
@Suite("tally report --from-d1-json (round trip)")
struct ReportFromD1JSONTests {
    static let demoSettings = [
        "--tz", "Asia/Taipei", "--exclude-before", "2026-09-19 02:11", "--as-of", "2026-09-27 12:00",
    ]
    static let formats: [[String]] = [[], ["--lang", "zh-TW"], ["--format", "json"], ["--format", "csv"]]

    /// What a user does on D1: `tally sql --all --output-dir`, then every query run and its
    /// JSON saved beside it (here by `sqlite3 -json` instead of D1).
    static func computeOnD1(
        _ database: String, _ settings: [String], into folder: String, sqlOptions: [String] = []
    ) throws {
        let filled = try TallyProcess.run(["sql", "--all", "--output-dir", folder] + settings + sqlOptions)
        #expect(filled.status == 0, "\(filled.stderr)")
        for query in try PortableQuery.all() {
            let sql = try String(contentsOfFile: folder + "/\(query.name).sql", encoding: .utf8)
            try D1Output.json(database, sql: sql).write(
                toFile: folder + "/\(query.name).json", atomically: false, encoding: .utf8)
        }
    }

    /// The local report and the one from D1's results, in every format, are the same bytes but
    /// for the fingerprint's hash, which D1 cannot compute (`FingerprintLines`). Returns both.
    @discardableResult
    static func expectSameReports(
        _ database: String, _ settings: [String], sqlOptions: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    )
        throws -> [(local: String, d1: String)]
    {
        let folder = try TemporaryDirectory()
        let results = folder.path("d1")
        try computeOnD1(database, settings, into: results, sqlOptions: sqlOptions)
        var outputs: [(local: String, d1: String)] = []
        for format in formats {
            let local = try TallyProcess.run(["report", "--db", database] + settings + format)
            let d1 = try TallyProcess.run(["report", "--from-d1-json", results] + settings + format)
            #expect(local.status == 0, "\(format): \(local.stderr)", sourceLocation: sourceLocation)
            #expect(d1.status == 0, "\(format): \(d1.stderr)", sourceLocation: sourceLocation)
            #expect(d1.stderr.isEmpty, "\(d1.stderr)", sourceLocation: sourceLocation)
            #expect(!local.stdout.isEmpty, sourceLocation: sourceLocation)
            FingerprintLines.expectSameButTheHash(
                local: local.stdout, d1: d1.stdout, format: format, sourceLocation: sourceLocation)
            outputs.append((local.stdout, d1.stdout))
        }
        return outputs
    }

    @Test func theDemoRendersByteForByteAsTheLocalReportAndTheGoldenFiles() throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("demo.sqlite")
        #expect(try TallyProcess.run(["demo", "--db", database]).status == 0)
        let outputs = try Self.expectSameReports(database, Self.demoSettings)
        for (output, golden) in zip(outputs, ["demo.en.md", "demo.zh-TW.md", "demo.json", "demo.csv"]) {
            #expect(output.local == (try ReportFixtures.golden(golden)), "\(golden)")
        }
        #expect(outputs[0].d1.contains("**Counted: 15 voters, 43 votes.** Left out as test data: 4 voters, 12 votes."))
        // D1's fingerprint has the demo's counts, ids and latest time, and no hash.
        let fingerprint = try ReportFixtures.json(outputs[2].d1)["fingerprint"] as? [String: Any]
        let tables = fingerprint?["tables"] as? [[String: Any]] ?? []
        #expect(tables.map { $0["name"] as? String } == ["votes", "survey_options", "suggestions", "moderation_log"])
        #expect(tables.map { $0["rows"] as? Int } == [55, 7, 6, 6])
        #expect(tables.map { $0["highest_id"] as? Int } == [55, 7, 6, 6])
        #expect(fingerprint?["latest"] as? String == "2026-09-24T10:00:00+08:00")
        #expect(fingerprint?["source"] as? String == "d1")
        #expect(fingerprint?["sha256"] is NSNull)
    }

    /// Between the demo's approvals and promotions: the notes as they stood then (from
    /// `moderation_log`, on D1 as locally), and the fingerprint's counts of that time.
    @Test func notesAsTheyStoodAtThroughRenderTheSame() throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("demo.sqlite")
        #expect(try TallyProcess.run(["demo", "--db", database]).status == 0)
        let settings = Self.demoSettings + ["--through", "2026-09-24 09:55:10"]
        let outputs = try Self.expectSameReports(database, settings)
        let json = try ReportFixtures.json(outputs[2].d1)
        let suggestions = json["suggestions"] as? [String: Any]
        let statuses = (suggestions?["by_status"] as? [[String: Any]] ?? []).map {
            [$0["status"] as? String, "\($0["notes"] ?? "")"]
        }
        // Note 1 approved, not yet promoted; note 2 still pending; the rejections already made.
        #expect(statuses == [["pending", "3"], ["approved", "1"], ["rejected", "2"]])
        #expect((suggestions?["promoted"] as? [Any])?.isEmpty == true)
        let tables = (json["fingerprint"] as? [String: Any])?["tables"] as? [[String: Any]] ?? []
        #expect(tables.map { $0["rows"] as? Int } == [55, 5, 6, 3])
        #expect((json["fingerprint"] as? [String: Any])?["latest"] as? String == "2026-09-24T09:55:00+08:00")
    }

    @Test func aGeneratedPollWithEverySettingRendersTheSame() throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("poll.sqlite")
        #expect(try TallyProcess.run(["generate", "--db", database, "--votes", "4000", "--seed", "11"]).status == 0)
        let session = try SQLiteShell.rows(database, "SELECT session_id FROM votes ORDER BY id LIMIT 1 OFFSET 500;")[0][
            0]
        let settings = [
            "--tz", "America/New_York", "--exclude-before", "2026-08-31 20:00", "--exclude-session", session,
            "--exclude-session", "not-in-the-data", "--through", "2026-09-25 12:00", "--as-of", "2026-10-05 12:00",
            "--votes-per-session", "2",
        ]
        let outputs = try Self.expectSameReports(database, settings)
        // The round trip carried the hard parts: exclusions of both kinds, a budget anomaly, the through cut.
        let json = try ReportFixtures.json(outputs[2].d1)
        let excluded = json["excluded"] as? [[String: Any]] ?? []
        #expect(excluded.count == 6)
        // The public JSON keeps the rows without the ids: the named session absent from the data is still there.
        #expect(excluded.contains { $0["in_data"] as? Bool == false && $0["session"] is NSNull })
        #expect(!(json["anomalies"] as? [Any] ?? []).isEmpty)
        #expect(((json["totals"] as? [String: Any])?["raw"] as? [String: Int])?["votes"] ?? 4000 < 4000)
        // And without the cut, in UTC.
        try Self.expectSameReports(database, ["--exclude-before", "2026-09-01", "--as-of", "2026-10-05 12:00"])
    }

    /// User text in every column the report shows: options, sections, sessions, notes; odd times; unknown options.
    @Test func hostileTextRendersTheSame() throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("hostile.sqlite")
        let texts = [
            "a | b", "new\nline", "back\\slash\\", "`tick` *star* _under_", "<b>bold</b>",
            "=HYPERLINK(\"http://x\",\"y\")",
            "@SUM(1)", "-2+3", "quote ' and \"", "tab\there", "CR\r\nLF", "emoji 😀 and 家", "rtl \u{202E}cba",
            "esc \u{1B}[31mred", String(repeating: "長", count: 300),
        ]
        try DatabaseFile.build(at: database) { db in
            try Migrator().migrate(db)
            try db.execute("PRAGMA foreign_keys = OFF")
            for (index, text) in texts.enumerated() {
                try db.execute(
                    "INSERT INTO survey_options (id, content, section, created_at) VALUES (?, ?, ?, ?)",
                    [
                        .integer(Int64(index + 1)), .text(text), .text(index < 12 ? "original" : "odd | section"),
                        .text(index == 5 ? "not a time" : "2026-01-01 00:00:00"),
                    ])
                for vote in 0..<(index % 4 + 1) {
                    let time =
                        vote == 2
                        ? "2026-02-0\(index % 9 + 1)T10:00:0\(vote).250Z" : "2026-02-0\(index % 9 + 1) 10:00:0\(vote)"
                    try db.execute(
                        "INSERT INTO votes (option_id, session_id, created_at) VALUES (?, ?, ?)",
                        [.integer(Int64(index + 1)), .text(texts[(index + vote) % texts.count] + " s"), .text(time)])
                }
                try db.execute(
                    "INSERT INTO suggestions (session_id, content, status, created_at, promoted_option_id) VALUES (?, ?, ?, ?, ?)",
                    [
                        index == 3 ? .null : .text(texts[index % 4] + " s"), .text(text),
                        .text(["pending", "approved", "rejected", "weird|status"][index % 4]),
                        .text("2026-01-15 00:00:00"),
                        index == 1 ? .integer(2) : .null,
                    ])
            }
            try db.execute(
                "INSERT INTO votes (option_id, session_id, created_at) VALUES (99, 'ghost | s', '2026-02-03 00:00:00')")
            try db.execute("INSERT INTO votes (option_id, session_id, created_at) VALUES (1, 'late', 'yesterday')")
        }
        let settings = [
            "--tz", "+05:30", "--exclude-session", "a | b s", "--exclude-session", "=cmd|' /C calc'!A0", "--as-of",
            "2026-03-01",
        ]
        let outputs = try Self.expectSameReports(database, settings)
        let json = try ReportFixtures.json(outputs[2].d1)
        let kinds = (json["anomalies"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(kinds.count >= 4, "\(kinds)")
    }

    @Test func anEmptyDatabaseRendersTheSame() throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("empty.sqlite")
        #expect(try TallyProcess.run(["init", "--db", database]).status == 0)
        let outputs = try Self.expectSameReports(database, ["--as-of", "2026-01-01"])
        #expect(outputs[0].d1.contains("There are no votes yet."))
    }

    @Test func resultsMayComeFromSeveralPlacesAndNoDatabaseIsOpened() throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("demo.sqlite")
        #expect(try TallyProcess.run(["demo", "--db", database]).status == 0)
        let results = folder.path("d1")
        try Self.computeOnD1(database, Self.demoSettings, into: results)
        try FileManager.default.createDirectory(atPath: folder.path("week"), withIntermediateDirectories: false)
        try FileManager.default.moveItem(atPath: results + "/tally.json", toPath: folder.path("week/tally.week-1.json"))
        try FileManager.default.moveItem(atPath: results + "/totals.json", toPath: folder.path("totals.json"))
        // Not a database: opening one would fail.
        try "not sqlite".write(toFile: folder.path("tally.sqlite"), atomically: false, encoding: .utf8)
        let result = try TallyProcess.run(
            [
                "report", "--from-d1-json", "d1", "--from-d1-json", "week/tally.week-1.json", "--from-d1-json",
                "totals.json",
                "--output", "out/report.md",
            ] + Self.demoSettings,
            in: folder.url.path, environment: ["TALLY_DB": folder.path("tally.sqlite")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Wrote the markdown report to \(folder.path("out/report.md")).\n")
        FingerprintLines.expectSameButTheHash(
            local: try ReportFixtures.golden("demo.en.md"),
            d1: try String(contentsOfFile: folder.path("out/report.md"), encoding: .utf8), format: [])
    }

    /// Issue 15's case: votes between midnight and 01:00 New York time all through March 2026
    /// (EST, then EDT from the 8th), as of November. D1 maps each vote through the zone's
    /// offsets, so its days are the local report's, with no warning.
    @Test func localDaysAgreeAcrossADaylightSavingChange() throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("dst.sqlite")
        let votes: [(Int64, String, String)] = (1...31).map { day in
            let date = "2026-03-\(day < 10 ? "0" : "")\(day)"
            return (1, "s\(day)", "\(date) 04:30:00")  // 23:30 EST the day before; 00:30 EDT from the 8th
        }
        try ReportFixtures.database(
            at: database, options: [(1, "one", "original", "2026-01-01 00:00:00")], votes: votes)
        let settings = ["--tz", "America/New_York", "--as-of", "2026-11-15"]
        let results = folder.path("d1")
        try Self.computeOnD1(database, settings, into: results)
        let d1 = try TallyProcess.run(["report", "--from-d1-json", results, "--format", "json"] + settings)
        #expect(d1.status == 0)
        #expect(d1.stderr == "")
        let local = try TallyProcess.run(["report", "--db", database, "--format", "json"] + settings)
        FingerprintLines.expectSameButTheHash(local: local.stdout, d1: d1.stdout, format: ["--format", "json"])
        // The days really straddle the change: 23:30 EST on 2026-02-28 … 03-07, then 00:30 EDT from 03-09
        // (with the as-of time's EST alone, D1 put those on 03-08 … 03-30).
        #expect(local.stdout.contains("\"2026-02-28\"") && local.stdout.contains("\"2026-03-31\""))
    }

    @Test(arguments: [
        (["--as-of", "2026-09-27"], ["--demo"], "--from-d1-json renders results computed on D1; leave out --demo"),
        (["--as-of", "2026-09-27"], ["--db", "x.sqlite"], "--from-d1-json opens no database; leave out --db"),
        ([String](), [String](), "--from-d1-json needs --as-of: the time given to `tally sql`"),
        (
            ["--as-of", "2026-09-27"], ["--from-d1-json", ""],
            "--from-d1-json needs a file or folder, not an empty value"
        ),
        (["--as-of", "2026-09-27", "--tz", "Nowhere/City"], [String](), "invalid value 'Nowhere/City' for --tz"),
    ])
    func optionsThatCannotGoWithItAreUsageErrors(settings: [String], extra: [String], message: String) throws {
        let folder = try TemporaryDirectory()
        let result = InProcessTally.run(
            ["report", "--from-d1-json", "d1"] + settings + extra, directory: folder.url.path)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: tally report [options]"))
    }

    @Test func badResultsFailNamingTheFileAndWriteNothing() throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("demo.sqlite")
        #expect(try TallyProcess.run(["demo", "--db", database]).status == 0)
        let results = folder.path("d1")
        try Self.computeOnD1(database, Self.demoSettings, into: results)
        func render(_ settings: [String] = ReportFromD1JSONTests.demoSettings) -> InProcessTally.Result {
            InProcessTally.run(
                ["report", "--from-d1-json", "d1", "--output", "out/report.md"] + settings, directory: folder.url.path)
        }
        func expectFailure(
            _ message: String, _ settings: [String] = ReportFromD1JSONTests.demoSettings,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let result = render(settings)
            #expect(result.status == 1, sourceLocation: sourceLocation)
            #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
            #expect(result.stderr == "Error: \(message)\n", sourceLocation: sourceLocation)
            #expect(!FileManager.default.fileExists(atPath: folder.path("out")), sourceLocation: sourceLocation)
        }
        #expect(render().status == 0)
        try FileManager.default.removeItem(atPath: folder.path("out"))

        // Other settings than the queries were filled with.
        expectFailure(
            D1JSONError.parameterMismatch(
                file: results + "/anomalies.sql", parameter: "as_of", filled: "'2026-09-27T12:00:00+08:00'",
                report: "'2026-09-28T12:00:00+08:00'"
            ).description,
            ["--tz", "Asia/Taipei", "--exclude-before", "2026-09-19 02:11", "--as-of", "2026-09-28 12:00"])
        // An as-of time before the votes (with .sql files gone, nothing else stops it).
        for query in try PortableQuery.all() {
            try FileManager.default.removeItem(atPath: results + "/\(query.name).sql")
        }
        let early = render([
            "--tz", "Asia/Taipei", "--exclude-before", "2026-09-19 02:11", "--as-of", "2026-09-22 12:00",
        ])
        #expect(early.status == 1)
        #expect(early.stderr.contains("is before the last vote"))
        // Impossible values (issue 12.11): an option with -5 voters; all listed, nothing rendered.
        let tally = results + "/tally.json"
        let saved = try String(contentsOfFile: tally, encoding: .utf8)
        let negative = try #require(saved.range(of: #""voters":\d+"#, options: .regularExpression))
        try saved.replacingCharacters(in: negative, with: #""voters":-5"#).write(
            toFile: tally, atomically: false, encoding: .utf8)
        let impossible = render()
        #expect(impossible.status == 1)
        #expect(impossible.stderr.hasPrefix("Error: 1 impossible value in 1 result file;"))
        #expect(
            impossible.stderr.contains("\n  \(tally) (query tally), row 1, voters = -5: expected a count, 0 or more"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
        try saved.write(toFile: tally, atomically: false, encoding: .utf8)
        // A query that failed on D1.
        let totals = results + "/totals.json"
        try #"[{"results":[],"success":false,"error":"D1_ERROR: no such table: votes: SQLITE_ERROR"}]"#
            .write(toFile: totals, atomically: false, encoding: .utf8)
        expectFailure(
            D1JSONError.failed(file: totals, message: "'D1_ERROR: no such table: votes: SQLITE_ERROR'").description)
        // wrangler's --remote --file import summary.
        try
            #"[{"results":[{"Total queries executed":1,"Rows read":55,"Rows written":0,"Database size (MB)":"0.09"}],"success":true,"meta":{}}]"#
            .write(toFile: totals, atomically: false, encoding: .utf8)
        expectFailure(D1JSONError.importSummary(file: totals).description)
        // Cut short while saving.
        try #"[{"results":[{"voters_all":19,"#.write(toFile: totals, atomically: false, encoding: .utf8)
        let cut = render()
        #expect(cut.status == 1)
        #expect(cut.stderr.hasPrefix("Error: \(totals) is not valid JSON ("))
        // Missing altogether.
        try FileManager.default.removeItem(atPath: totals)
        expectFailure(D1JSONError.missingQueries(["totals"], searched: [results]).description)
        // No such folder.
        try FileManager.default.removeItem(atPath: results)
        expectFailure("cannot read \(results): no such file or folder")
    }
}
