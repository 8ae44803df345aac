import Foundation
import TallyCore
import Testing

/// Issue 12, item 14, for D1: a D1 database tally's migrations were never applied to. The
/// queries `tally sql --contract-only` prints run there (here by the real `sqlite3` shell) and
/// render, through `--from-d1-json`, exactly the report `tally report --db` makes from the same
/// tables; the shipped queries fail there, and the report then says what to do.
@Suite("tally sql --contract-only and report --from-d1-json")
struct ContractOnlyD1Tests {
    static let settings = ReportFromD1JSONTests.demoSettings

    @Test func theDemoWithOnlyTheContractsTablesRendersAsTheLocalReport() throws {
        let folder = try TemporaryDirectory()
        let database = try ContractOnlyReportTests().contractOnlyDemo(folder)
        let outputs = try ReportFromD1JSONTests.expectSameReports(
            database, Self.settings, sqlOptions: ["--contract-only"])
        #expect(outputs[0].d1.contains("Promotion links and moderation history: not available."))
        #expect(outputs[0].d1.contains("**Counted: 15 voters, 43 votes.**"))
        #expect(outputs[1].d1.contains("便利貼成為哪個選項、審核紀錄：無法提供。"))
        #expect(outputs[2].d1.contains(#""moderation_record": "not_available""#))
        #expect(outputs[3].d1.contains("moderation_record,,,,,not_available,"))
    }

    /// A real wrangler export of a vote page (its own extra tables included), at a `through`
    /// between its notes.
    @Test func aRealD1ExportRendersAsTheLocalReport() throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("export.sqlite")
        let dump = ToolProcess.repository.appendingPathComponent("Tests/Fixtures/d1-export-demo.sql").path
        try SQLiteShell.run(database, input: try String(contentsOfFile: dump, encoding: .utf8), arguments: ["-bail"])
        let outputs = try ReportFromD1JSONTests.expectSameReports(
            database, ["--tz", "Asia/Taipei", "--as-of", "2026-09-30 00:00"], sqlOptions: ["--contract-only"])
        #expect(outputs[0].d1.contains("not available"))
        try ReportFromD1JSONTests.expectSameReports(
            database, ["--tz", "UTC", "--through", "2026-09-20 00:00", "--as-of", "2026-09-30 00:00"],
            sqlOptions: ["--contract-only"])
    }

    /// Reproduction of what a user met: the shipped queries on such a database. D1 answers with
    /// an error (here the shell's own message, in wrangler's error shape); the report names the
    /// file and says to fill the queries with --contract-only. Then it renders.
    @Test func theShippedQueriesFailThereAndTheReportSaysWhatToDo() throws {
        let folder = try TemporaryDirectory()
        let database = try ContractOnlyReportTests().contractOnlyDemo(folder)
        let results = folder.path("d1")
        #expect(try TallyProcess.run(["sql", "--all", "--output-dir", results] + Self.settings).status == 0)
        for query in try PortableQuery.all() {
            let sql = try String(contentsOfFile: results + "/\(query.name).sql", encoding: .utf8)
            let saved: String
            if query.readsModerationRecord {
                let message = try Self.shellError(database, sql: sql)
                #expect(!message.isEmpty, "\(query.name) fails on the contract-only database")
                // As wrangler prints an API error with --json: the cause is a note (workers-sdk's
                // d1/execute.ts serialises the APIError; cfetch puts D1's message in `notes`).
                let object: [String: Any] = [
                    "error": [
                        "text": "A request to the Cloudflare API (/accounts/0/d1/database/0/query) failed.",
                        "notes": [["text": message + " [code: 7500]"]], "kind": "error", "name": "APIError",
                        "code": 7500,
                    ]
                ]
                saved = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
            } else {
                saved = try D1Output.json(database, sql: sql)
            }
            try saved.write(toFile: results + "/\(query.name).json", atomically: false, encoding: .utf8)
        }
        let refused = try TallyProcess.run(["report", "--from-d1-json", results] + Self.settings)
        #expect(refused.status != 0)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains(".json holds an error from wrangler"), "\(refused.stderr)")
        #expect(refused.stderr.contains("'no such table: moderation_log [code: 7500]'"), "\(refused.stderr)")
        #expect(refused.stderr.contains("tally sql --all --contract-only --output-dir DIR"), "\(refused.stderr)")

        try ReportFromD1JSONTests.computeOnD1(database, Self.settings, into: results, sqlOptions: ["--contract-only"])
        let rendered = try TallyProcess.run(["report", "--from-d1-json", results] + Self.settings)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stdout.contains("not available"))
    }

    /// The whole routine as a user types it, through the wrangler stand-in (which answers a
    /// failing query as wrangler does, with its APIError on stdout): the loop `tally sql --all`
    /// prints, run by the shell, first without and then with --contract-only.
    @Test func theLoopThatTallySQLPrintsRunsThroughWrangler() throws {
        let folder = try TemporaryDirectory()
        let remote = try ContractOnlyReportTests().contractOnlyDemo(folder)
        let results = folder.path("d1")
        func fillAndRun(_ options: [String]) throws {
            let filled = try TallyProcess.run(["sql", "--all", "--output-dir", results] + Self.settings + options)
            #expect(filled.status == 0, "\(filled.stderr)")
            // The three lines of the loop, with the stand-in in place of `npx wrangler`.
            let lines = filled.stdout.split(separator: "\n").map(String.init)
            let start = try #require(lines.firstIndex { $0.hasPrefix("  for q in ") })
            let loop = lines[start...(start + 2)].joined(separator: "\n").replacingOccurrences(
                of: "npx wrangler", with: "wrangler")
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", loop]
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = SyncBed.wranglerFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["TALLY_TEST_D1"] = remote
            shell.environment = environment
            shell.standardError = FileHandle.nullDevice
            try shell.run()
            shell.waitUntilExit()
        }
        try fillAndRun([])
        let refused = try TallyProcess.run(["report", "--from-d1-json", results] + Self.settings)
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("'no such table: moderation_log: SQLITE_ERROR [code: 7500]'"), "\(refused.stderr)")
        #expect(refused.stderr.contains("tally sql --all --contract-only"), "\(refused.stderr)")

        try fillAndRun(["--contract-only"])
        let d1 = try TallyProcess.run(["report", "--from-d1-json", results] + Self.settings)
        let local = try TallyProcess.run(["report", "--db", remote] + Self.settings)
        #expect(d1.status == 0, "\(d1.stderr)")
        #expect(local.status == 0, "\(local.stderr)")
        FingerprintLines.expectSameButTheHash(local: local.stdout, d1: d1.stdout, format: [])
        #expect(d1.stdout.contains("not available"))
    }

    /// Files filled for two kinds of database were not run on one: refused, naming both kinds.
    @Test func queriesFilledBothWaysAreRefused() throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("demo.sqlite")
        #expect(try TallyProcess.run(["demo", "--db", database]).status == 0)
        let results = folder.path("d1")
        try ReportFromD1JSONTests.computeOnD1(database, Self.settings, into: results, sqlOptions: ["--contract-only"])
        #expect(try TallyProcess.run(["report", "--from-d1-json", results] + Self.settings).status == 0)
        // One query filled again without the option, and run again: the folder now mixes them.
        let full = results + "/suggestions.sql"
        #expect(try TallyProcess.run(["sql", "suggestions", "--output", full] + Self.settings).status == 0)
        try D1Output.json(database, sql: try String(contentsOfFile: full, encoding: .utf8))
            .write(toFile: results + "/suggestions.json", atomically: false, encoding: .utf8)
        let refused = try TallyProcess.run(["report", "--from-d1-json", results] + Self.settings)
        #expect(refused.status != 0)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("filled for two kinds of database"), "\(refused.stderr)")
        #expect(refused.stderr.contains("suggestions.sql without it"), "\(refused.stderr)")
        #expect(refused.stderr.contains("approved.sql"), "\(refused.stderr)")
    }

    /// On a migrated database the option still only stands in: the report says not available,
    /// as it would for the file without tally's tables, and never mixes the two.
    @Test func theOptionOnAMigratedDatabaseReadsNoModerationRecord() throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("demo.sqlite")
        #expect(try TallyProcess.run(["demo", "--db", database]).status == 0)
        let results = folder.path("d1")
        try ReportFromD1JSONTests.computeOnD1(database, Self.settings, into: results, sqlOptions: ["--contract-only"])
        let other = try TemporaryDirectory()
        let contractOnly = try ContractOnlyReportTests().contractOnlyDemo(other)
        let d1 = try TallyProcess.run(["report", "--from-d1-json", results] + Self.settings)
        let local = try TallyProcess.run(["report", "--db", contractOnly] + Self.settings)
        #expect(d1.status == 0 && local.status == 0)
        FingerprintLines.expectSameButTheHash(local: local.stdout, d1: d1.stdout, format: [])
    }

    /// `--list` prints no query, so the option has nothing to change there.
    @Test func listTakesNoContractOnlyOption() throws {
        let result = try TallyProcess.run(["sql", "--list", "--contract-only"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--list takes nothing else; leave out --contract-only"), "\(result.stderr)")
    }

    /// The printed text: the params block as always, then the stand-ins, and nothing else changed.
    @Test func thePrintedQueryKeepsItsParametersAndAddsTheStandIns() throws {
        let plain = try TallyProcess.run(["sql", "notes"] + Self.settings)
        let form = try TallyProcess.run(["sql", "notes", "--contract-only"] + Self.settings)
        #expect(plain.status == 0 && form.status == 0)
        #expect(SQLCommandTests.parameterLines(form.stdout) == SQLCommandTests.parameterLines(plain.stdout))
        #expect(form.stdout.contains("FROM main.suggestions"))
        #expect(form.stdout.contains("WHERE 0)"))
        let added = Set(form.stdout.split(separator: "\n")).subtracting(plain.stdout.split(separator: "\n"))
        #expect(
            added.allSatisfy {
                $0.hasPrefix("-- ") || $0.contains("AS (SELECT") || $0.contains("NULL AS") || $0.contains("WHERE 0)")
            }, "\(added)")
        // A query that does not read the record is printed as it is.
        #expect(
            try TallyProcess.run(["sql", "tally", "--contract-only"] + Self.settings).stdout
                == (try TallyProcess.run(["sql", "tally"] + Self.settings).stdout))
    }

    /// The sqlite3 shell's error message for `sql` on `database`, as SQLite words it (what D1
    /// passes on); empty when it succeeds.
    static func shellError(_ database: String, sql: String) throws -> String {
        do {
            _ = try SQLiteShell.run(database, input: sql, arguments: ["-batch", "-bail"])
            return ""
        } catch {
            // "sqlite3 exited 1: Parse error near line 9: no such table: moderation_log"
            let text = "\(error)".trimmingCharacters(in: .whitespacesAndNewlines)
            return text.range(of: "no such ").map { String(text[$0.lowerBound...]) } ?? text
        }
    }
}
