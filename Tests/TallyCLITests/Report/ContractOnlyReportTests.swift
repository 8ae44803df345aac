import Foundation
import TallyCore
import Testing

/// Issue 12, item 14, end to end: `report` and `weekly` on a vote page's own database.
@Suite("report and weekly on a contract-only database", .timeLimit(.minutes(10)))
struct ContractOnlyReportTests {
    static let settings = [
        "--tz", "Asia/Taipei", "--exclude-before", "2026-09-19 02:11", "--as-of", "2026-09-27 12:00",
    ]

    func contractOnlyDemo(_ folder: TemporaryDirectory) async throws -> String {
        let demo = folder.path("demo.sqlite")
        #expect(try await TallyProcess.run(["demo", "--db", demo]).status == 0)
        let path = folder.path("contract.sqlite")
        try await SQLiteShell.run(
            path,
            input: """
                ATTACH '\(demo)' AS d;
                CREATE TABLE survey_options AS SELECT id, content, section, created_at FROM d.survey_options;
                CREATE TABLE votes AS SELECT id, option_id, session_id, created_at FROM d.votes;
                CREATE TABLE suggestions AS SELECT id, session_id, content, status, created_at FROM d.suggestions;
                """, arguments: ["-bail"])
        return path
    }

    @Test func everyFormatAndLanguageSaysWhatIsNotAvailable() async throws {
        let folder = try TemporaryDirectory()
        let path = try await contractOnlyDemo(folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let expected: [([String], String)] = [
            ([], "This database has no moderation record, so which note became which option cannot be shown."),
            (["--lang", "zh-TW"], "這個資料庫沒有審核紀錄，所以無法列出哪則便利貼升成了哪個選項。"),
            (["--format", "json"], #""moderation_record": "not_available""#),
            (["--format", "csv"], "moderation_record,,,,,not_available,"),
        ]
        for (format, line) in expected {
            let result = try await TallyProcess.run(["report", "--db", path] + Self.settings + format)
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(result.stdout.contains(line), "\(format)")
        }
        let markdown = try await TallyProcess.run(["report", "--db", path] + Self.settings).stdout
        #expect(markdown.contains("15 voters, 43 votes"))
        // The migrated demo does not say it.
        let migrated = try await TallyProcess.run(["report", "--db", folder.path("demo.sqlite")] + Self.settings).stdout
        #expect(!migrated.contains("not available"))

        let weekly = try await TallyProcess.run(
            [
                "weekly", "--db", path, "--launch", "2026-09-18", "--through", "2026-09-27", "--reports",
                folder.path("weeks"),
            ] + Self.settings.prefix(4))
        #expect(weekly.status == 0, "\(weekly.stderr)")
        let week = try String(contentsOfFile: folder.path("weeks/week-01.md"), encoding: .utf8)
        #expect(week.contains("Not available: this database has no moderation history"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "read as it is, never written")
    }
}
