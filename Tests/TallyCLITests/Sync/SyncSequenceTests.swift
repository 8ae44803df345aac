import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// Issue 10: the five sequences that lost moderation work, run as written, and the
/// routine pull → decide → push → status with the stand-in wrangler.
@Suite("Sync with D1: the issue's sequences", .serialized, .timeLimit(.minutes(10)))
struct SyncSequenceTests {
    @Test func weeklyRoutineImportReplaceIsRefusedAndPullKeepsTheDecisions() async throws {
        let bed = try SyncBed()
        let export = try await bed.export()
        #expect(try await bed.run(["import", export, "--db", bed.path("votes")]).status == 0)
        #expect(try await bed.tally("votes", ["notes", "approve", "3", "--as", "mod-a"]).status == 0)
        #expect(try await bed.tally("votes", ["notes", "promote", "3", "--as", "mod-a"]).status == 0)
        let before = try NotesDatabase.bytes(bed.path("votes"))

        // The README's old weekly step: refused, nothing changed.
        let replaced = try await bed.run(["import", export, "--db", bed.path("votes"), "--replace"])
        #expect(replaced.status == 1)
        #expect(replaced.stderr.contains("holds 2 decision(s) D1 has not confirmed"))
        #expect(replaced.stderr.contains("tally pull --from FILE"))
        #expect(try NotesDatabase.bytes(bed.path("votes")) == before)

        // The new weekly step keeps them: D1's data plus the two decisions, replayed.
        let pulled = try await bed.tally("votes", ["pull", "--from", export])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(
            try await bed.rows(
                "votes", "SELECT status, version, promoted_option_id IS NOT NULL FROM suggestions WHERE id = 3")
                == [["approved", "2", "1"]])
        #expect(try await bed.rows("votes", "SELECT count(*) FROM moderation_log WHERE suggestion_id = 3") == [["2"]])
        #expect(try await bed.counts("votes") == [2, 0, 0, 0])

        // `tally demo --replace` would lose them too.
        let demo = try await bed.run(["demo", "--db", bed.path("votes"), "--replace"])
        #expect(demo.status == 1)
        #expect(demo.stderr.contains("holds 2 decision(s) D1 has not confirmed"))
        #expect(try await bed.counts("votes") == [2, 0, 0, 0])

        // On purpose, the work can be thrown away.
        let discarded = try await bed.run(["import", export, "--db", bed.path("votes"), "--replace", "--discard-local"])
        #expect(discarded.status == 0, "\(discarded.stderr)")
        #expect(try await bed.rows("votes", "SELECT status FROM suggestions WHERE id = 3") == [["pending"]])
    }

    @Test func twoModeratorsPromoteAndRejectTheSameNoteThroughWrangler() async throws {
        let bed = try SyncBed()
        for copy in ["a", "b"] { #expect(try await bed.tally(copy, ["pull", "--wrangler", "prod"]).status == 0) }
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "promote", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "approve", "3", "--as", "bob"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "promote", "3", "--as", "bob"]).status == 0)

        let first = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("D1 confirmed 2; 0 conflict(s)."))
        let second = try await bed.tally("b", ["push", "--wrangler", "prod"])
        #expect(second.status == 3)
        #expect(second.stdout.contains("Conflict on note 3: yours approve by 'bob'"))
        #expect(second.stdout.contains("D1 has approve by 'alice'"))
        #expect(try await bed.counts("a") == [0, 0, 2, 0])
        #expect(try await bed.counts("b") == [0, 0, 0, 2])
        try await bed.expectD1Consistent()
        #expect(
            try await bed.rows(
                "d1.sqlite", "SELECT moderator FROM moderation_log WHERE suggestion_id = 3 ORDER BY version")
                == [["alice"], ["alice"]])

        // Bob's copy learns D1's state; the conflict stays until he settles it.
        let pulled = try await bed.tally("b", ["pull", "--wrangler", "prod"])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(
            try await bed.rows("b", "SELECT reviewed_by, version FROM suggestions WHERE id = 3") == [["alice", "2"]])
        let shown = try await bed.tally("b", ["notes", "show", "3"])
        #expect(shown.stdout.contains("Conflict on note 3: yours approve by 'bob'"))
        let json = try await bed.tally("b", ["notes", "show", "3", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let conflicts = try #require(object["sync_conflicts"] as? [[String: Any]])
        #expect(conflicts.count == 2)
        #expect((conflicts.first?["remote"] as? [String: Any])?["moderator"] as? String == "alice")
        let discarded = try await bed.tally("b", ["notes", "discard", "3"])
        #expect(discarded.status == 0)
        #expect(discarded.stdout.contains("Dropped 2 local decision(s) on note 3"))
        #expect(try await bed.counts("b") == [0, 0, 0, 0])
        #expect(try await bed.tally("b", ["notes", "discard", "3"]).status == 1)
    }

    @Test func twoModeratorsThroughFilesAppliedByHandThenPull() async throws {
        let bed = try SyncBed()
        let export = try await bed.export()
        for copy in ["a", "b"] { #expect(try await bed.tally(copy, ["pull", "--from", export]).status == 0) }
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "promote", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "reject", "3", "--as", "bob", "--reason", "dup"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "approve", "4", "--as", "bob"]).status == 0)
        for copy in ["a", "b"] {
            let pushed = try await bed.tally(copy, ["push", "--output", "\(copy).sql"])
            #expect(pushed.status == 0, "\(pushed.stderr)")
            #expect(try await bed.counts(copy)[1] == 2)
            // Applied as the README says, with exit 0 each (the guards skip what does not apply).
            let input = "PRAGMA foreign_keys = ON;\n.read '\(bed.path("\(copy).sql"))'\n"
            _ = try await SQLiteShell.run(bed.d1, input: input, arguments: ["-bail"])
        }
        try await bed.expectD1Consistent()
        let newExport = try await bed.export("export2.sql")
        let a = try await bed.tally("a", ["pull", "--from", newExport])
        #expect(a.status == 0, "\(a.stdout)\(a.stderr)")
        #expect(try await bed.counts("a") == [0, 0, 2, 0])
        let b = try await bed.tally("b", ["pull", "--from", newExport])
        #expect(b.status == 3)
        #expect(b.stdout.contains("Conflict on note 3: yours reject by 'bob'"))
        #expect(b.stdout.contains("D1 has approve by 'alice'"))
        #expect(try await bed.counts("b") == [0, 0, 1, 1])
        // Nothing of Bob's vanished: the rejection is a named conflict, his approval of 4 confirmed.
        let conflicts = try await #require(try bed.status("b")["conflicts"] as? [[String: Any]])
        let local = try #require(conflicts.first?["local"] as? [String: Any])
        #expect(local["action"] as? String == "reject")
        #expect(local["moderator"] as? String == "bob")
        let remote = try #require(conflicts.first?["remote"] as? [String: Any])
        #expect(remote["moderator"] as? String == "alice")
        #expect(remote["version"] as? Int == 1)
    }

    @Test func aD1WithoutTallysMigrationsRefusesThePushWithTheWayToApplyThem() async throws {
        let bed = try SyncBed()
        let fixture = ToolProcess.repository.appendingPathComponent("Tests/Fixtures/d1-export-demo.sql").path
        let pulled = try await bed.tally("a", ["pull", "--from", fixture])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(pulled.stderr.contains("D1 lacks tally's migration(s)"))
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        let pushed = try await bed.tally("a", ["push", "--output", "push.sql"])
        #expect(pushed.status == 1)
        #expect(pushed.stderr.contains("wrangler d1 migrations apply DB --remote"))
        #expect(pushed.stderr.contains("migrations_dir"))
        #expect(!FileManager.default.fileExists(atPath: bed.path("push.sql")))
        #expect(try await bed.counts("a") == [1, 0, 0, 0])
    }

    @Test func statusReadsWhatD1AnsweredNotJustTheLocalFile() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "reject", "4", "--as", "alice", "--reason", "spam"]).status == 0)
        #expect(try await bed.counts("a") == [1, 0, 0, 0])
        #expect(try await bed.tally("a", ["push", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.counts("a") == [0, 0, 1, 0])
        #expect(
            try await bed.rows("d1.sqlite", "SELECT status, reviewed_by FROM suggestions WHERE id = 4") == [
                ["rejected", "alice"]
            ])
        let text = try await bed.tally("a", ["status"])
        #expect(
            text.stdout.contains("Decisions: 0 unpushed, 0 pushed but not confirmed, 1 confirmed on D1, 0 conflict(s).")
        )
        #expect(text.stdout.contains("from wrangler d1 execute prod --remote (query API) (sha256 "))
        #expect(text.stdout.contains("votes: D1's rows through id 55 (55 rows)"))
    }

    @Test func eachPushSendsOnlyWhatWasNotPushedAndNothingNewWritesNoFile() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--from", try await bed.export()]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        let first = try await bed.tally("a", ["push", "--output", "p1.sql"])
        #expect(first.stdout.contains("Wrote 1 decision(s)"))
        #expect(try await bed.tally("a", ["notes", "approve", "4", "--as", "alice"]).status == 0)
        let second = try await bed.tally("a", ["push", "--output", "p2.sql"])
        #expect(second.stdout.contains("Wrote 1 decision(s)"))
        let p2 = try String(contentsOfFile: bed.path("p2.sql"), encoding: .utf8)
        #expect(p2.contains("-- note 4, version 1: approve"))
        #expect(!p2.contains("-- note 3,"))
        #expect(p2.contains("AS applied"))
        let third = try await bed.tally("a", ["push", "--output", "p3.sql"])
        #expect(third.status == 0)
        #expect(third.stdout.contains("Nothing new to push. 2 pushed decision(s) are not confirmed yet"))
        #expect(!FileManager.default.fileExists(atPath: bed.path("p3.sql")))
        let again = try await bed.tally("a", ["push", "--output", "p4.sql", "--again"])
        #expect(again.stdout.contains("Wrote 2 decision(s)"))
        // What D1 accepts: no BEGIN/COMMIT/PRAGMA, every statement under 100 KB.
        let p4 = try String(contentsOfFile: bed.path("p4.sql"), encoding: .utf8)
        let problems = try MigrationLint.problems(in: Migration.all + [Migration(name: "9999_push.sql", sql: p4)])
        #expect(problems.isEmpty, "\(problems)")
        // The file D1 would run: guarded statements, then the verification, in the sqlite3 shell.
        _ = try await SQLiteShell.run(bed.d1, input: ".read '\(bed.path("p4.sql"))'\n", arguments: ["-bail"])
        #expect(try await bed.tally("a", ["pull", "--from", try await bed.export("e2.sql")]).status == 0)
        #expect(try await bed.counts("a") == [0, 0, 2, 0])
    }

    @Test func aPushNeverAppliedStaysPushedAndIsSaidSoUntilSentAgain() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("a", ["push", "--output", "forgotten.sql"]).status == 0)
        // The file was never applied: the pull keeps the decision (replayed) and says so.
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "votes"])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(pulled.stdout.contains("1 pushed decision(s) are not in D1's data: the push may not have been applied"))
        #expect(try await bed.rows("a", "SELECT status FROM suggestions WHERE id = 3") == [["approved"]])
        #expect(try await bed.counts("a") == [0, 1, 0, 0])
        #expect(try await bed.tally("a", ["status"]).stdout.contains("the push may not have been applied"))
        let again = try await bed.tally("a", ["push", "--wrangler", "votes", "--again"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try await bed.counts("a") == [0, 0, 1, 0])
    }

    @Test func aDumpOfALocalCopyIsNotAnExportOfD1() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        let dump = try await SQLiteShell.run(bed.path("a"), input: ".dump\n")
        try dump.write(toFile: bed.path("local-dump.sql"), atomically: false, encoding: .utf8)
        let before = try NotesDatabase.bytes(bed.path("a"))
        let pulled = try await bed.tally("a", ["pull", "--from", "local-dump.sql"])
        #expect(pulled.status == 1)
        #expect(pulled.stderr.contains("holds tally's local sync tables, so it is a dump of a local copy"))
        #expect(try NotesDatabase.bytes(bed.path("a")) == before)
    }

    /// SQLite names tables and views case-insensitively: an export holding `"TALLY_SYNC_DECISIONS"` passed the
    /// check and made every later decision fail with a raw SQLite error; a view `tally_sync_origin` gave a raw
    /// SQL error (issue 48 item 4). Both are the local-copy refusal, with the copy untouched.
    @Test func localTableNamesAreComparedAsSQLiteComparesThem() async throws {
        let bed = try SyncBed()
        let export = try await bed.export()
        #expect(try await bed.tally("a", ["pull", "--from", export]).status == 0)
        let text = try String(contentsOfFile: export, encoding: .utf8)
        for extra in [
            "CREATE TABLE \"TALLY_SYNC_DECISIONS\" (x INTEGER);",
            "CREATE VIEW tally_sync_origin AS SELECT 1 AS id;",
            "CREATE TABLE Tally_Sync_Version (layout INTEGER);",
        ] {
            try (text + extra + "\n").write(toFile: bed.path("odd.sql"), atomically: false, encoding: .utf8)
            let before = try NotesDatabase.bytes(bed.path("a"))
            let pulled = try await bed.tally("a", ["pull", "--from", "odd.sql"])
            #expect(pulled.status == 1, "\(extra): \(pulled.stderr)")
            #expect(
                pulled.stderr.contains("holds tally's local sync tables, so it is a dump of a local copy"),
                "\(extra): \(pulled.stderr)")
            #expect(try NotesDatabase.bytes(bed.path("a")) == before)
        }
        let approved = try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"])
        #expect(approved.status == 0, "\(approved.stderr)")
    }

    /// A D1 that holds tally's local tables (a local copy loaded into it): the query-API pull named its own
    /// scratch file (`.tally-pull-PID.sql`), which the user never gave, and advised the export route.
    @Test func aD1HoldingLocalTablesIsNamedAsTheWranglerPull() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "votes"]).status == 0)
        let schema = try await SQLiteShell.run(bed.path("a"), input: ".schema tally_sync_version\n")
        _ = try await SQLiteShell.run(bed.d1, input: schema)
        let before = try NotesDatabase.bytes(bed.path("a"))
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "votes"])
        #expect(pulled.status == 1)
        #expect(pulled.stderr.contains("wrangler d1 execute votes --remote"), "\(pulled.stderr)")
        #expect(!pulled.stderr.contains(".tally-pull-"), "\(pulled.stderr)")
        #expect(pulled.stderr.contains("drop them there"), "\(pulled.stderr)")
        #expect(try NotesDatabase.bytes(bed.path("a")) == before)
    }

    @Test func aDecisionRecordedUnderANameTallyNowRefusesBecomesANamedConflictNotASilentDrop() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "votes"]).status == 0)
        // As an older tally, which accepted bidi controls in names, would have recorded it.
        _ = try await SQLiteShell.run(
            bed.path("a"),
            input: "INSERT INTO tally_sync_decisions (note_id, version, action, from_status, to_status, moderator, "
                + "created_at, state) VALUES (4, 1, 'approve', 'pending', 'approved', 'mod' || char(8238) || 'a', "
                + "'2026-09-25 10:00:00', 'unpushed');\n")
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "votes"])
        #expect(pulled.status == 3)
        #expect(pulled.stdout.contains("it cannot be replayed"))
        #expect(try await bed.counts("a") == [0, 0, 0, 1])
    }
}
