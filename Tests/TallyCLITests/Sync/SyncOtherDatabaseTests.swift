import Foundation
import TallyCore
import TallySQLite
import Testing

/// A pull from another database is refused (#45 item 4): the copy remembers the D1 it came from; a
/// pull or push naming another is refused before anything is fetched or sent; `--switch-database`
/// switches and says so; and every pull examines open conflicts again, so that after a pull of the
/// wrong database then the right one the decisions are no longer "deleted there" and push sends them.
@Suite("Sync with D1: another database is refused", .serialized, .timeLimit(.minutes(10)))
struct SyncOtherDatabaseTests {
    /// The demo D1 `prod` pulled into `a`, note 3 approved there (unpushed); an empty D1 with tally's
    /// schema (`wrong.sqlite`), as the wrong database.
    static func bed() async throws -> SyncBed {
        let bed = try SyncBed()
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        try DatabaseFile.build(at: bed.path("wrong")) { db in try Migrator().migrate(db) }
        return bed
    }

    static func wrong(_ bed: SyncBed) -> [String: String] { ["TALLY_TEST_D1": bed.path("wrong")] }

    @Test func aPullOrPushOfAnotherDatabaseIsRefused() async throws {
        let bed = try await Self.bed()
        let before = try NotesDatabase.bytes(bed.path("a"))
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "staging"], env: Self.wrong(bed))
        #expect(pulled.status == 1, "\(pulled.stdout)\(pulled.stderr)")
        #expect(
            pulled.stderr.contains("this copy came from the D1 database 'prod', not 'staging'; nothing was fetched"),
            "\(pulled.stderr)")
        #expect(pulled.stderr.contains("--switch-database"), "\(pulled.stderr)")
        #expect(!pulled.stderr.contains("notes discard"), "\(pulled.stderr)")
        #expect(try NotesDatabase.bytes(bed.path("a")) == before)
        #expect(!FileManager.default.fileExists(atPath: bed.path("wrong") + ".calls"), "nothing was fetched")

        let pushed = try await bed.tally("a", ["push", "--wrangler", "staging"], env: Self.wrong(bed))
        #expect(pushed.status == 1, "\(pushed.stdout)\(pushed.stderr)")
        #expect(pushed.stderr.contains("nothing was sent"), "\(pushed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: bed.path("wrong") + ".calls"), "nothing was sent")
        #expect(try await bed.counts("a") == [1, 0, 0, 0])

        // The copy's own database still pulls and pushes.
        let own = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(own.status == 0, "\(own.stdout)\(own.stderr)")
        #expect(try await bed.counts("a") == [0, 0, 1, 0])
    }

    /// The sequence, deliberately: a switch to the wrong database makes the decision a conflict
    /// ("deleted there", without advising to discard it); switching back re-examines it, and push sends it.
    @Test func conflictsAreExaminedAgainByEveryPull() async throws {
        let bed = try await Self.bed()
        let switched = try await bed.tally(
            "a", ["pull", "--wrangler", "staging", "--switch-database", "--discard-votes"], env: Self.wrong(bed))
        #expect(switched.status == 3, "\(switched.stdout)\(switched.stderr)")
        #expect(
            switched.stderr.contains(
                "warning: the copy came from the D1 database 'prod'; it now holds 'staging''s data"),
            "\(switched.stderr)")
        #expect(!switched.stdout.contains("notes discard"), "\(switched.stdout)")
        #expect(!switched.stderr.contains("notes discard"), "\(switched.stderr)")
        #expect(try await bed.counts("a") == [0, 0, 0, 1])
        let status = try await bed.tally("a", ["status"])
        #expect(!status.stdout.contains("notes discard"), "\(status.stdout)")
        #expect(
            status.stdout.contains("or not in the data of 'staging', the database this pull switched to"),
            "\(status.stdout)")
        #expect(status.stdout.contains("The copy is D1 database 'staging''s"), "\(status.stdout)")

        // Back to prod: refused without the flag, then switched; the conflict's reason is gone.
        let refused = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(refused.status == 1, "\(refused.stderr)")
        let back = try await bed.tally("a", ["pull", "--wrangler", "prod", "--switch-database"])
        #expect(back.status == 0, "\(back.stdout)\(back.stderr)")
        #expect(back.stdout.contains("1 conflict(s) no longer hold on D1's data (note(s) 3)"), "\(back.stdout)")
        #expect(try await bed.counts("a") == [1, 0, 0, 0])

        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 0, "\(pushed.stdout)\(pushed.stderr)")
        #expect(pushed.stdout.contains("D1 confirmed 1"), "\(pushed.stdout)")
        #expect(
            try await bed.rows("d1.sqlite", "SELECT status, reviewed_by FROM suggestions WHERE id = 3")
                == [["approved", "alice"]])
        try await bed.expectD1Consistent()
    }

    /// A conflict whose reason still holds stays one, with that reason, and is not new (exit 0).
    @Test func aConflictThatStillHoldsStaysWithoutExit3() async throws {
        let bed = try await Self.bed()
        _ = try await SQLiteShell.run(
            bed.d1,
            input: """
                UPDATE suggestions SET status = 'rejected', version = version + 1, reviewed_by = 'bob',
                  reviewed_at = '2026-09-30 10:00:00' WHERE id = 3;
                INSERT INTO moderation_log (suggestion_id, version, action, from_status, to_status, moderator,
                  reason, created_at)
                SELECT id, version, 'reject', 'pending', 'rejected', 'bob', 'dup', '2026-09-30 10:00:00'
                  FROM suggestions WHERE id = 3;
                """)
        let first = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(first.status == 3, "\(first.stdout)\(first.stderr)")
        let second = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(!second.stdout.contains("no longer hold"), "\(second.stdout)")
        let json = try await bed.status("a")
        let conflicts = try #require(json["conflicts"] as? [[String: Any]])
        #expect(conflicts.count == 1)
        #expect((conflicts.first?["detail"] as? String)?.contains("D1 holds another decision at version") == true)
    }
}
