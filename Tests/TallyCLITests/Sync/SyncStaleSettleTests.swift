import Foundation
import TallyCore
import TallySQLite
import Testing

/// A conflict is settled only by deciding on the note as D1 has it: a copy that has not pulled
/// since the push found the conflict still shows the moderator's own decision, and a decision made
/// there is refused with the advice to pull first.
@Suite("Sync with D1: no settling a conflict on a stale copy", .serialized, .timeLimit(.minutes(10)))
struct SyncStaleSettleTests {
    /// Bob rejects note 3 on D1; Alice's approval of it is found in conflict by her push.
    static func aliceInConflict() async throws -> SyncBed {
        let bed = try SyncBed()
        for copy in ["a", "b"] { #expect(try await bed.tally(copy, ["pull", "--wrangler", "prod"]).status == 0) }
        #expect(try await bed.tally("b", ["notes", "reject", "3", "--as", "bob", "--reason", "spam"]).status == 0)
        #expect(try await bed.tally("b", ["push", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("a", ["push", "--wrangler", "prod"]).status == 3)
        return bed
    }

    /// The old code accepted the promotion and marked the conflict settled (status: 0 conflicts);
    /// the push then said "no trace on D1" and the pull "changed without a log entry (outside tally)".
    @Test func decidingBeforePullingIsRefusedAndTheConflictStaysOpen() async throws {
        let bed = try await Self.aliceInConflict()
        let promoted = try await bed.tally("a", ["notes", "promote", "3", "--as", "alice"])
        #expect(promoted.status == 3, "\(promoted.stdout)\(promoted.stderr)")
        #expect(
            promoted.stderr.contains(
                "note 3 is in conflict with D1: your approve by 'alice' at "), "\(promoted.stderr)")
        #expect(promoted.stderr.contains("D1 holds reject by 'bob' at "), "\(promoted.stderr)")
        #expect(promoted.stderr.contains("Run `tally pull` first"), "\(promoted.stderr)")
        #expect(
            try await bed.rows("a", "SELECT status, promoted_option_id FROM suggestions WHERE id = 3") == [
                ["approved", ""]
            ])
        #expect(try await bed.counts("a") == [0, 0, 0, 1], "the conflict is still open")
        // After the pull the copy shows D1's note: deciding again on it settles the conflict.
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(!pulled.stdout.contains("outside tally"), "\(pulled.stdout)")
        let reopened = try await bed.tally("a", ["notes", "reopen", "3", "--as", "alice", "--reason", "not spam"])
        #expect(reopened.status == 0, "\(reopened.stderr)")
        #expect(try await bed.counts("a") == [1, 0, 0, 0])
        #expect(try await bed.tally("a", ["push", "--wrangler", "prod"]).status == 0)
        #expect(
            try await bed.rows("d1.sqlite", "SELECT status, reviewed_by, version FROM suggestions WHERE id = 3")
                == [["pending", "alice", "2"]])
        try await bed.expectD1Consistent()
    }
}
