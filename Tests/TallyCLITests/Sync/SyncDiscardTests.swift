import Foundation
import TallyCore
import TallySQLite
import Testing

/// `notes discard N` drops the conflicting decision and every later one made on top of it, and
/// says so; a decision made after one D1 did not take is never replayed or pushed on its own.
@Suite("Sync with D1: discard means discard", .serialized, .timeLimit(.minutes(10)))
struct SyncDiscardTests {
    /// Bob approves note 3 on D1; Alice approves and promotes it in her copy.
    static func aliceOnTopOfBob() async throws -> SyncBed {
        let bed = try SyncBed()
        for copy in ["a", "b"] { #expect(try await bed.tally(copy, ["pull", "--wrangler", "prod"]).status == 0) }
        #expect(try await bed.tally("b", ["notes", "approve", "3", "--as", "bob"]).status == 0)
        #expect(try await bed.tally("b", ["push", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "promote", "3", "--as", "alice"]).status == 0)
        return bed
    }

    /// D1 holds the note and its options as Bob left it: approved by him, not promoted.
    static func expectBobsNote(_ bed: SyncBed) async throws {
        #expect(
            try await bed.rows(
                "d1.sqlite", "SELECT status, reviewed_by, version, promoted_option_id FROM suggestions WHERE id = 3")
                == [["approved", "bob", "1", ""]])
        try await bed.expectD1Consistent()
    }

    /// The old pull made Alice's approval a conflict but replayed her promotion onto Bob's approval
    /// ("1 replayed"), and the next push promoted the note; discard then said "the note stays as D1 has it".
    @Test func thePullDoesNotReplayAPromotionMadeOnTopOfAConflictAndDiscardDropsBoth() async throws {
        let bed = try await Self.aliceOnTopOfBob()
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(pulled.status == 3)
        #expect(pulled.stdout.contains("0 replayed"), "\(pulled.stdout)")
        #expect(pulled.stdout.contains("it was made after your approve at version 1, which D1 did not take"))
        #expect(try await bed.counts("a") == [0, 0, 0, 2])
        let discarded = try await bed.tally("a", ["notes", "discard", "3"])
        #expect(discarded.status == 0)
        #expect(discarded.stdout.hasPrefix("Dropped 2 local decision(s) on note 3: approve by 'alice' at "))
        #expect(discarded.stdout.contains("; promote by 'alice' at "))
        #expect(discarded.stdout.hasSuffix("They will not be pushed.\nNote 3 is as D1 has it in this copy.\n"))
        #expect(try await bed.counts("a") == [0, 0, 0, 0])
        #expect(try await bed.tally("a", ["push", "--wrangler", "prod"]).stdout.contains("Nothing new to push."))
        try await Self.expectBobsNote(bed)
    }

    /// Pushed without a pull: the old push applied her promotion on top of Bob's approval (same
    /// status and version) and confirmed it.
    @Test func thePushDoesNotApplyAPromotionOnTopOfAnotherModeratorsApproval() async throws {
        let bed = try await Self.aliceOnTopOfBob()
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 3, "\(pushed.stdout)\(pushed.stderr)")
        #expect(pushed.stdout.contains("D1 confirmed 0; 2 conflict(s)."))
        #expect(pushed.stdout.contains("it was made after your approve at version 1, which D1 did not take"))
        try await Self.expectBobsNote(bed)
        // The copy still shows her promotion: discard says so, and the next pull brings D1's note.
        let discarded = try await bed.tally("a", ["notes", "discard", "3"])
        #expect(
            discarded.stdout.hasSuffix(
                "This copy still shows your decision on note 3 until `tally pull` brings D1's note.\n"))
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(
            try await bed.rows("a", "SELECT reviewed_by, promoted_option_id FROM suggestions WHERE id = 3") == [
                ["bob", ""]
            ])
        #expect(try await bed.counts("a") == [0, 0, 0, 0])
    }

    /// Issue 45 item 9: after a discard and before a pull, a decision on the note as the copy still shows it
    /// (her dropped promotion) was accepted, and the push then blamed "deleted or changed without a logged
    /// decision". It is refused (a conflict, exit 3) naming the pull; after the pull it is taken and confirmed.
    @Test func aDecisionOnADroppedDecisionBeforeAPullIsRefusedAndNamesThePull() async throws {
        let bed = try await Self.aliceOnTopOfBob()
        #expect(try await bed.tally("a", ["push", "--wrangler", "prod"]).status == 3)
        #expect(try await bed.tally("a", ["notes", "discard", "3"]).status == 0)
        let early = try await bed.tally("a", ["notes", "reopen", "3", "--reason", "look again", "--as", "alice"])
        #expect(early.status == 3, "\(early.stdout)\(early.stderr)")
        #expect(
            early.stderr.contains("was taken back (withdrawn or discarded) and will never be on D1"), "\(early.stderr)")
        #expect(early.stderr.contains("Run `tally pull` first"), "\(early.stderr)")
        #expect(try await bed.counts("a") == [0, 0, 0, 0], "nothing was recorded")
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        let decided = try await bed.tally("a", ["notes", "reopen", "3", "--reason", "look again", "--as", "alice"])
        #expect(decided.status == 0, "\(decided.stdout)\(decided.stderr)")
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 0, "\(pushed.stdout)\(pushed.stderr)")
        #expect(!pushed.stdout.contains("without a logged decision"), "\(pushed.stdout)")
        #expect(
            try await bed.rows("d1.sqlite", "SELECT status, reviewed_by, version FROM suggestions WHERE id = 3")
                == [["pending", "alice", "2"]])
        try await bed.expectD1Consistent()
    }
}
