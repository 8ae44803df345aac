import Foundation
import TallyCore
import TallySQLite
import Testing

/// Issue 45's done-when: pushes killed (SIGKILL) at delays spread over a whole push — before wrangler reaches
/// D1, while D1 runs the request (wrangler, orphaned, goes on), after D1 took it and before tally read the
/// answer, while tally records it — each
/// followed by undo attempts on the decisions it carried; then one pull and one push. At the end the
/// copy's ledger, `tally status`, the page and D1 agree on every decision: no decision D1 holds is
/// withdrawn, none is lost, none applied twice. It found one more failure: after a push killed while it
/// recorded D1's answer, `tally status` (a read-only open) failed with "attempt to write a readonly database"
/// on the hot journal left behind, until something wrote (`DatabaseFile.openForReading` now rolls it back).
@Suite("Sync with D1: a kill -9 loop of pushes", .serialized, .timeLimit(.minutes(15)))
struct SyncKillLoopTests {
    static let rounds = 20
    static let perRound = 3

    @Test(.enabled(if: ServeTests.serverReady(needing: "python3"), ServeTests.serverReason))
    func twentyKilledPushesWithUndoAttemptsEndWithCopyPageAndD1Agreeing() async throws {
        let bed = try await SyncOutcomeUnknownTests.bed(notes: Self.rounds * Self.perRound)
        // How long one push takes here (one decision, nothing killed), so the kills spread over a whole push.
        #expect(try await bed.tally("a", ["notes", "approve", "3", "--as", "alice"]).status == 0)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try await bed.tally("a", ["push", "--wrangler", "prod"]).status == 0)
        let elapsed = clock.now - start
        let full = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var outcomes: [String] = []
        var withdrawn = 0
        for round in 0..<Self.rounds {
            let notes = (0..<Self.perRound).map { 100 + round * Self.perRound + $0 }
            for note in notes {
                #expect(try await bed.tally("a", ["notes", "approve", "\(note)", "--as", "alice"]).status == 0)
            }
            // Delays spread over 0–1.14 times a whole push, in an order that mixes early and late kills.
            let delay = Double((round * 7) % 20) * 0.06 * full
            let push = try TallyProcess.start(
                ["push", "--wrangler", "prod", "--db", bed.path("a")], in: bed.folder.url.path,
                environment: bed.environment())
            try await Task.sleep(for: .seconds(delay))
            push.send(SIGKILL)
            let pushed = await push.finish()
            let after = try await bed.counts("a") + [try await SyncOutcomeUnknownTests.sentUnknown(bed)]
            outcomes.append(String(format: "%.2f s: exit %d ", delay, pushed.status) + "\(after)")
            // Undo each: it may withdraw only what D1 cannot hold; otherwise it refuses and says why.
            for note in notes {
                let undo = try await bed.tally("a", ["notes", "undo", "\(note)", "--as", "alice"])
                #expect(undo.status == 0 || undo.status == 1, "round \(round), note \(note): \(undo.stderr)")
                if undo.status == 0 { withdrawn += 1 }
            }
        }
        // Settle: a pull reads D1 (outcome-unknown pushes resolved), a push sends what waits.
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(pulled.status == 0, "\(pulled.stdout)\(pulled.stderr)\n\(outcomes)")
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 0, "\(pushed.stdout)\(pushed.stderr)")

        // The ledger: every decision confirmed or withdrawn, nothing in between.
        let states = try await bed.rows("a", "SELECT state, count(*) FROM tally_sync_decisions GROUP BY 1 ORDER BY 1")
        let byState = Dictionary(uniqueKeysWithValues: states.map { ($0[0], Int($0[1]) ?? -1) })
        #expect(Set(byState.keys).isSubset(of: ["confirmed", "dropped"]), "\(states)\n\(outcomes)")
        #expect(byState["dropped", default: 0] == withdrawn, "\(states), \(withdrawn) withdrawn")
        let decided = Self.rounds * Self.perRound + 1
        #expect(byState["confirmed", default: 0] == decided - withdrawn, "\(states)")
        // status says the same.
        #expect(try await bed.counts("a") == [0, 0, decided - withdrawn, 0])
        #expect(try await SyncOutcomeUnknownTests.sentUnknown(bed) == 0)

        // D1 holds exactly the confirmed decisions, each once, and none that was withdrawn.
        let decision = "note_id || ' ' || version || ' ' || action || ' ' || moderator || ' ' || created_at"
        let confirmed = Set(
            try await bed.rows("a", "SELECT \(decision) FROM tally_sync_decisions WHERE state = 'confirmed'").map {
                $0[0]
            })
        let dropped = Set(
            try await bed.rows("a", "SELECT \(decision) FROM tally_sync_decisions WHERE state = 'dropped'").map {
                $0[0]
            })
        let onD1 = try await bed.rows(
            "d1.sqlite",
            "SELECT suggestion_id || ' ' || version || ' ' || action || ' ' || moderator || ' ' || created_at "
                + "FROM moderation_log WHERE moderator = 'alice'"
        ).map { $0[0] }
        #expect(onD1.count == Set(onD1).count, "no decision applied twice")
        #expect(Set(onD1) == confirmed, "D1 holds exactly the confirmed ones\n\(outcomes)")
        #expect(dropped.isDisjoint(with: Set(onD1)), "no withdrawn decision is on D1\n\(outcomes)")
        try await bed.expectD1Consistent()
        // The copy shows every note as D1 has it.
        let noteState =
            "SELECT id, status, coalesce(reviewed_by, ''), version FROM suggestions WHERE id >= 100 ORDER BY id"
        let d1Notes = try await bed.rows("d1.sqlite", noteState)
        #expect(try await bed.rows("a", noteState) == d1Notes)

        // The page: each note's state as D1 has it.
        let served = try await ServedCopy(
            ["--db", bed.path("a"), "--as", "alice", "--wrangler", "prod", "--lang", "en"],
            in: bed.folder.url.path, environment: bed.environment())
        defer { served.stop() }
        for row in d1Notes {
            let page = try await served.client(["fetch", served.url, "/note/\(row[0])"])
            let body = page["body"] as? String ?? ""
            let shown = row[1] == "approved" ? "approved" : "pending"
            #expect(body.contains("State: <strong>\(shown)</strong>"), "note \(row[0]) on D1 is \(row[1])")
        }
        print(
            String(format: "kill loop: a push takes %.2f s; ", full)
                + "\(outcomes.joined(separator: "; ")); \(withdrawn) withdrawn")
    }
}
