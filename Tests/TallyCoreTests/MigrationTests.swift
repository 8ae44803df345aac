import Foundation
import TallySQLite
import Testing

@testable import TallyCore

@Suite("Migrations and the d1_migrations ledger", .timeLimit(.minutes(10)))
struct MigrationTests {
    @Test func everyMigrationFileIsSomethingD1Accepts() async throws {
        #expect(!Migration.all.isEmpty)
        #expect(try MigrationLint.problems(in: Migration.all) == [])
    }

    @Test func embeddedMigrationsAreTheFilesInTheRepository() async throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("migrations")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sql") }
            .sorted()
        #expect(Migration.all.map(\.name) == names)
        for migration in Migration.all {
            let text = try String(contentsOf: folder.appendingPathComponent(migration.name), encoding: .utf8)
            #expect(migration.sql == text, "\(migration.name) differs from the embedded copy")
            #expect(Migration.isTallyName(migration.name))
        }
    }

    @Test func lintCatchesEachForbiddenKind() async throws {
        let attached = "lint-attach-\(UUID().uuidString).db"
        defer { try? FileManager.default.removeItem(atPath: attached) }
        let bad = Migration(
            name: "0099_tally_bad.sql",
            sql: """
                CREATE TABLE t (x);
                BEGIN TRANSACTION;
                INSERT INTO t VALUES (1);
                COMMIT;
                SAVEPOINT s;
                PRAGMA journal_mode = WAL;
                PRAGMA defer_foreign_keys = TRUE;
                ATTACH '\(attached)' AS other;
                CREATE TRIGGER ok AFTER INSERT ON t BEGIN SELECT 1; END;
                INSERT INTO t VALUES ('\(String(repeating: "x", count: 100_001))');
                """)
        let problems = try MigrationLint.problems(in: [bad])
        let byLine = Dictionary(grouping: problems, by: \.line)
        #expect(byLine[2]?.first?.message.contains("transaction") == true)
        #expect(byLine[4]?.first?.message.contains("transaction") == true)
        #expect(byLine[5]?.first?.message.contains("SAVEPOINT") == true)
        #expect(byLine[6]?.first?.message.contains("PRAGMA journal_mode") == true)
        #expect(byLine[7] == nil, "defer_foreign_keys is the one PRAGMA D1 allows")
        #expect(byLine[8]?.first?.message.contains("ATTACH") == true)
        #expect(byLine[9] == nil, "BEGIN inside a trigger body is not a transaction")
        #expect(byLine[10]?.first?.message.contains("100000") == true)
        #expect(Set(problems.map(\.line)) == [2, 4, 5, 6, 8, 10])
        #expect(!FileManager.default.fileExists(atPath: attached), "the lint must not run the ATTACH it reports")
    }

    @Test func migrateTwiceChangesNothing() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("twice.sqlite")
        let applied = try DatabaseFile.build(at: path) { try Migrator().migrate($0) }
        #expect(applied == Migration.all.map(\.name))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let db = try DatabaseFile.openForWriting(path)
        #expect(try Migrator().migrate(db) == [])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let status = try Migrator().status(of: db)
        #expect(status.pending.isEmpty && status.unknown.isEmpty && status.foreign.isEmpty)
    }

    @Test func ledgerIsWranglersTableColumnForColumn() async throws {
        let db = try Connection(path: ":memory:", mode: .create)
        try Migrator().migrate(db)
        let columns = try db.query(
            "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info('d1_migrations')")
        #expect(
            columns.map { $0.values } == [
                [.text("id"), .text("INTEGER"), .integer(0), .null, .integer(1)],
                [.text("name"), .text("TEXT"), .integer(0), .null, .integer(0)],
                [.text("applied_at"), .text("TIMESTAMP"), .integer(1), .text("CURRENT_TIMESTAMP"), .integer(0)],
            ])
        let names = try db.query("SELECT name FROM d1_migrations ORDER BY id").map { $0[0] }
        #expect(names == Migration.all.map { .text($0.name) })
        // AUTOINCREMENT, as wrangler declares it, keeps sqlite_sequence.
        #expect(try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'sqlite_sequence'") == .integer(1))
    }

    @Test func continuesALedgerWrittenByWrangler() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("wrangler.sqlite")
        // What `wrangler d1 migrations apply` leaves after applying the first file,
        // written with the real sqlite3 shell.
        let first = Migration.all[0]
        try await SQLiteShell.run(
            path,
            input: Migrator.ledgerDDL + "\n" + first.sql
                + "\nINSERT INTO d1_migrations (name) VALUES ('\(first.name)');\n"
                + "INSERT INTO d1_migrations (name) VALUES ('0001_vote_page_init.sql');\n")
        let db = try DatabaseFile.openForWriting(path)
        let status = try Migrator().status(of: db)
        #expect(status.applied == [first.name, "0001_vote_page_init.sql"])
        #expect(status.foreign == ["0001_vote_page_init.sql"])
        let applied = try Migrator().migrate(db)
        #expect(applied == Migration.all.dropFirst().map(\.name))
        let ledger = try await SQLiteShell.rows(path, "SELECT id, name FROM d1_migrations ORDER BY id;")
        #expect(ledger.map { $0[1] } == [first.name, "0001_vote_page_init.sql"] + applied)
        #expect(ledger.map { $0[0] } == (1...(2 + applied.count)).map(String.init))
    }

    @Test func failingMigrationLeavesNoTrace() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("fail.sqlite")
        try await SQLiteShell.run(path, input: "CREATE TABLE keep (x); INSERT INTO keep VALUES (1);")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let broken =
            Migration.all + [
                Migration(
                    name: "0099_tally_broken.sql", sql: "CREATE TABLE fine (x);\n\nINSERT INTO missing VALUES (1);\n")
            ]
        let db = try DatabaseFile.openForWriting(path)
        let error = try #require(throws: MigrationError.self) { try Migrator(migrations: broken).migrate(db) }
        guard case .failed(let file, let line, let statement, let message) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(file == "0099_tally_broken.sql")
        #expect(line == 3)
        #expect(statement == "INSERT INTO missing VALUES (1);")
        #expect(message.contains("no such table: missing"))
        #expect(error.description.contains("nothing was changed"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try await SQLiteShell.rows(path, "SELECT name FROM sqlite_schema;") == [["keep"]])
    }

    @Test func ledgerFromANewerTallyIsRefused() async throws {
        let db = try Connection(path: ":memory:", mode: .create)
        try Migrator().migrate(db)
        try db.execute("INSERT INTO d1_migrations (name) VALUES ('0042_tally_future.sql')")
        let error = try #require(throws: MigrationError.self) { try Migrator().migrate(db) }
        #expect(error == .databaseNewer(unknown: ["0042_tally_future.sql"]))
        #expect(error.description.contains("newer tally"))
    }

    @Test func tallyNamesAreRecognised() async {
        #expect(Migration.isTallyName("0001_tally_contract.sql"))
        #expect(Migration.isTallyName("0042_tally_future.sql"))
        #expect(!Migration.isTallyName("0001_init.sql"))
        #expect(!Migration.isTallyName("0001_tallyho.sql"))
        #expect(!Migration.isTallyName("tally_0001.sql"))
    }

    @Test func contractOnlyInsertsStillWork() async throws {
        // A vote page that knows only the contract's columns can insert rows.
        let db = try Connection(path: ":memory:", mode: .create)
        try Migrator().migrate(db)
        try db.execute("INSERT INTO survey_options (content, section) VALUES ('a', 'original')")
        try db.execute("INSERT INTO votes (option_id, session_id) VALUES (1, 's')")
        try db.execute("INSERT INTO suggestions (session_id, content) VALUES ('s', 'note')")
        let note = try #require(
            try db.query("SELECT status, version, reviewed_by, promoted_option_id FROM suggestions").first)
        #expect(note.values == [.text("pending"), .integer(0), .null, .null])
        let stamp = try #require(try db.scalar("SELECT created_at FROM votes")?.string)
        #expect(StoredTimestamp.parse(stamp) != nil)
    }

    @Test func moderationLogIsAppendOnly() async throws {
        let db = try Demo.inMemory()
        #expect(throws: SQLiteError.self) { try db.execute("UPDATE moderation_log SET moderator = 'x'") }
        #expect(throws: SQLiteError.self) { try db.execute("DELETE FROM moderation_log") }
        #expect(try db.scalar("SELECT count(*) FROM moderation_log") == .integer(6))
    }
}
