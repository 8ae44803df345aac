import Foundation
import TallyCore
import TallySQLite
import Testing

/// A push whose answer was lost is never "unpushed" (issue 45, item 2): its decisions are recorded as
/// sent, outcome unknown, before the request leaves; `notes undo` and `notes discard` refuse them with
/// the reason; the next push or pull reads D1 and settles them; nothing says "nothing was changed".
@Suite("Sync with D1: a push whose answer was lost", .serialized, .timeLimit(.minutes(10)))
struct SyncOutcomeUnknownTests {
    static func bed(notes: Int = 0) async throws -> SyncBed {
        let bed = try SyncBed()
        if notes > 0 {
            let rows = (0..<notes).map { "(\(100 + $0), 'kill-\($0)', 'note \($0)', '2026-09-26 10:00:00')" }
            _ = try await SQLiteShell.run(
                bed.d1,
                input: "INSERT INTO suggestions (id, session_id, content, created_at) VALUES "
                    + rows.joined(separator: ", ") + ";")
        }
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        return bed
    }

    static func sentUnknown(_ bed: SyncBed) async throws -> Int {
        try await bed.status("a")["sent_unknown"] as? Int ?? -1
    }

    /// The cases: the answer lost (wrangler exits 1 after D1 ran it) or unreadable (exit 0 with
    /// text that is not D1's results), and D1 cannot be read either. The decisions are sent, outcome
    /// unknown; undo refuses with the reason; the next push reads D1 and confirms them.
    @Test(arguments: ["garble", "fail"])
    func aLostAnswerLeavesTheDecisionsSentAndUndoRefuses(mode: String) async throws {
        let bed = try await Self.bed()
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        #expect(try await bed.tally("a", ["notes", "approve", "4", "--as", "alice"]).status == 0)
        let lost = ["TALLY_TEST_D1_LOSE_ANSWER": mode, "TALLY_TEST_D1_LOSE_READS": "1"]
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"], env: lost)
        #expect(pushed.status == 1, "\(pushed.stdout)\(pushed.stderr)")
        let said = pushed.stdout + pushed.stderr
        #expect(!said.lowercased().contains("nothing was changed"), "\(said)")
        #expect(said.contains("outcome unknown (not unpushed)"), "\(said)")
        // D1 holds them; the copy says sent, outcome unknown — never unpushed.
        #expect(
            try await bed.rows("d1.sqlite", "SELECT status FROM suggestions WHERE id IN (3, 4)") == [
                ["approved"], ["approved"],
            ])
        #expect(try await bed.counts("a") == [0, 0, 0, 0])
        #expect(try await Self.sentUnknown(bed) == 2)
        let status = try await bed.tally("a", ["status"])
        #expect(status.stdout.contains("2 sent, outcome unknown"), "\(status.stdout)")
        // Undo refuses, saying why; the ledger keeps them.
        let undo = try await bed.tally("a", ["notes", "undo", "4"])
        #expect(undo.status == 1, "\(undo.stdout)\(undo.stderr)")
        #expect(undo.stderr.contains("was sent to D1 and its answer was not read"), "\(undo.stderr)")
        #expect(try await Self.sentUnknown(bed) == 2)
        // The next push reads D1 first and settles them.
        let again = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("2 on D1, 0 conflict(s), 0 not there"), "\(again.stdout)")
        #expect(try await bed.counts("a") == [0, 0, 2, 0])
        #expect(try await Self.sentUnknown(bed) == 0)
        try await bed.expectD1Consistent()
    }

    /// The answer lost but D1 readable: the push reads D1 at once and says what it holds.
    @Test func aLostAnswerIsSettledAtOnceWhenD1CanBeRead() async throws {
        let bed = try await Self.bed()
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        let pushed = try await bed.tally(
            "a", ["push", "--wrangler", "prod"], env: ["TALLY_TEST_D1_LOSE_ANSWER": "garble"])
        #expect(pushed.status == 1, "\(pushed.stdout)\(pushed.stderr)")
        #expect(pushed.stderr.contains("Read D1 for them just now: 1 on D1, 0 conflict(s)"), "\(pushed.stderr)")
        #expect(try await bed.counts("a") == [0, 0, 1, 0])
    }

    /// The request never reached D1: sent, outcome unknown, until a pull reads D1, which shows no trace;
    /// the decision is then unpushed again (undo may withdraw it), and a push sends it.
    @Test func aRequestThatNeverArrivedIsSettledByThePull() async throws {
        let bed = try await Self.bed()
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        let pushed = try await bed.tally(
            "a", ["push", "--wrangler", "prod"], env: ["TALLY_TEST_D1_LOSE_ANSWER": "refuse"])
        #expect(pushed.status == 1, "\(pushed.stdout)\(pushed.stderr)")
        #expect(try await Self.sentUnknown(bed) == 1)
        #expect(try await bed.tally("a", ["notes", "undo", "3"]).status == 1)
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(pulled.status == 0, "\(pulled.stdout)\(pulled.stderr)")
        #expect(try await bed.counts("a") == [1, 0, 0, 0])
        #expect(try await Self.sentUnknown(bed) == 0)
        let again = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(try await bed.counts("a") == [0, 0, 1, 0])
    }
}
