import Foundation
import TallySQLite
import Testing

@testable import TallyCore

@Suite("notes export-sql", .timeLimit(.minutes(10)))
struct NotesExportCommandTests {
    @Test func theDemoExportMatchesGolden() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("demo.sqlite")
        try NotesDatabase.demo(at: path)
        let result = InProcessTally.run(["notes", "export-sql", "--db", path])
        #expect(result.status == 0)
        GoldenFile.check(result.stdout, "notes-export-demo.sql")
    }

    @Test func decisionsMadeByTallyReplayOnACopyWithTheSQLiteShell() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("live.sqlite")
        try NotesDatabase.hostileDemo(at: path)
        let copy = folder.path("d1-copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)

        let decisions: [[String]] = [
            ["approve", "7", "--as", "mod-a"], ["promote", "7", "--as", "mod-a"],
            ["reject", "8", "--as", "o'brien", "--reason", "pipes | and\nnewlines; DROP TABLE votes; --"],
            ["reopen", "8", "--as", "mod-c", "--reason", "'quoted' \u{1B}[1mbold"], ["approve", "8", "--as", "mod-c"],
            ["approve", "10", "--as", "mod-b"], ["promote", "10", "--as", "mod-b"],
            ["reject", "9", "--as", "mod-b", "--reason", "=formula"], ["approve", "3", "--as", "林"],
        ]
        for decision in decisions {
            let result = try await TallyProcess.run(["notes"] + decision + ["--db", path])
            #expect(result.status == 0, "\(decision): \(result.stderr)")
        }
        let written = try await TallyProcess.run(
            ["notes", "export-sql", "--db", path, "--output", "decisions.sql"], in: folder.url.path)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.hasPrefix("Wrote 15 decisions (34 statements) to "))
        #expect(written.stdout.contains("wrangler d1 execute <DATABASE> --remote --file decisions.sql"))
        let script = try String(contentsOfFile: folder.path("decisions.sql"), encoding: .utf8)
        // The file is what stdout prints, but for the numbers of a long note's check: each script draws its
        // own key (DigestKey), so no text can be built in advance to pass it.
        let printed = try await TallyProcess.run(["notes", "export-sql", "--db", path]).stdout
        func shape(_ text: String) -> String {
            text.replacingOccurrences(of: "[0-9]+", with: "N", options: .regularExpression)
        }
        #expect(script.count > 0 && shape(script) == shape(printed))
        let differing = zip(script.split(separator: "\n"), printed.split(separator: "\n")).filter { $0 != $1 }
        #expect(differing.allSatisfy { $0.0.contains("WITH RECURSIVE") }, "only the long notes' checks differ")

        let problems = try MigrationLint.problems(
            in: Migration.all + [Migration(name: "9999_decisions.sql", sql: script)])
        #expect(problems.isEmpty, "\(problems)")

        let original = try NotesDatabase.tables(path)
        for pass in 1...2 {
            let input = "PRAGMA foreign_keys = ON;\n.read '\(folder.path("decisions.sql"))'\n"
            try await SQLiteShell.run(copy, input: input, arguments: ["-bail"])
            let replayed = try NotesDatabase.tables(copy)
            for table in ["suggestions", "survey_options", "moderation_log", "votes"] {
                #expect(replayed[table] == original[table], "pass \(pass): \(table) differs")
            }
        }
        _ = folder
    }

    @Test func sinceReadsTheTimeInTheGivenZone() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("demo.sqlite")
        try NotesDatabase.demo(at: path)
        // The demo's promotions were at 2026-09-24 02:00:00 UTC = 10:00 in Taipei.
        let result = InProcessTally.run(
            ["notes", "export-sql", "--db", path, "--since", "2026-09-24 10:00", "--tz", "Asia/Taipei"])
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "-- 2 decision(s) from moderation_log, recorded at or after 2026-09-24 02:00:00 UTC."))
        #expect(result.stdout.components(separatedBy: "\n-- note ").count == 3)
        let later = InProcessTally.run(
            ["notes", "export-sql", "--db", path, "--since", "2026-09-24 10:00:01+08:00", "--tz", "UTC"])
        #expect(later.stdout.contains("-- 0 decision(s)"))
        #expect(later.stdout.contains("-- Nothing to apply."))
    }

    @Test(arguments: [
        (["--since", "last week"], "invalid value 'last week' for --since: cannot read the time 'last week'"),
        (["--since", "2026-02-30"], "invalid value '2026-02-30' for --since"),
        (["--tz", "Moon"], "invalid value 'Moon' for --tz: unknown time zone 'Moon'"),
    ])
    func badTimesAreUsageErrors(_ options: [String], _ message: String) async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("demo.sqlite")
        try NotesDatabase.demo(at: path)
        let result = InProcessTally.run(
            ["notes", "export-sql", "--db", path, "--output", folder.path("x.sql")] + options)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Error: " + message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("x.sql")), "nothing written")
    }
}
