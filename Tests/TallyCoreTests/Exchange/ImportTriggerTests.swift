import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// The import side of issue 12, item 2: the file's triggers, as tally's own writes will fire them.
@Suite("Import: the file's triggers")
struct ImportTriggerTests {
    /// The D1 fixture with `lines` put in after line `after` (0: at the end).
    func export(_ lines: [String], after: Int = 0, in folder: TemporaryDirectory) throws -> String {
        var all = try Fixtures.text("d1-export-demo.sql").components(separatedBy: "\n")
        if after == 0 { all += lines } else { all.insert(contentsOf: lines, at: after) }
        return try Fixtures.write(all.joined(separator: "\n") + "\n", to: "export.sql", in: folder)
    }

    func run(_ dump: String, _ folder: TemporaryDirectory) throws -> ImportSummary {
        try DumpImporter().run(dumpPath: dump, target: folder.path("out.sqlite"), replace: false)
    }

    func expectRefusal(_ dump: String, _ expected: DumpError, in folder: TemporaryDirectory) {
        #expect(throws: expected) { _ = try run(dump, folder) }
        #expect((try? Fixtures.listing(folder)) == ["export.sql"], "nothing may be left behind")
    }

    // MARK: Rows the dump inserts

    /// Reproduction: this imported 54 of the 55 votes, exit 0.
    @Test func aRaiseIgnoreTriggerDefinedBeforeTheDataIsRefusedAtTheRowItDrops() throws {
        let folder = try TemporaryDirectory()
        // After line 30 (CREATE TABLE votes ends there): the trigger is line 31, the first vote line 32.
        let dump = try export(
            ["CREATE TRIGGER hide BEFORE INSERT ON votes WHEN NEW.id = 3 BEGIN SELECT RAISE(IGNORE); END;"],
            after: 30, in: folder)
        // The vote with id 3 is line 33 of the fixture, 34 with the trigger.
        expectRefusal(dump, .rowDropped(line: 34, table: "votes"), in: folder)
    }

    @Test func anInsertOrIgnoreThatLosesARowIsRefusedToo() throws {
        let folder = try TemporaryDirectory()
        let dump = try export(
            [
                "INSERT OR IGNORE INTO \"votes\" (\"id\",\"option_id\",\"session_id\",\"created_at\") "
                    + "VALUES(1,1,'other','2026-09-20 00:00:00');"
            ], after: 85, in: folder)
        expectRefusal(dump, .rowDropped(line: 86, table: "votes"), in: folder)
    }

    // MARK: Triggers that fire later, on tally's writes

    @Test(arguments: [
        ("BEFORE UPDATE OF status ON suggestions", "suggestions", "UPDATE", "records a decision"),
        ("BEFORE INSERT ON survey_options", "survey_options", "INSERT", "promotes a note"),
        ("BEFORE INSERT ON moderation_log", "moderation_log", "INSERT", "records a decision"),
    ])
    func aRaiseIgnoreTriggerOnATableTallyWritesIsRefusedByName(
        _ on: String, _ table: String, _ event: String, _ purpose: String
    ) throws {
        let folder = try TemporaryDirectory()
        // moderation_log is tally's: the export gets it from a vote page migrated with wrangler.
        let create =
            table == "moderation_log"
            ? [
                Migration.all[1].sql.components(separatedBy: ";").first {
                    $0.contains("CREATE TABLE IF NOT EXISTS moderation_log")
                }!
                    + ";"
            ] : []
        let dump = try export(
            create + ["CREATE TRIGGER quiet \(on) WHEN 1 BEGIN SELECT RAISE(IGNORE); END;"], in: folder)
        expectRefusal(dump, .triggerIgnores(trigger: "quiet", table: table, event: event, purpose: purpose), in: folder)
    }

    @Test func raiseIgnoreOnTablesTallyNeverWritesIsTheVotePagesBusiness() throws {
        let folder = try TemporaryDirectory()
        let dump = try export(
            [
                "CREATE TRIGGER one_vote BEFORE INSERT ON votes WHEN (SELECT count(*) FROM votes "
                    + "WHERE session_id = NEW.session_id) >= 3 BEGIN SELECT RAISE(IGNORE); END;",
                "CREATE TRIGGER only_content BEFORE UPDATE OF content ON suggestions BEGIN SELECT RAISE(IGNORE); END;",
            ],
            in: folder)
        let summary = try run(dump, folder)
        #expect(summary.tables.first { $0.name == "votes" }?.rows == 55)
        #expect(summary.triggersWritingElsewhere.isEmpty)
    }

    /// The cases: they import (a real export's triggers must), and are listed.
    @Test func triggersThatWriteElsewhereWhenTallyWritesAreListed() throws {
        let folder = try TemporaryDirectory()
        let dump = try export(
            [
                "CREATE TRIGGER w AFTER UPDATE ON suggestions BEGIN DELETE FROM votes; END;",
                "CREATE TRIGGER move AFTER INSERT ON survey_options BEGIN UPDATE votes SET option_id = NEW.id; "
                    + "INSERT INTO \"page views\" (path) VALUES ('/moved'); END;",
                // Bookkeeping on its own table, and an audit trigger on a table tally never writes: not listed.
                "CREATE TRIGGER touch AFTER UPDATE OF status ON suggestions BEGIN "
                    + "UPDATE suggestions SET created_at = created_at WHERE id = NEW.id; END;",
                "CREATE TRIGGER audit_votes AFTER DELETE ON votes BEGIN INSERT INTO \"page views\" (path) VALUES ('x'); END;",
            ], in: folder)
        let summary = try run(dump, folder)
        #expect(
            summary.triggersWritingElsewhere == [
                // Deleting votes fires audit_votes in turn: its write is w's too.
                .init(
                    trigger: "w", table: "suggestions", event: "UPDATE", purpose: "records a decision",
                    writes: ["page views", "votes"]),
                .init(
                    trigger: "move", table: "survey_options", event: "INSERT", purpose: "promotes a note",
                    writes: ["page views", "votes"]),
            ])
        // Listing compiled, never ran: every trigger is still there and no row moved.
        let db = try DatabaseFile.openForReading(folder.path("out.sqlite"))
        #expect(
            try db.scalar(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name IN "
                    + "('w', 'move', 'touch', 'audit_votes')") == .integer(4))
        #expect(try db.scalar("SELECT count(*) FROM votes") == .integer(55))
        #expect(try db.scalar("SELECT count(*) FROM \"page views\"") == .integer(4))
    }

    @Test func theDemoExportHasNoFinding() throws {
        let folder = try TemporaryDirectory()
        let summary = try run(Fixtures.path("d1-export-demo.sql"), folder)
        #expect(summary.triggersWritingElsewhere.isEmpty)
    }
}
