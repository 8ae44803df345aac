import Foundation
import TallyCore
import TallySQLite
import Testing

/// A guarded UPDATE checks the log as well as the row (#38): a note put back on D1 outside tally
/// after a logged decision never takes another decision at that version, so a note and its log
/// never disagree on D1.
@Suite("Sync with D1: guards that check the log", .serialized, .timeLimit(.minutes(10)))
struct SyncLogGuardTests {
    /// bob rejects note 3 and pushes; on D1 the note is put back to pending v0 by hand (its log keeps
    /// bob's reject at v1); alice approves it at v0. The old guard matched the row (pending, v0),
    /// updated it to `approved v1 alice` and skipped her log entry: D1 said approved, its log rejected.
    @Test func aNotePutBackAfterALoggedDecisionDoesNotTakeAnotherAtThatVersion() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("alice", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("bob", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(
            try await bed.tally("bob", ["notes", "reject", "3", "--as", "bob", "--reason", "off topic"]).status == 0)
        #expect(try await bed.tally("bob", ["push", "--wrangler", "prod"]).status == 0)
        _ = try await SQLiteShell.run(
            bed.d1,
            input: "UPDATE suggestions SET status = 'pending', version = 0, reviewed_by = NULL, reviewed_at = NULL, "
                + "review_reason = NULL WHERE id = 3;")
        #expect(try await bed.tally("alice", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        let pushed = try await bed.tally("alice", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 3, "\(pushed.stdout)\(pushed.stderr)")
        #expect(pushed.stdout.contains("D1 confirmed 0; 1 conflict(s)."), "\(pushed.stdout)")
        #expect(pushed.stdout.contains("D1 has reject by 'bob'"), "\(pushed.stdout)")
        // D1's note is as it was put back, and its log holds bob's reject alone.
        #expect(
            try await bed.rows(
                "d1.sqlite", "SELECT status, version, coalesce(reviewed_by, '-') FROM suggestions WHERE id = 3")
                == [["pending", "0", "-"]])
        #expect(
            try await bed.rows(
                "d1.sqlite", "SELECT action, moderator, version FROM moderation_log WHERE suggestion_id = 3")
                == [["reject", "bob", "1"]])
        // Discarding her decision leaves nothing of it on D1.
        #expect(try await bed.tally("alice", ["notes", "discard", "3"]).status == 0)
        #expect(try await bed.rows("d1.sqlite", "SELECT status FROM suggestions WHERE id = 3") == [["pending"]])
    }
}
