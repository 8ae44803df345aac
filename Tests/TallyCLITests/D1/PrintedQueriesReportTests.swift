import Foundation
import TallyCore
import TallyRender
import TallySQLite
import Testing

@testable import TallyCLI

/// The differential oracle for the whole report: the queries `tally sql --all` prints, run
/// by the real `sqlite3` shell (`-json`, the shape D1 returns), read into the figures and
/// rendered, give exactly the report `tally report --db` makes from the same data in every
/// format (but for the fingerprint's hash, which SQL cannot compute: `FingerprintLines`).
@Suite("the printed queries against tally report", .timeLimit(.minutes(10)))
struct PrintedQueriesReportTests {
    static let demoSettings = [
        "--tz", "Asia/Taipei", "--exclude-before", "2026-09-19 02:11", "--as-of", "2026-09-27 12:00",
    ]
    static let formats: [[String]] = [[], ["--lang", "zh-TW"], ["--format", "json"], ["--format", "csv"]]

    /// What a user does on D1, with the `sqlite3` shell in its place: `tally sql --all
    /// --output-dir`, then each query the report reads run and its rows read back.
    static func runPrintedQueries(
        _ database: String, _ settings: [String], sqlOptions: [String] = []
    ) async throws -> [String: [Row]] {
        let folder = try TemporaryDirectory()
        let filled = try await TallyProcess.run(
            ["sql", "--all", "--output-dir", folder.path("q")] + settings + sqlOptions)
        #expect(filled.status == 0, "\(filled.stderr)")
        var results: [String: [Row]] = [:]
        for name in ReportFigures.queryNames {
            let sql = try String(contentsOfFile: folder.path("q/\(name).sql"), encoding: .utf8)
            results[name] = try await SQLiteShell.jsonRows(database, sql: sql)
        }
        return results
    }

    /// The report those rows make, with the parameters and format `tally report` reads from
    /// the same options (parsed by its own spec), rendered as `tally report` renders it.
    static func render(_ results: [String: [Row]], moderationRecord: Bool, _ arguments: [String]) throws -> String {
        guard case .run(_, let invocation) = try ArgumentParser.parse(["report"] + arguments, root: Tally.root) else {
            throw UsageError("not a report command line", command: ["report"])
        }
        let context = Context(
            environment: [:], currentDirectory: FileManager.default.currentDirectoryPath,
            stdout: TextOutput { _ in }, stderr: TextOutput { _ in }, stdin: LineInput(isTerminal: false) { nil },
            now: { InProcessTally.now })
        let options = try ReportCommand.Options(invocation, context)
        var figures = try ReportFigures(queryResults: results)
        figures.moderationRecord = moderationRecord
        let model = try ReportModel(figures: figures, parameters: options.parameters)
        switch options.format {
        case .json: return JSONReport.render(model)
        case .csv: return CSVReport.render(model, selection: options.selection)
        case .html: return HTMLReport.render(model, language: options.language, selection: options.selection)
        case .markdown: return MarkdownReport.render(model, language: options.language, selection: options.selection)
        }
    }

    /// The local report and the one from the printed queries' rows, in every format, are the
    /// same bytes but for the fingerprint's hash. Returns both.
    @discardableResult
    static func expectSameReports(
        _ database: String, _ settings: [String], sqlOptions: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    )
        async
        throws -> [(local: String, queries: String)]
    {
        let results = try await runPrintedQueries(database, settings, sqlOptions: sqlOptions)
        var outputs: [(local: String, queries: String)] = []
        for format in formats {
            let local = try await TallyProcess.run(["report", "--db", database] + settings + format)
            let queries = try render(
                results, moderationRecord: !sqlOptions.contains("--contract-only"), settings + format)
            #expect(local.status == 0, "\(format): \(local.stderr)", sourceLocation: sourceLocation)
            #expect(!local.stdout.isEmpty, sourceLocation: sourceLocation)
            FingerprintLines.expectSameButTheHash(
                local: local.stdout, d1: queries, format: format, sourceLocation: sourceLocation)
            outputs.append((local.stdout, queries))
        }
        return outputs
    }

    @Test func theDemoRendersByteForByteAsTheLocalReportAndTheGoldenFiles() async throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("demo.sqlite")
        #expect(try await TallyProcess.run(["demo", "--db", database]).status == 0)
        let outputs = try await Self.expectSameReports(database, Self.demoSettings)
        for (output, golden) in zip(outputs, ["demo.en.md", "demo.zh-TW.md", "demo.json", "demo.csv"]) {
            #expect(output.local == (try ReportFixtures.golden(golden)), "\(golden)")
        }
        #expect(
            outputs[0].queries.contains("**Counted: 15 voters, 43 votes.** Left out as test data: 4 voters, 12 votes."))
        // D1's fingerprint has the demo's counts, ids and latest time, and no hash.
        let fingerprint = try ReportFixtures.json(outputs[2].queries)["fingerprint"] as? [String: Any]
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
    @Test func notesAsTheyStoodAtThroughRenderTheSame() async throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("demo.sqlite")
        #expect(try await TallyProcess.run(["demo", "--db", database]).status == 0)
        let settings = Self.demoSettings + ["--through", "2026-09-24 09:55:10"]
        let outputs = try await Self.expectSameReports(database, settings)
        let json = try ReportFixtures.json(outputs[2].queries)
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

    @Test func aGeneratedPollWithEverySettingRendersTheSame() async throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("poll.sqlite")
        #expect(
            try await TallyProcess.run(["generate", "--db", database, "--votes", "4000", "--seed", "11"]).status == 0)
        let session = try await SQLiteShell.rows(
            database, "SELECT session_id FROM votes ORDER BY id LIMIT 1 OFFSET 500;")[0][
                0]
        let settings = [
            "--tz", "America/New_York", "--exclude-before", "2026-08-31 20:00", "--exclude-session", session,
            "--exclude-session", "not-in-the-data", "--through", "2026-09-25 12:00", "--as-of", "2026-10-05 12:00",
            "--votes-per-session", "2",
        ]
        let outputs = try await Self.expectSameReports(database, settings)
        // The round trip carried the hard parts: exclusions of both kinds, a budget anomaly, the through cut.
        let json = try ReportFixtures.json(outputs[2].queries)
        let excluded = json["excluded"] as? [[String: Any]] ?? []
        #expect(excluded.count == 6)
        // Public by default: a named session is counted and described, its id left out (null).
        #expect(excluded.filter { $0["session"] is NSNull }.count >= 2)
        #expect(!outputs.contains { $0.queries.contains("not-in-the-data") })
        #expect(!(json["anomalies"] as? [Any] ?? []).isEmpty)
        #expect(((json["totals"] as? [String: Any])?["raw"] as? [String: Int])?["votes"] ?? 4000 < 4000)
        // And without the cut, in UTC.
        try await Self.expectSameReports(database, ["--exclude-before", "2026-09-01", "--as-of", "2026-10-05 12:00"])
    }

    /// User text in every column the report shows: options, sections, sessions, notes; odd times; unknown options.
    @Test func hostileTextRendersTheSame() async throws {
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
        let outputs = try await Self.expectSameReports(database, settings)
        let json = try ReportFixtures.json(outputs[2].queries)
        let kinds = (json["anomalies"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(kinds.count >= 4, "\(kinds)")
    }

    @Test func anEmptyDatabaseRendersTheSame() async throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("empty.sqlite")
        #expect(try await TallyProcess.run(["init", "--db", database]).status == 0)
        let outputs = try await Self.expectSameReports(database, ["--as-of", "2026-01-01"])
        #expect(outputs[0].queries.contains("There are no votes yet."))
    }

    /// Issue 15's case: votes between midnight and 01:00 New York time all through March 2026
    /// (EST, then EDT from the 8th), as of November. D1 maps each vote through the zone's
    /// offsets, so its days are the local report's, with no warning.
    @Test func localDaysAgreeAcrossADaylightSavingChange() async throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("dst.sqlite")
        let votes: [(Int64, String, String)] = (1...31).map { day in
            let date = "2026-03-\(day < 10 ? "0" : "")\(day)"
            return (1, "s\(day)", "\(date) 04:30:00")  // 23:30 EST the day before; 00:30 EDT from the 8th
        }
        try ReportFixtures.database(
            at: database, options: [(1, "one", "original", "2026-01-01 00:00:00")], votes: votes)
        let settings = ["--tz", "America/New_York", "--as-of", "2026-11-15"]
        let outputs = try await Self.expectSameReports(database, settings)
        let local = outputs[2].local
        // The days really straddle the change: 23:30 EST on 2026-02-28 … 03-07, then 00:30 EDT from 03-09
        // (with the as-of time's EST alone, D1 put those on 03-08 … 03-30).
        #expect(local.contains("\"2026-02-28\"") && local.contains("\"2026-03-31\""))
    }

    /// The retired route: a user who still types it is told it is gone and what to run instead.
    @Test func theRetiredOptionSaysWhatToDoInstead() async throws {
        let result = try await TallyProcess.run(["report", "--from-d1-json", "d1", "--as-of", "2026-09-27"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--from-d1-json is gone"), "\(result.stderr)")
        #expect(result.stderr.contains("tally pull --wrangler DB"), "\(result.stderr)")
        #expect(result.stderr.contains("tally pull --from export.sql"), "\(result.stderr)")
        #expect(result.stderr.contains("then run `tally report`"), "\(result.stderr)")
        #expect(!result.stderr.contains("unknown option"), "\(result.stderr)")
        // Spelled with = too; and the option is not in the help.
        let inline = try await TallyProcess.run(["report", "--from-d1-json=d1"])
        #expect(inline.status == 2 && inline.stderr.contains("--from-d1-json is gone"), "\(inline.stderr)")
        #expect(!(try await TallyProcess.run(["report", "--help"]).stdout.contains("from-d1-json")))
    }
}
