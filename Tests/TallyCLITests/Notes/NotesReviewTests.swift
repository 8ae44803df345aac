import Foundation
import TallyCore
import TallySQLite
import Testing

@Suite("notes review", .timeLimit(.minutes(10)))
struct NotesReviewTests {
    /// The demo (pending notes 3 and 4) plus two more pending notes from note 3's session.
    static func database() throws -> (TemporaryDirectory, String) {
        let folder = try TemporaryDirectory()
        let path = folder.path("review.sqlite")
        try DatabaseFile.build(at: path) { db in
            try Demo.write(into: db)
            let session = Demo.sessions["s11"]!
            try db.execute(
                """
                INSERT INTO suggestions (id, session_id, content, created_at) VALUES
                  (7, ?, '再加一個「寵物」\u{1B}[5m', '2026-09-25 01:00:00'),
                  (8, ?, 'also: pets | animals', '2026-09-25 02:00:00')
                """, [.text(session), .text(session)])
        }
        return (folder, path)
    }

    @Test func pipedKeysDriveTheQueue() async throws {
        let (folder, path) = try Self.database()
        // note 3: help, an unknown key, approve; note 4: reject with an empty reason
        // (cancelled), then reject with a reason; note 7: skip; note 8: quit.
        let keys = "?\nx\na\nr\n\nR\nduplicate | of #3\ns\nq\n"
        let result = try await TallyProcess.run(["notes", "review", "--db", path, "--as", "rev"], stdin: keys)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(!result.stdout.contains("Decision [a/r/p/s/q/?]:"), "no prompts when stdin is not a terminal")
        #expect(result.stdout.contains("4 pending notes. Reviewing as rev."))
        #expect(result.stdout.contains("Unknown key 'x': press a, r, p, s, q, or ? for help."))
        #expect(result.stdout.contains("r  reject it (you are asked for the reason; an empty reason cancels)"))
        #expect(result.stdout.contains("Approved note 3 as rev (version 0 → 1)."))
        #expect(result.stdout.contains("A reason is required to reject; note 4 was not rejected. Choose again."))
        #expect(result.stdout.contains("Rejected note 4 as rev (version 0 → 1)."))
        #expect(result.stdout.contains("Skipped note 7."))
        #expect(
            result.stdout.hasSuffix(
                "Done: 1 approved, 1 rejected, 1 skipped, 0 conflicts; 2 notes pending.\n"
                    + "The decisions are recorded in this copy only; `tally push` sends them to D1.\n"))
        // The author's other notes are shown with each note, escaped.
        #expect(result.stdout.contains("#7  pending   再加一個「寵物」␛[5m"))
        #expect(!result.stdout.unicodeScalars.contains("\u{1B}"))

        let store = try ModerationStore(Connection(path: path))
        #expect(try store.note(3)?.state == .approved)
        let rejected = try #require(try store.note(4))
        #expect(rejected.state == .rejected)
        #expect(rejected.reviewReason == "duplicate | of #3")
        #expect(try store.note(7)?.state == .pending)
        #expect(try store.note(8)?.state == .pending)
        #expect(try store.log().count == Demo.notes.map(\.history.count).reduce(0, +) + 2)
        _ = folder
    }

    @Test func theEndOfInputStopsTheReviewKeepingDecisions() async throws {
        let (folder, path) = try Self.database()
        let result = try await TallyProcess.run(["notes", "review", "--db", path, "--as", "rev"], stdin: "a\n")
        #expect(result.status == 0)
        #expect(
            result.stdout.hasSuffix(
                "Done: 1 approved, 0 rejected, 0 skipped, 0 conflicts; 3 notes pending.\n"
                    + "The decisions are recorded in this copy only; `tally push` sends them to D1.\n"))
        _ = folder
    }

    @Test func aConflictIsReportedAndTheQueueGoesOn() async throws {
        let (folder, path) = try Self.database()
        let other = try ModerationStore(Connection(path: path, mode: .readWrite))
        // While the reviewer looks at note 3 (before its key is read), another
        // moderator approves it; then the reviewer rejects it.
        let result = InProcessTally.run(
            ["notes", "review", "--db", path, "--as", "rev"], input: ["r", "off topic", "a", "q"],
            beforeReading: { index in
                guard index == 0 else { return }
                _ = try? other.decide(
                    DecisionRequest(
                        noteID: 3, action: .approve, moderator: try! Moderator("other"), actedOnVersion: 0,
                        time: InProcessTally.now))
            })
        #expect(result.status == 3)
        #expect(
            result.stderr.hasPrefix(
                "Error: conflict: note 3 changed since version 0: approved by 'other' at 2026-09-27 04:00:00 UTC "
                    + "(version 1); it is now approved (version 1); your reject was not applied"))
        #expect(
            result.stderr.hasSuffix(
                "Error: 1 decision was not applied because the note changed meanwhile (see the conflicts above); "
                    + "look again with `tally notes show ID`\n"))
        #expect(result.stdout.contains("Approved note 4 as rev (version 0 → 1)."), "the queue went on")
        #expect(result.stdout.contains("Done: 1 approved, 0 rejected, 0 skipped, 1 conflict; 2 notes pending."))
        let store = try ModerationStore(Connection(path: path))
        #expect(try store.history(of: 3).map(\.moderator) == ["other"], "the late reject was not written")
        _ = folder
    }

    @Test func aNoteDecidedBeforeItsTurnIsSkipped() async throws {
        let (folder, path) = try Self.database()
        let other = try ModerationStore(Connection(path: path, mode: .readWrite))
        let result = InProcessTally.run(
            ["notes", "review", "--db", path, "--as", "rev"], input: ["s", "q"],
            beforeReading: { index in
                guard index == 0 else { return }
                _ = try? other.decide(
                    DecisionRequest(
                        noteID: 4, action: .reject, moderator: try! Moderator("other"),
                        reason: try! ModerationReason("spam"), actedOnVersion: 0, time: InProcessTally.now))
            })
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "[2/4] note 4 was decided meanwhile (rejected by 'other' at 2026-09-27 04:00:00 UTC (version 1)); skipped."
            ))
        _ = folder
    }

    @Test func theTranscriptMatchesGolden() async throws {
        let (folder, path) = try Self.database()
        let result = InProcessTally.run(
            ["notes", "review", "--db", path, "--as", "rev", "--tz", "Asia/Taipei"],
            input: ["a", "r", "not a topic", "s", "?", "s"])
        #expect(result.status == 0)
        GoldenFile.check(result.stdout, "notes-review.txt")
        _ = folder
    }

    @Test func reviewNeedsAModeratorAndSaysWhenThereIsNothingToDo() async throws {
        let (folder, path) = try Self.database()
        let before = try NotesDatabase.bytes(path)
        let anonymous = InProcessTally.run(["notes", "review", "--db", path], input: ["a"])
        #expect(anonymous.status == 2)
        #expect(anonymous.stderr.hasPrefix("Error: missing --as NAME"))
        #expect(try NotesDatabase.bytes(path) == before)

        let empty = folder.path("empty.sqlite")
        _ = try DatabaseFile.build(at: empty) { db in try Migrator().migrate(db) }
        let nothing = InProcessTally.run(["notes", "review", "--db", empty, "--as", "rev"], input: ["a"])
        #expect(nothing.status == 0)
        #expect(nothing.stdout == "No pending notes.\n")
    }

    @Test func aTerminalGetsHelpAndPrompts() async throws {
        let (folder, path) = try Self.database()
        let result = InProcessTally.run(
            ["notes", "review", "--db", path, "--as", "rev"], input: ["r", "off topic", "q"], inputIsTerminal: true)
        #expect(result.status == 0)
        #expect(result.stdout.contains("4 pending notes. Reviewing as rev.\na  approve this note\n"))
        #expect(result.stdout.contains("Decision [a/r/p/s/q/?]: Reason for rejecting note 3: Rejected note 3 as rev"))
        _ = folder
    }

    @Test func aRefusedDecisionIsReportedAndEndsWithExitOne() async throws {
        let (folder, path) = try Self.database()
        let other = try Connection(path: path, mode: .readWrite)
        // While the note is on screen, something outside tally gives it a status tally does not know.
        let result = InProcessTally.run(
            ["notes", "review", "--db", path, "--as", "rev"], input: ["a", "q"],
            beforeReading: { index in
                if index == 0 { try? other.execute("UPDATE suggestions SET status = 'spam' WHERE id = 3") }
            })
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: note 3 has status 'spam', which is not a moderation state tally knows"))
        #expect(result.stderr.hasSuffix("Error: 1 decision was refused (see above)\n"))
        #expect(
            result.stdout.contains("Done: 0 approved, 0 rejected, 0 skipped, 0 conflicts, 1 refused; 3 notes pending."))
        #expect(try ModerationStore(Connection(path: path)).log().count == 6, "nothing was logged")
        _ = folder
    }
}
