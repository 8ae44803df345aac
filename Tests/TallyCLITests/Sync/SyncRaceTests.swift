import Foundation
import TallyCore
import TallySQLite
import Testing

/// Issue 10: decisions made by other processes while a pull replaces the copy are
/// never lost — each one is either in the new copy or refused with a clear message.
@Suite("Sync with D1: decisions racing a pull", .serialized, .timeLimit(.minutes(10)))
struct SyncRaceTests {
    @Test func everyDecisionThatSucceededDuringAPullIsInTheCopyAfterIt() async throws {
        let bed = try SyncBed()
        // More pending notes, and enough votes that the pull takes a while.
        _ = try await SQLiteShell.run(
            bed.d1,
            input: """
                WITH RECURSIVE n(i) AS (SELECT 100 UNION ALL SELECT i + 1 FROM n WHERE i < 129)
                INSERT INTO suggestions (id, session_id, content) SELECT i, 's', 'note ' || i FROM n;
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60000)
                INSERT INTO votes (option_id, session_id, created_at) SELECT 1 + i % 5, 'r' || (i / 3), '2026-09-21 10:00:00' FROM n;

                """)
        let export = try await bed.export()
        #expect(try await bed.tally("a", ["pull", "--from", export]).status == 0)

        let pull = Process()
        pull.executableURL = TallyProcess.executable
        pull.arguments = ["pull", "--from", export, "--db", bed.path("a")]
        pull.standardOutput = FileHandle.nullDevice
        pull.standardError = FileHandle.nullDevice
        try pull.run()
        var outcomes: [(note: Int, result: TallyProcess.Result)] = []
        for note in 100...129 {
            outcomes.append((note, try await bed.tally("a", ["notes", "approve", String(note), "--as", "racer"])))
        }
        await pull.ended()
        #expect(pull.terminationStatus == 0)

        let approved = Set(
            try await bed.rows("a", "SELECT id FROM suggestions WHERE status = 'approved' AND id >= 100")
                .compactMap { Int($0[0]) })
        let ledger = Set(
            try await bed.rows("a", "SELECT note_id FROM tally_sync_decisions WHERE state = 'unpushed'")
                .compactMap { Int($0[0]) })
        var succeeded = 0
        for (note, result) in outcomes {
            if result.status == 0 {
                succeeded += 1
                #expect(approved.contains(note), "note \(note) was approved (exit 0) but is not in the copy")
                #expect(ledger.contains(note), "note \(note) was approved (exit 0) but is not in the ledger")
            } else {
                #expect(
                    result.stderr.contains("was replaced (by `tally pull`") || result.stderr.contains("locked"),
                    "note \(note): \(result.stderr)")
                #expect(!approved.contains(note))
            }
        }
        #expect(succeeded > 0)
    }
}
