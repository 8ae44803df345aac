import Foundation
import Testing

/// `tally notes undo N`: the latest decision on a note, while unsent, is withdrawn (kept in the
/// ledger as dropped), never reaches D1, and the next pull shows the note as D1 has it with the
/// other unsent decisions replayed; a sent decision cannot be undone.
@Suite("Sync: undoing an unsent decision", .serialized, .timeLimit(.minutes(10)))
struct SyncUndoTests {
    static let option =
        "SELECT o.content FROM suggestions s JOIN survey_options o ON o.id = s.promoted_option_id WHERE s.id = 3"

    @Test func anUnsentPromotionIsWithdrawnAndNeverReachesD1() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "promote", "3", "--as", "alice", "--label", "Pets"]).status == 0)
        let undo = try await bed.tally("a", ["notes", "undo", "3"])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stdout.contains("Withdrew promote by 'alice'"), "\(undo.stdout)")
        #expect(undo.stdout.contains("until `tally pull` brings D1's note"), "\(undo.stdout)")
        #expect(
            try await bed.rows("a", "SELECT action, state FROM tally_sync_decisions WHERE note_id = 3 ORDER BY seq")
                == [["approve", "unpushed"], ["promote", "dropped"]])
        #expect(try await bed.tally("a", ["push", "--wrangler", "votes"]).status == 0)
        #expect(
            try await bed.rows("d1.sqlite", "SELECT status, version FROM suggestions WHERE id = 3") == [
                ["approved", "1"]
            ])
        #expect(
            try await bed.rows("d1.sqlite", "SELECT count(*) FROM survey_options WHERE content = 'Pets'") == [["0"]])
        #expect(try await bed.tally("a", ["pull", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.rows("a", Self.option).isEmpty, "the copy shows the note as D1 has it")
        #expect(try await bed.rows("a", "SELECT status, version FROM suggestions WHERE id = 3") == [["approved", "1"]])
        #expect(
            try await bed.rows("a", "SELECT action, state FROM tally_sync_decisions WHERE note_id = 3 ORDER BY seq")
                == [["approve", "confirmed"], ["promote", "dropped"]], "the withdrawn decision is kept")
        // Promoted again with the right label, it is sent as any decision.
        #expect(
            try await bed.tally("a", ["notes", "promote", "3", "--as", "alice", "--label", "Pets & animals"]).status
                == 0)
        #expect(try await bed.tally("a", ["push", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.rows("d1.sqlite", Self.option) == [["Pets & animals"]])
        try await bed.expectD1Consistent()
    }

    @Test func aSentDecisionCannotBeUndone() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "votes"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("a", ["push", "--wrangler", "votes"]).status == 0)
        let undo = try await bed.tally("a", ["notes", "undo", "3"])
        #expect(undo.status == 1)
        #expect(undo.stderr.contains("note 3 has no unsent decision to undo"), "\(undo.stderr)")
        let counts = try await bed.counts("a")
        #expect(counts == [0, 1, 0, 0] || counts == [0, 0, 1, 0])
    }
}
