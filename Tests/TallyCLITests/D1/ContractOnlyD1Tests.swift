import Foundation
import TallyCore
import Testing

/// Issue 12, item 14, for D1: a D1 database tally's migrations were never applied to. The
/// queries `tally sql --contract-only` prints run there (here by the real `sqlite3` shell) and
/// give exactly the report `tally report --db` makes from the same tables; the shipped queries
/// fail there, and `tally sql` says what to do.
@Suite("tally sql --contract-only against tally report", .timeLimit(.minutes(10)))
struct ContractOnlyD1Tests {
    static let settings = PrintedQueriesReportTests.demoSettings

    @Test func theDemoWithOnlyTheContractsTablesRendersAsTheLocalReport() async throws {
        let folder = try TemporaryDirectory()
        let database = try await ContractOnlyReportTests().contractOnlyDemo(folder)
        let outputs = try await PrintedQueriesReportTests.expectSameReports(
            database, Self.settings, sqlOptions: ["--contract-only"])
        #expect(
            outputs[0].queries.contains("This database has no moderation record, so which note became which option"))
        #expect(outputs[0].queries.contains("**Counted: 15 voters, 43 votes.**"))
        #expect(outputs[1].queries.contains("這個資料庫沒有審核紀錄，所以無法列出哪則便利貼升成了哪個選項。"))
        #expect(outputs[2].queries.contains(#""moderation_record": "not_available""#))
        #expect(outputs[3].queries.contains("moderation_record,,,,,not_available,"))
    }

    /// A real wrangler export of a vote page (its own extra tables included), at a `through`
    /// between its notes.
    @Test func aRealD1ExportRendersAsTheLocalReport() async throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("export.sqlite")
        let dump = ToolProcess.repository.appendingPathComponent("Tests/Fixtures/d1-export-demo.sql").path
        try await SQLiteShell.run(
            database, input: try String(contentsOfFile: dump, encoding: .utf8), arguments: ["-bail"])
        let outputs = try await PrintedQueriesReportTests.expectSameReports(
            database, ["--tz", "Asia/Taipei", "--as-of", "2026-09-30 00:00"], sqlOptions: ["--contract-only"])
        #expect(outputs[0].queries.contains("not available"))
        try await PrintedQueriesReportTests.expectSameReports(
            database, ["--tz", "UTC", "--through", "2026-09-20 00:00", "--as-of", "2026-09-30 00:00"],
            sqlOptions: ["--contract-only"])
    }

    /// Reproduction of what a user met: the shipped queries, as printed, on such a database.
    /// The real shell (as D1) answers with SQLite's error, which `tally sql --help` names with
    /// what to do.
    @Test func theShippedQueriesFailThereAndTallySQLSaysWhatToDo() async throws {
        let folder = try TemporaryDirectory()
        let database = try await ContractOnlyReportTests().contractOnlyDemo(folder)
        let printed = folder.path("q")
        #expect(try await TallyProcess.run(["sql", "--all", "--output-dir", printed] + Self.settings).status == 0)
        for query in try PortableQuery.all() {
            let sql = try String(contentsOfFile: printed + "/\(query.name).sql", encoding: .utf8)
            let message = try await Self.shellError(database, sql: sql)
            #expect(message.isEmpty != query.readsModerationRecord, "\(query.name): \(message)")
            if query.readsModerationRecord {
                #expect(
                    message.contains("no such table: moderation_log") || message.contains("promoted_option_id"),
                    "\(query.name): \(message)")
            }
        }
        let help = try await TallyProcess.run(["sql", "--help"])
        #expect(help.stdout.contains("`no such table: moderation_log`"), "\(help.stdout)")
        #expect(help.stdout.contains("queries again with --contract-only"), "\(help.stdout)")
    }

    /// On a migrated database the option still only stands in: the report says not available,
    /// as it would for the file without tally's tables, and never mixes the two.
    @Test func theOptionOnAMigratedDatabaseReadsNoModerationRecord() async throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("demo.sqlite")
        #expect(try await TallyProcess.run(["demo", "--db", database]).status == 0)
        let results = try await PrintedQueriesReportTests.runPrintedQueries(
            database, Self.settings, sqlOptions: ["--contract-only"])
        let other = try TemporaryDirectory()
        let contractOnly = try await ContractOnlyReportTests().contractOnlyDemo(other)
        let queries = try PrintedQueriesReportTests.render(results, moderationRecord: false, Self.settings)
        let local = try await TallyProcess.run(["report", "--db", contractOnly] + Self.settings)
        #expect(local.status == 0)
        FingerprintLines.expectSameButTheHash(local: local.stdout, d1: queries, format: [])
    }

    /// `--list` prints no query, so the option has nothing to change there.
    @Test func listTakesNoContractOnlyOption() async throws {
        let result = try await TallyProcess.run(["sql", "--list", "--contract-only"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--list takes nothing else; leave out --contract-only"), "\(result.stderr)")
    }

    /// The printed text: the params block as always, then the stand-ins, and nothing else changed.
    @Test func thePrintedQueryKeepsItsParametersAndAddsTheStandIns() async throws {
        let plain = try await TallyProcess.run(["sql", "notes"] + Self.settings)
        let form = try await TallyProcess.run(["sql", "notes", "--contract-only"] + Self.settings)
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
            try await TallyProcess.run(["sql", "tally", "--contract-only"] + Self.settings).stdout
                == (try await TallyProcess.run(["sql", "tally"] + Self.settings).stdout))
    }

    /// The sqlite3 shell's error message for `sql` on `database`, as SQLite words it (what D1
    /// passes on); empty when it succeeds.
    static func shellError(_ database: String, sql: String) async throws -> String {
        do {
            _ = try await SQLiteShell.run(database, input: sql, arguments: ["-batch", "-bail"])
            return ""
        } catch {
            // "sqlite3 exited 1: Parse error near line 9: no such table: moderation_log"
            let text = "\(error)".trimmingCharacters(in: .whitespacesAndNewlines)
            return text.range(of: "no such ").map { String(text[$0.lowerBound...]) } ?? text
        }
    }
}
