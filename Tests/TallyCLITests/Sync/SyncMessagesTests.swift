import Foundation
import TallyCore
import TallySQLite
import Testing

/// Exit codes and messages that say what really happened, and D1 schemas met in the wild.
@Suite("Sync with D1: true messages and exits", .serialized, .timeLimit(.minutes(10)))
struct SyncMessagesTests {
    /// A push with a new conflict and a decision D1 ran but did not apply: the old push exited 1,
    /// hiding the 3 a script checks for. Both are said; exit 3.
    @Test func aNewConflictWinsOverAnUnappliedDecision() async throws {
        let bed = try SyncBed()
        for copy in ["a", "b"] { #expect(try await bed.tally(copy, ["pull", "--wrangler", "prod"]).status == 0) }
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "4", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "reject", "3", "--as", "bob", "--reason", "dup"]).status == 0)
        #expect(try await bed.tally("b", ["push", "--wrangler", "prod"]).status == 0)
        // The vote page rejects note 4 itself, without a logged decision.
        _ = try await SQLiteShell.run(bed.d1, input: "UPDATE suggestions SET status = 'rejected' WHERE id = 4;")
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 3, "\(pushed.stdout)\(pushed.stderr)")
        #expect(pushed.stderr.contains("1 new conflict(s): the notes changed on D1"), "\(pushed.stderr)")
        #expect(pushed.stderr.contains("did not apply 1 decision(s) (note 4)"), "\(pushed.stderr)")
        #expect(try await bed.counts("a") == [0, 1, 0, 1])
    }

    /// A deleted note's conflict is not summed up as "D1 holds other decisions".
    @Test func theConflictSummaryDoesNotClaimAnotherDecision() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        _ = try await SQLiteShell.run(bed.d1, input: "DELETE FROM suggestions WHERE id = 3;")
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 3)
        #expect(!pushed.stderr.contains("D1 holds other decisions"), "\(pushed.stderr)")
        #expect(pushed.stderr.contains("(another decision, an edit, or deleted)"), "\(pushed.stderr)")
    }

    /// D1 with tally's tables and columns but not its index migration (0003): the old push
    /// refused, claiming D1 lacked reviewed_by / moderation_log.
    @Test func aD1WithoutOnlyTheIndexMigrationTakesPushes() async throws {
        let bed = try SyncBed()
        let indexes = try await bed.rows(
            "d1.sqlite", "SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL")
        _ = try await SQLiteShell.run(
            bed.d1,
            input: indexes.map { "DROP INDEX \($0[0]);" }.joined()
                + "DELETE FROM d1_migrations WHERE name = '0003_tally_indexes.sql';")
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(pulled.status == 0)
        #expect(
            pulled.stderr.contains(
                "D1 lacks tally's index migration(s) 0003_tally_indexes.sql: decisions push as usual"),
            "\(pulled.stderr)")
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 0, "\(pushed.stderr)")
        #expect(try await bed.counts("a") == [0, 0, 1, 0])
    }

    /// The vote page's D1 before tally's migrations: only the contract's tables.
    static func votePageD1(_ bed: SyncBed) async throws {
        try FileManager.default.removeItem(atPath: bed.d1)
        let contract = ToolProcess.repository.appendingPathComponent("migrations/0001_tally_contract.sql").path
        _ = try await SQLiteShell.run(
            bed.d1,
            input: ".read '\(contract)'\n"
                + "INSERT INTO survey_options (id, content, section) VALUES (1, 'cats', 'original');\n"
                + "INSERT INTO suggestions (id, session_id, content) VALUES (1, 's', 'add dogs');\n")
    }

    /// A copy made by `tally import` from such a D1: the old push --wrangler ended in wrangler's raw
    /// "no such column: reviewed_by", and push --output wrote a file D1 rejects and marked it pushed.
    @Test func aCopyImportedFromAD1WithoutTallysMigrationsRefusesToPush() async throws {
        let bed = try SyncBed()
        try await Self.votePageD1(bed)
        let export = try await bed.export()
        #expect(try await bed.run(["import", export, "--db", bed.path("a")]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "1", "--as", "alice"]).status == 0)
        let status = try await bed.tally("a", ["status"])
        #expect(status.stdout.contains("from tally import"), "\(status.stdout)")
        #expect(status.stdout.contains("push is refused until they are applied"), "\(status.stdout)")
        for arguments in [["push", "--wrangler", "prod"], ["push", "--output", "push.sql"]] {
            let pushed = try await bed.tally("a", arguments)
            #expect(pushed.status == 1)
            #expect(
                pushed.stderr.contains(
                    "D1 lacks tally's migration(s) 0001_tally_contract.sql, 0002_tally_moderation.sql"),
                "\(pushed.stderr)")
            #expect(pushed.stderr.contains("wrangler d1 migrations apply"))
        }
        #expect(!FileManager.default.fileExists(atPath: bed.path("push.sql")))
        #expect(try await bed.counts("a") == [1, 0, 0, 0])
        #expect(
            try await bed.rows("d1.sqlite", "SELECT count(*) FROM sqlite_schema WHERE name = 'moderation_log'") == [
                ["0"]
            ])
    }
}

/// D1 schemas met in the wild, named with the one command that repairs them.
@Suite("Sync with D1: D1 schemas met in the wild", .serialized, .timeLimit(.minutes(10)))
struct SyncSchemaStateTests {
    /// tally's schema applied by hand (`wrangler d1 execute --file`), so d1_migrations lists nothing:
    /// every pull failed with "migration 0002 failed at line 1: duplicate column name".
    @Test func aSchemaAppliedByHandIsNamedAndTheRepairItPrintsWorks() async throws {
        let bed = try SyncBed()
        _ = try await SQLiteShell.run(bed.d1, input: "DELETE FROM d1_migrations;")
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(pulled.status == 1)
        #expect(pulled.stderr.contains("tally's schema was applied by hand"), "\(pulled.stderr)")
        #expect(!FileManager.default.fileExists(atPath: bed.path("a")))
        // The repair it prints, run as printed through wrangler, makes the next pull work.
        let start = try #require(pulled.stderr.range(of: "--command \""))
        let end = try #require(pulled.stderr[start.upperBound...].range(of: "\"`"))
        let sql = String(pulled.stderr[start.upperBound..<end.lowerBound])
        await #expect(try SyncRoutineTests.wrangler(bed, ["d1", "execute", "prod", "--remote", "--command", sql]) == 0)
        #expect(
            try await bed.rows("d1.sqlite", "SELECT name FROM d1_migrations ORDER BY id")
                == [["0001_tally_contract.sql"], ["0002_tally_moderation.sql"]])
        let again = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(again.status == 0, "\(again.stderr)")
        // Only the index migration is left unrecorded on D1 (its IF NOT EXISTS indexes were there).
        #expect(again.stderr.contains("index migration(s) 0003_tally_indexes.sql"), "\(again.stderr)")
    }

    /// The line a failing migration statement is reported at is the statement's, not the file's
    /// header comment's.
    @Test func aFailingMigrationStatementIsReportedAtItsOwnLine() async throws {
        let db = try Connection(path: ":memory:", mode: .create)
        let script = "-- a header\n-- more\n\nCREATE TABLE t (a);\nALTER TABLE t ADD COLUMN a;\n"
        let error = try #require(throws: ScriptError.self) { try db.executeScript(script) }
        #expect(error.line == 5)
        let first = try #require(throws: ScriptError.self) { try db.executeScript("-- c\n-- d\nSELECT * FROM nope;") }
        #expect(first.line == 3)
    }
}

/// Leftovers in D1's exports.
@Suite("Sync with D1: leftovers in an export", .timeLimit(.minutes(10)))
struct SyncExportLeftoverTests {
    /// D1 keeps sqlite_sequence after its AUTOINCREMENT table is dropped, and the export restores it
    /// with `DELETE FROM sqlite_sequence`: the old import failed at "no such table: sqlite_sequence".
    @Test func anExportRestoringSqliteSequenceWithoutAnAutoincrementTableIsPulled() async throws {
        let bed = try SyncBed()
        try await SyncMessagesTests.votePageD1(bed)
        _ = try await SQLiteShell.run(
            bed.d1,
            input: "CREATE TABLE page_log (id INTEGER PRIMARY KEY AUTOINCREMENT, what TEXT);"
                + "INSERT INTO page_log (what) VALUES ('x'); DROP TABLE page_log;")
        let export = try await bed.export()
        #expect(try String(contentsOfFile: export, encoding: .utf8).contains("DELETE FROM sqlite_sequence;"))
        let pulled = try await bed.tally("a", ["pull", "--from", export])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(try await bed.rows("a", "SELECT content FROM suggestions") == [["add dogs"]])
        #expect(
            try await bed.rows("a", "SELECT count(*) FROM sqlite_schema WHERE name = 'tally_make_sequence'") == [["0"]])
    }
}
