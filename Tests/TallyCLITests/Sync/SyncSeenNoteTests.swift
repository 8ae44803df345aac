import Foundation
import TallyCore
import TallySQLite
import Testing

/// A decision lands only on the note the moderator read: D1 editing a note's text, or deleting it
/// and giving its id to a new note, between pull and push is a named conflict (exit 3) that shows
/// both texts, on the push path and on the pull's replay; nothing applies to the new text.
@Suite("Sync with D1: decisions guarded by the note that was read", .serialized, .timeLimit(.minutes(10)))
struct SyncSeenNoteTests {
    /// D1 with a pending note 7 (the highest id, so a new note without an id takes 7 again).
    static func bed() async throws -> SyncBed {
        let bed = try SyncBed()
        _ = try await SQLiteShell.run(
            bed.d1,
            input: "INSERT INTO suggestions (id, session_id, content, created_at) "
                + "VALUES (7, 'sess-7', 'a note about dogs', '2026-09-26 10:00:00');")
        return bed
    }

    /// The issue's case: approve + promote note 3 and approve note 7; meanwhile on D1 note 3's text
    /// is edited, note 7 deleted and a new note takes id 7.
    static func decideThenChangeD1(_ bed: SyncBed) async throws {
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "promote", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "7", "--as", "alice"]).status == 0)
        _ = try await SQLiteShell.run(
            bed.d1,
            input: """
                UPDATE suggestions SET content = 'EDITED: vote for spam.example' WHERE id = 3;
                DELETE FROM suggestions WHERE id = 7;
                INSERT INTO suggestions (session_id, content) VALUES ('x', 'unreviewed newcomer');
                """)
        #expect(try await bed.rows("d1.sqlite", "SELECT max(id) FROM suggestions") == [["7"]])
    }

    /// Nothing of the three decisions reached D1's notes or options.
    static func expectD1Untouched(_ bed: SyncBed) async throws {
        #expect(
            try await bed.rows(
                "d1.sqlite", "SELECT id, status, version FROM suggestions WHERE id IN (3, 7) ORDER BY id")
                == [["3", "pending", "0"], ["7", "pending", "0"]])
        #expect(
            try await bed.rows("d1.sqlite", "SELECT count(*) FROM survey_options WHERE content LIKE 'EDITED%'") == [
                ["0"]
            ])
        #expect(
            try await bed.rows("d1.sqlite", "SELECT count(*) FROM moderation_log WHERE suggestion_id IN (3, 7)") == [
                ["0"]
            ])
        try await bed.expectD1Consistent()
    }

    /// Each conflict shows the text the moderator read and D1's.
    static func expectBothTexts(_ output: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            output.contains("you read '可以加一個「寵物」的選項嗎？'; D1 has 'EDITED: vote for spam.example'"),
            sourceLocation: sourceLocation)
        #expect(
            output.contains("you read 'a note about dogs'; D1 has 'unreviewed newcomer'"),
            sourceLocation: sourceLocation)
    }

    @Test func aPushOntoAnEditedOrReplacedNoteIsANamedConflictShowingBothTexts() async throws {
        let bed = try await Self.bed()
        try await Self.decideThenChangeD1(bed)
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 3, "\(pushed.stdout)\(pushed.stderr)")
        #expect(pushed.stdout.contains("D1 confirmed 0; 3 conflict(s)."), "\(pushed.stdout)")
        Self.expectBothTexts(pushed.stdout)
        #expect(pushed.stderr.contains("3 new conflict(s)"))
        try await Self.expectD1Untouched(bed)
        #expect(try await bed.counts("a") == [0, 0, 0, 3])
    }

    @Test func aPullDoesNotReplayOntoAnEditedOrReplacedNote() async throws {
        let bed = try await Self.bed()
        try await Self.decideThenChangeD1(bed)
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(pulled.status == 3, "\(pulled.stdout)\(pulled.stderr)")
        #expect(pulled.stdout.contains("0 replayed"), "\(pulled.stdout)")
        Self.expectBothTexts(pulled.stdout)
        // The local copy shows D1's notes as they are, undecided; no option took the edited text.
        #expect(
            try await bed.rows("a", "SELECT id, status, version FROM suggestions WHERE id IN (3, 7) ORDER BY id")
                == [["3", "pending", "0"], ["7", "pending", "0"]])
        #expect(try await bed.rows("a", "SELECT count(*) FROM survey_options WHERE content LIKE 'EDITED%'") == [["0"]])
        #expect(try await bed.counts("a") == [0, 0, 0, 3])
        // Nothing is pushed from it: the three wait as conflicts.
        #expect(try await bed.tally("a", ["push", "--wrangler", "prod"]).stdout.contains("Nothing new to push."))
        try await Self.expectD1Untouched(bed)
    }

    /// Same text, another author session (the note deleted and written again by someone else).
    @Test func theSameTextFromAnotherSessionIsNotTheNoteThatWasRead() async throws {
        let bed = try await Self.bed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "7", "--as", "alice"]).status == 0)
        _ = try await SQLiteShell.run(bed.d1, input: "UPDATE suggestions SET session_id = 'other' WHERE id = 7;")
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 3)
        #expect(pushed.stdout.contains("its text is the same but its author or creation time is not"))
        #expect(try await bed.rows("d1.sqlite", "SELECT status FROM suggestions WHERE id = 7") == [["pending"]])
    }

    /// The push file (`--output`) carries the same guard: applied by hand to the changed D1, it
    /// changes nothing, and the next pull names the conflicts.
    @Test func thePushFileAppliedByHandSkipsAChangedNote() async throws {
        let bed = try await Self.bed()
        try await Self.decideThenChangeD1(bed)
        #expect(try await bed.tally("a", ["push", "--output", "push.sql"]).status == 0)
        _ = try await SQLiteShell.run(
            bed.d1, input: "PRAGMA foreign_keys = ON;\n.read '\(bed.path("push.sql"))'\n", arguments: ["-bail"])
        try await Self.expectD1Untouched(bed)
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(pulled.status == 3)
        #expect(try await bed.counts("a") == [0, 0, 0, 3])
    }
}

/// Promotions pushed to D1 take the option id D1 gives them: neither another moderator's
/// promotion nor an option the vote page added since the pull collides with them.
@Suite("Sync with D1: option ids assigned by D1", .serialized, .timeLimit(.minutes(10)))
struct SyncOptionIDTests {
    @Test func threeModeratorsPromoteBetweenPullsAndEveryPromotionIsConfirmed() async throws {
        let bed = try await SyncSeenNoteTests.bed()
        let moderators = [("a", "alice", "3"), ("b", "bob", "4"), ("c", "carol", "7")]
        for (copy, name, note) in moderators {
            #expect(try await bed.tally(copy, ["pull", "--wrangler", "prod"]).status == 0)
            #expect(try await bed.tally(copy, ["notes", "approve", note, "--as", name]).status == 0)
            #expect(try await bed.tally(copy, ["notes", "promote", note, "--as", name]).status == 0)
        }
        // Every copy picked the same next id for its option.
        for (copy, _, note) in moderators {
            #expect(
                try await bed.rows(copy, "SELECT promoted_option_id FROM suggestions WHERE id = \(note)") == [["8"]])
        }
        for (copy, _, _) in moderators {
            let pushed = try await bed.tally(copy, ["push", "--wrangler", "prod"])
            #expect(pushed.status == 0, "\(pushed.stdout)\(pushed.stderr)")
            #expect(pushed.stdout.contains("D1 confirmed 2; 0 conflict(s)."), "\(pushed.stdout)")
        }
        #expect(
            try await bed.rows(
                "d1.sqlite",
                "SELECT s.id, o.id, o.content = s.content FROM suggestions s JOIN survey_options o "
                    + "ON o.id = s.promoted_option_id WHERE s.id IN (3, 4, 7) ORDER BY s.id")
                == [["3", "8", "1"], ["4", "9", "1"], ["7", "10", "1"]])
        #expect(
            try await bed.rows(
                "d1.sqlite",
                "SELECT suggestion_id, option_id FROM moderation_log WHERE action = 'promote' "
                    + "AND suggestion_id IN (3, 4, 7) ORDER BY suggestion_id") == [
                    ["3", "8"], ["4", "9"], ["7", "10"],
                ])
        try await bed.expectD1Consistent()
        // Each copy learns D1's id at its next pull.
        for (copy, _, note) in moderators {
            #expect(try await bed.tally(copy, ["pull", "--wrangler", "prod"]).status == 0)
            #expect(try await bed.counts(copy) == [0, 0, 2, 0])
        }
        #expect(try await bed.rows("b", "SELECT promoted_option_id FROM suggestions WHERE id = 4") == [["9"]])
        #expect(try await bed.rows("c", "SELECT promoted_option_id FROM suggestions WHERE id = 7") == [["10"]])
    }

    @Test func anOptionTheVotePageAddedSinceThePullDoesNotCollide() async throws {
        let bed = try await SyncSeenNoteTests.bed()
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "promote", "3", "--as", "alice"]).status == 0)
        _ = try await SQLiteShell.run(
            bed.d1, input: "INSERT INTO survey_options (content, section) VALUES ('added by the page', 'original');")
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 0, "\(pushed.stdout)\(pushed.stderr)")
        #expect(
            try await bed.rows("d1.sqlite", "SELECT promoted_option_id FROM suggestions WHERE id = 3") == [["9"]])
        #expect(
            try await bed.rows("d1.sqlite", "SELECT content FROM survey_options WHERE id = 8") == [
                ["added by the page"]
            ])
        // Sending it again changes nothing: no second option.
        #expect(try await bed.tally("a", ["push", "--wrangler", "prod", "--again"]).status == 0)
        #expect(try await bed.rows("d1.sqlite", "SELECT count(*) FROM survey_options") == [["9"]])
        try await bed.expectD1Consistent()
    }
}
