import Foundation
import Testing

@Suite("init, migrate and demo on good and bad input", .timeLimit(.minutes(10)))
struct FoundationCommandTests {
    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func initThenMigrateIsUpToDate() async throws {
        let folder = try TemporaryDirectory()
        let created = try await TallyProcess.run(["init", "--db", "v.sqlite"], in: folder.url.path)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains("0001_tally_contract.sql"))
        let before = Self.bytes(folder.path("v.sqlite"))
        let again = try await TallyProcess.run(["migrate", "--db", "v.sqlite"], in: folder.url.path)
        #expect(again.status == 0)
        #expect(again.stdout.contains("is up to date"))
        #expect(Self.bytes(folder.path("v.sqlite")) == before)
        let status = try await TallyProcess.run(["migrate", "--status", "--db", "v.sqlite"], in: folder.url.path)
        #expect(status.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("applied  ") })
    }

    @Test func generateSpreadsVotesOverTheDaysAsked() async throws {
        let folder = try TemporaryDirectory()
        let made = try await TallyProcess.run(
            ["generate", "--db", "g.sqlite", "--votes", "3000", "--days", "400"], in: folder.url.path)
        #expect(made.status == 0, "\(made.stderr)")
        let days = try await SQLiteShell.rows(
            folder.path("g.sqlite"), "SELECT count(DISTINCT substr(created_at, 1, 10)) FROM votes")
        #expect((days.first?.first.flatMap { Int($0) } ?? 0) > 300)
        let refused = try await TallyProcess.run(["generate", "--db", "h.sqlite", "--days", "0"], in: folder.url.path)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("invalid value '0' for --days; expected a whole number from 1 to 36500"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("h.sqlite")))
    }

    @Test func initRefusesAnExistingFile() async throws {
        let folder = try TemporaryDirectory()
        try Data("keep me".utf8).write(to: folder.url.appendingPathComponent("v.sqlite"))
        let result = try await TallyProcess.run(["init", "--db", "v.sqlite"], in: folder.url.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("already exists"))
        #expect(Self.bytes(folder.path("v.sqlite")) == Data("keep me".utf8))
    }

    @Test func migrateOnADirectoryNamesIt() async throws {
        let folder = try TemporaryDirectory()
        let result = try await TallyProcess.run(["migrate", "--db", folder.url.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: \(folder.url.path) is a directory"))
    }

    @Test func migrateOnAFileThatIsNotSQLiteChangesNothing() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("notes.txt")
        let content = Data(String(repeating: "plain text, not a database\n", count: 40).utf8)
        try content.write(to: URL(fileURLWithPath: path))
        let result = try await TallyProcess.run(["migrate", "--db", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is not an SQLite database"))
        #expect(Self.bytes(path) == content)
    }

    @Test func migrateOnAReadOnlyFileChangesNothing() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("old.sqlite")
        try await SQLiteShell.run(path, input: "CREATE TABLE votes (id INTEGER PRIMARY KEY);")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let before = Self.bytes(path)
        let result = try await TallyProcess.run(["migrate", "--db", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is read-only"))
        #expect(Self.bytes(path) == before)
    }

    @Test func migrateRefusesALedgerFromANewerTally() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("newer.sqlite")
        #expect(try await TallyProcess.run(["init", "--db", path]).status == 0)
        try await SQLiteShell.run(
            path, input: "INSERT INTO d1_migrations (name) VALUES ('0077_tally_from_the_future.sql');")
        let before = Self.bytes(path)
        let result = try await TallyProcess.run(["migrate", "--db", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("newer tally"))
        #expect(result.stderr.contains("0077_tally_from_the_future.sql"))
        #expect(Self.bytes(path) == before)
    }

    @Test func migrateUpgradesAContractOnlyDatabaseFromTheVotePage() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("page.sqlite")
        try await SQLiteShell.run(
            path,
            input: """
                CREATE TABLE survey_options (id INTEGER PRIMARY KEY, content TEXT NOT NULL, section TEXT NOT NULL,
                  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP, colour TEXT);
                CREATE TABLE votes (id INTEGER PRIMARY KEY, option_id INTEGER NOT NULL REFERENCES survey_options(id),
                  session_id TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
                CREATE TABLE suggestions (id INTEGER PRIMARY KEY, session_id TEXT, content TEXT NOT NULL,
                  status TEXT NOT NULL DEFAULT 'pending', created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
                INSERT INTO suggestions (session_id, content) VALUES ('s1', 'keep me');
                """)
        let result = try await TallyProcess.run(["migrate", "--db", path])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try await SQLiteShell.rows(path, "SELECT content, status, version FROM suggestions;")
        #expect(rows == [["keep me", "pending", "0"]])
        let colour = try await SQLiteShell.rows(
            path, "SELECT count(*) FROM pragma_table_info('survey_options') WHERE name = 'colour';")
        #expect(colour == [["1"]])
    }

    @Test func demoWritesAFileAndRefusesToOverwrite() async throws {
        let folder = try TemporaryDirectory()
        let first = try await TallyProcess.run(["demo", "--db", "d.sqlite"], in: folder.url.path)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try await SQLiteShell.rows(folder.path("d.sqlite"), "SELECT count(*) FROM votes;") == [["55"]])
        let second = try await TallyProcess.run(["demo", "--db", "d.sqlite"], in: folder.url.path)
        #expect(second.status == 1)
        #expect(second.stderr.contains("already exists"))
        let replaced = try await TallyProcess.run(["demo", "--db", "d.sqlite", "--replace"], in: folder.url.path)
        #expect(replaced.status == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(leftovers == ["d.sqlite"], "no temporary files left behind")
    }
}
