import Foundation
import TallyCore
import TallySQLite
import Testing

/// One spammer's long note never blocks a push (#38): a note past what a statement can carry in hex
/// is guarded by a digest D1 computes itself, so its decision is confirmed like any other; one
/// decision that cannot be sent is reported by name while the others are sent, and `notes discard`
/// drops it.
@Suite("Sync with D1: a long note, and a decision that cannot be sent", .serialized, .timeLimit(.minutes(10)))
struct SyncLongNoteTests {
    /// A visitor's ~50 KB note 20 on D1 (spam with CJK, quotes and newlines), next to the demo's notes.
    static func bed() async throws -> SyncBed {
        let bed = try SyncBed()
        let spam = String(repeating: "BUY CHEAP 藥丸 'now'\nhttp://spam.example/ ", count: 1_400)
        _ = try await SQLiteShell.run(
            bed.d1,
            input: "INSERT INTO suggestions (id, session_id, content, created_at) VALUES (20, 'spam-sess', '"
                + spam.replacingOccurrences(of: "'", with: "''") + "', '2026-09-26 10:00:00');")
        #expect(
            try await bed.rows(
                "d1.sqlite", "SELECT length(CAST(content AS BLOB)) > 50000 FROM suggestions WHERE id = 20")
                == [["1"]])
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        return bed
    }

    /// The case: reject the 50 KB spam, approve two other notes; the old push refused
    /// everything ("would need a 100453-byte statement … apply that decision on D1 by hand").
    @Test func aFiftyKilobyteNoteIsConfirmedWithEveryOtherDecision() async throws {
        let bed = try await Self.bed()
        #expect(try await bed.tally("a", ["notes", "reject", "20", "--as", "alice", "--reason", "spam"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "4", "--as", "alice"]).status == 0)
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 0, "\(pushed.stdout)\(pushed.stderr)")
        #expect(pushed.stdout.contains("D1 confirmed 3; 0 conflict(s)."), "\(pushed.stdout)")
        #expect(try await bed.counts("a") == [0, 0, 3, 0])
        #expect(
            try await bed.rows(
                "d1.sqlite", "SELECT id, status, reviewed_by FROM suggestions WHERE id IN (3, 4, 20) ORDER BY id")
                == [["3", "approved", "alice"], ["4", "approved", "alice"], ["20", "rejected", "alice"]])
        // Every request stayed within D1's statement limit and one argument.
        let calls = try String(contentsOfFile: bed.d1 + ".calls", encoding: .utf8).split(separator: "\n")
        for line in calls {
            let arguments = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String])
            #expect(arguments.joined(separator: " ").utf8.count < 128 * 1024)
        }
        try await bed.expectD1Consistent()
        // A pull confirms nothing new and replays nothing: the copy and D1 agree on the long note.
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(pulled.status == 0, "\(pulled.stdout)\(pulled.stderr)")
        #expect(try await bed.counts("a") == [0, 0, 3, 0])
    }

    /// The digest is a guard like the hex: one character changed in the middle of the long note on D1
    /// after the moderator read it makes the decision a named conflict, and D1's note stays pending.
    @Test func anEditInTheMiddleOfALongNoteIsAConflict() async throws {
        let bed = try await Self.bed()
        #expect(try await bed.tally("a", ["notes", "approve", "20", "--as", "alice"]).status == 0)
        _ = try await SQLiteShell.run(
            bed.d1,
            input: "UPDATE suggestions SET content = substr(content, 1, 25000) || 'X' || substr(content, 25002) "
                + "WHERE id = 20;")
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 3, "\(pushed.stdout)\(pushed.stderr)")
        #expect(pushed.stdout.contains("D1 confirmed 0; 1 conflict(s)."), "\(pushed.stdout)")
        #expect(
            try await bed.rows("d1.sqlite", "SELECT status, version FROM suggestions WHERE id = 20") == [
                ["pending", "0"]
            ])
        try await bed.expectD1Consistent()
    }

    /// A copy whose ledger (layout 2) keyed the long note by its whole hex: the upgrade keeps those
    /// exact bytes, the push checks them on D1 by a digest keyed for that push, and confirms it.
    @Test func aLedgerThatKeyedALongNoteByItsHexIsUpgradedAndPushes() async throws {
        let bed = try await Self.bed()
        #expect(try await bed.tally("a", ["notes", "reject", "20", "--as", "alice", "--reason", "spam"]).status == 0)
        _ = try await SQLiteShell.run(
            bed.path("a"),
            input: """
                UPDATE tally_sync_decisions SET seen_key = (SELECT typeof(content) || ':' || hex(content) || '|' ||
                  typeof(session_id) || ':' || hex(session_id) || '|' || typeof(created_at) || ':' || hex(created_at)
                  FROM suggestions WHERE id = 20) WHERE note_id = 20;
                UPDATE tally_sync_version SET version = 2;
                """)
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 0, "\(pushed.stdout)\(pushed.stderr)")
        #expect(pushed.stdout.contains("D1 confirmed 1; 0 conflict(s)."), "\(pushed.stdout)")
        #expect(
            try await bed.rows("a", "SELECT version FROM tally_sync_version") == [["\(SyncLedger.version)"]])
        #expect(try await bed.rows("d1.sqlite", "SELECT status FROM suggestions WHERE id = 20") == [["rejected"]])
    }

    /// A decision whose SQL cannot be written (its reason in the local log given a NUL by hand, which
    /// SQL text cannot carry): the push sends every other decision, names this one with why and what
    /// to do (exit 1), keeps it as a conflict, and `notes discard` drops it. The old push sent nothing.
    @Test func aDecisionThatCannotBeSentIsReportedAndTheOthersAreConfirmed() async throws {
        let bed = try await Self.bed()
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(
            try await bed.tally("a", ["notes", "reject", "4", "--as", "alice", "--reason", "off topic"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "reopen", "4", "--as", "alice", "--reason", "again"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "20", "--as", "alice"]).status == 0)
        _ = try await SQLiteShell.run(
            bed.path("a"),
            input: "DROP TRIGGER moderation_log_no_update; "
                + "UPDATE moderation_log SET reason = 'off' || char(0) || 'topic' WHERE suggestion_id = 4 AND version = 1;"
        )
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 1, "\(pushed.stdout)\(pushed.stderr)")
        #expect(pushed.stdout.contains("D1 confirmed 2; 0 conflict(s)."), "\(pushed.stdout)")
        #expect(
            pushed.stdout.contains(
                "— it cannot be sent to D1: its reason contains a NUL character, which SQL text cannot carry; "
                    + "`tally notes discard 4` drops it"),
            "\(pushed.stdout)")
        #expect(
            pushed.stdout.contains("— it was made after your reject at version 1, which cannot be sent; "),
            "\(pushed.stdout)")
        #expect(
            pushed.stderr.contains(
                "2 decision(s) cannot be sent to D1 (note 4); each is kept as a conflict saying why (above), and "
                    + "every other decision was sent."),
            "\(pushed.stderr)")
        #expect(try await bed.counts("a") == [0, 0, 2, 2])
        #expect(
            try await bed.rows("d1.sqlite", "SELECT id, status FROM suggestions WHERE id IN (3, 4, 20) ORDER BY id")
                == [["3", "approved"], ["4", "pending"], ["20", "approved"]])
        let discarded = try await bed.tally("a", ["notes", "discard", "4"])
        #expect(discarded.status == 0, "\(discarded.stdout)\(discarded.stderr)")
        #expect(try await bed.counts("a") == [0, 0, 2, 0])
        #expect(try await bed.tally("a", ["push", "--wrangler", "prod"]).stdout.contains("Nothing new to push."))
        try await bed.expectD1Consistent()
    }
}
