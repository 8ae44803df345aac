import Foundation
import TallyCore
import TallySQLite
import Testing

/// Issue 10, deliverable 6: two moderators, two copies, one D1, pulls and pushes
/// interleaved in several orders. Every decision ends confirmed or a named
/// conflict; D1 ends with one decision per transition and a log entry for each.
@Suite("Sync with D1: two moderators, interleaved", .serialized, .timeLimit(.minutes(10)))
struct SyncInterleavingTests {
    @Test func differentNotesPushPullPushPullEndsAllConfirmed() async throws {
        let bed = try SyncBed()
        for copy in ["a", "b"] { #expect(try await bed.tally(copy, ["pull", "--wrangler", "prod"]).status == 0) }
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "reject", "4", "--as", "bob", "--reason", "off topic"]).status == 0)
        #expect(try await bed.tally("a", ["push", "--wrangler", "prod"]).status == 0)
        // Bob pulls before pushing: his rejection is replayed onto D1's data, Alice's approval is in it.
        let pulled = try await bed.tally("b", ["pull", "--wrangler", "prod"])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(pulled.stdout.contains("1 replayed"))
        #expect(
            try await bed.rows("b", "SELECT id, status FROM suggestions WHERE id IN (3, 4) ORDER BY id")
                == [["3", "approved"], ["4", "rejected"]])
        #expect(try await bed.tally("b", ["push", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.counts("a") == [0, 0, 1, 0])
        #expect(try await bed.counts("b") == [0, 0, 1, 0])
        #expect(
            try await bed.rows("a", "SELECT status, reviewed_by FROM suggestions WHERE id = 4") == [
                ["rejected", "bob"]
            ])
        try await bed.expectD1Consistent()
    }

    @Test func sameNoteTheLaterPusherPullsSeesTheConflictAndSettlesByDecidingAgain() async throws {
        let bed = try SyncBed()
        for copy in ["a", "b"] { #expect(try await bed.tally(copy, ["pull", "--wrangler", "prod"]).status == 0) }
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "reject", "3", "--as", "bob", "--reason", "dup"]).status == 0)
        #expect(try await bed.tally("b", ["push", "--wrangler", "prod"]).status == 0)
        // Alice pulls first: her approval is not applied onto Bob's rejection; exit 3 names both.
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(pulled.status == 3)
        #expect(pulled.stdout.contains("Conflict on note 3: yours approve by 'alice'"))
        #expect(pulled.stdout.contains("D1 has reject by 'bob'"))
        #expect(pulled.stderr.contains("1 new conflict(s)"))
        #expect(
            try await bed.rows("a", "SELECT status, reviewed_by FROM suggestions WHERE id = 3") == [
                ["rejected", "bob"]
            ])
        // A second pull finds no new conflict (exit 0) and keeps the open one.
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.counts("a") == [0, 0, 0, 1])
        // She decides again, on the note as D1 has it: the conflict is settled, the new decisions pushed.
        #expect(
            try await bed.tally("a", ["notes", "reopen", "3", "--as", "alice", "--reason", "it is not a dup"]).status
                == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.counts("a") == [2, 0, 0, 0])
        #expect(try await bed.tally("a", ["push", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.counts("a") == [0, 0, 2, 0])
        #expect(
            try await bed.rows(
                "d1.sqlite",
                "SELECT version, action, moderator FROM moderation_log WHERE suggestion_id = 3 ORDER BY version")
                == [["1", "reject", "bob"], ["2", "reopen", "alice"], ["3", "approve", "alice"]])
        try await bed.expectD1Consistent()
    }

    @Test func bothPushThroughWranglerWithoutPullingThenBothPull() async throws {
        let bed = try SyncBed()
        for copy in ["a", "b"] { #expect(try await bed.tally(copy, ["pull", "--wrangler", "prod"]).status == 0) }
        #expect(try await bed.tally("a", ["notes", "reject", "3", "--as", "alice", "--reason", "no"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "4", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "approve", "4", "--as", "bob"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "approve", "3", "--as", "bob"]).status == 0)
        #expect(try await bed.tally("b", ["notes", "promote", "3", "--as", "bob"]).status == 0)
        // Bob pushes first and everything of his applies; every one of Alice's is then a named conflict.
        #expect(try await bed.tally("b", ["push", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("a", ["push", "--wrangler", "prod"]).status == 3)
        #expect(try await bed.counts("b") == [0, 0, 3, 0])
        #expect(try await bed.counts("a") == [0, 0, 0, 2])
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("b", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.counts("a") == [0, 0, 0, 2])
        #expect(try await bed.counts("b") == [0, 0, 3, 0])
        #expect(
            try await bed.rows("d1.sqlite", "SELECT count(*) FROM moderation_log WHERE suggestion_id IN (3, 4)") == [
                ["3"]
            ])
        #expect(
            try await bed.rows(
                "d1.sqlite", "SELECT count(*) FROM suggestions WHERE promoted_option_id IS NOT NULL AND id = 3")
                == [["1"]])
        try await bed.expectD1Consistent()
    }

    @Test func aDecisionMadeWhileAPullReplacesTheFileIsRefusedNotLost() async throws {
        let bed = try SyncBed()
        #expect(try await bed.tally("a", ["pull", "--from", try await bed.export()]).status == 0)
        // A moderator's command opened the database before the pull renamed a new one into place.
        let store = try ModerationStore(DatabaseFile.openForWriting(bed.path("a")))
        #expect(try await bed.tally("a", ["pull", "--from", bed.path("export.sql")]).status == 0)
        let request = DecisionRequest(
            noteID: 3, action: .approve, moderator: try Moderator("late"), actedOnVersion: 0, actedOnState: .pending,
            time: Instant(seconds: 1_790_000_000))
        #expect(throws: ModerationError.databaseReplaced(bed.path("a"))) { try store.decide(request) }
        #expect(try await bed.rows("a", "SELECT status FROM suggestions WHERE id = 3") == [["pending"]])
    }

    @Test func bothPromoteTheSameNoteThroughFilesTheSecondIsANamedConflictNotASilentDrop() async throws {
        let bed = try SyncBed()
        let export = try await bed.export()
        for (copy, name) in [("a", "alice"), ("b", "bob")] {
            #expect(try await bed.tally(copy, ["pull", "--from", export]).status == 0)
            #expect(try await bed.tally(copy, ["notes", "approve", "3", "--as", name]).status == 0)
            #expect(try await bed.tally(copy, ["notes", "promote", "3", "--as", name]).status == 0)
        }
        for copy in ["a", "b"] {
            #expect(try await bed.tally(copy, ["push", "--output", "\(copy).sql"]).status == 0)
            // Both files apply with exit 0: the second one's guards skip everything.
            let input = "PRAGMA foreign_keys = ON;\n.read '\(bed.path("\(copy).sql"))'\n"
            _ = try await SQLiteShell.run(bed.d1, input: input, arguments: ["-bail"])
        }
        try await bed.expectD1Consistent()
        #expect(
            try await bed.rows("d1.sqlite", "SELECT count(*) FROM survey_options WHERE section = 'community'") == [
                ["3"]
            ])
        let newExport = try await bed.export("export2.sql")
        #expect(try await bed.tally("a", ["pull", "--from", newExport]).status == 0)
        #expect(try await bed.counts("a") == [0, 0, 2, 0])
        // Bob's copy no longer claims an option of its own: it shows Alice's, and his two decisions as conflicts.
        let b = try await bed.tally("b", ["pull", "--from", newExport])
        #expect(b.status == 3)
        #expect(try await bed.counts("b") == [0, 0, 0, 2])
        #expect(try await bed.rows("b", "SELECT reviewed_by FROM suggestions WHERE id = 3") == [["alice"]])
        #expect(try await bed.rows("b", "SELECT count(*) FROM survey_options WHERE section = 'community'") == [["3"]])
    }
}
