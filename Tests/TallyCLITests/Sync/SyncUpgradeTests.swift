import Foundation
import TallyCore
import TallySQLite
import Testing

/// A copy made by the release before the sync ledger had a version marker
/// (Tests/Fixtures/release-copy, made by its make.sh with that release's binary) is opened by this
/// one: every decision keeps its state, each gets the note it was made on, and none is pushed
/// unguarded.
@Suite("Sync with D1: a copy made by the previous release", .serialized, .timeLimit(.minutes(10)))
struct SyncUpgradeTests {
    static let fixture = ToolProcess.repository.appendingPathComponent("Tests/Fixtures/release-copy")

    /// The fixture's copy (as `a`) and its D1 in a SyncBed.
    static func bed() throws -> SyncBed {
        let bed = try SyncBed()
        try FileManager.default.removeItem(atPath: bed.d1)
        try FileManager.default.copyItem(atPath: fixture.appendingPathComponent("d1.sqlite").path, toPath: bed.d1)
        try FileManager.default.copyItem(
            atPath: fixture.appendingPathComponent("copy.sqlite").path, toPath: bed.path("a"))
        return bed
    }

    static func states(_ bed: SyncBed) async throws -> [[String]] {
        try await bed.rows("a", "SELECT note_id, version, action, state FROM tally_sync_decisions ORDER BY seq")
    }

    static let releaseStates = [
        ["3", "1", "approve", "confirmed"], ["4", "1", "approve", "conflict"], ["3", "2", "promote", "pushed"],
        ["7", "1", "approve", "unpushed"], ["8", "1", "reject", "unpushed"],
    ]

    @Test func theFixtureIsTheOldLayout() async throws {
        let bed = try Self.bed()
        #expect(
            try await bed.rows("a", "SELECT count(*) FROM sqlite_schema WHERE name = 'tally_sync_version'") == [["0"]])
        #expect(try await Self.states(bed) == Self.releaseStates)
    }

    @Test func readingCommandsReadItAsItIsAndLeaveItUnchanged() async throws {
        let bed = try Self.bed()
        let before = try Data(contentsOf: URL(fileURLWithPath: bed.path("a")))
        #expect(try await bed.counts("a") == [2, 1, 1, 1])
        #expect(try await bed.tally("a", ["notes", "show", "4"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: bed.path("a"))) == before)
    }

    @Test func aDecisionUpgradesTheLedgerInItsTransactionKeepingEveryState() async throws {
        let bed = try Self.bed()
        #expect(try await bed.tally("a", ["notes", "reopen", "8", "--as", "alice", "--reason", "again"]).status == 0)
        #expect(try await bed.rows("a", "SELECT version FROM tally_sync_version") == [["\(SyncLedger.version)"]])
        #expect(try await Self.states(bed) == Self.releaseStates + [["8", "2", "reopen", "unpushed"]])
        // Every decision has the note it was made on: the copy's note, as D1 had it at the last pull.
        #expect(
            try await bed.rows(
                "a",
                "SELECT count(*) FROM tally_sync_decisions d JOIN suggestions s ON s.id = d.note_id "
                    + "WHERE d.seen_key = (\(SeenNote.keySQL("s."))) AND d.seen_content = s.content") == [["6"]])
    }

    @Test func pushAfterTheUpgradeConfirmsWhatD1TakesAndNamesAnEditedNote() async throws {
        let bed = try Self.bed()
        // On D1 meanwhile: note 8's text edited.
        _ = try await SQLiteShell.run(bed.d1, input: "UPDATE suggestions SET content = 'something else' WHERE id = 8;")
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod", "--again"])
        #expect(pushed.status == 3, "\(pushed.stdout)\(pushed.stderr)")
        #expect(pushed.stdout.contains("D1 confirmed 2; 1 conflict(s)."), "\(pushed.stdout)")
        #expect(
            pushed.stdout.contains("you read 'it's a note\\nwith a line break'; D1 has 'something else'"),
            "\(pushed.stdout)")
        #expect(
            try await Self.states(bed) == [
                ["3", "1", "approve", "confirmed"], ["4", "1", "approve", "conflict"],
                ["3", "2", "promote", "confirmed"], ["7", "1", "approve", "confirmed"],
                ["8", "1", "reject", "conflict"],
            ])
        #expect(
            try await bed.rows("d1.sqlite", "SELECT status, version FROM suggestions WHERE id = 8") == [
                ["pending", "0"]
            ])
        try await bed.expectD1Consistent()
        // The next pull confirms the same (nothing new) and keeps both conflicts.
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        #expect(try await bed.counts("a") == [0, 0, 3, 2])
    }

    /// A decision of the old release whose note came from a pull made after it may sit on a text
    /// that pull changed: it is held back and says why, never pushed unguarded.
    @Test func anOldDecisionWhoseNoteALaterPullReplacedIsHeldBack() async throws {
        let bed = try Self.bed()
        // As if the copy had been pulled once more after the decisions (the release replays them).
        _ = try await SQLiteShell.run(
            bed.path("a"), input: "UPDATE tally_sync_origin SET pulled_at = '2100-01-01 00:00:00';")
        let pushed = try await bed.tally("a", ["push", "--wrangler", "prod"])
        #expect(pushed.status == 0, "\(pushed.stdout)\(pushed.stderr)")
        #expect(pushed.stdout.contains("Nothing new to push."), "\(pushed.stdout)")
        let status = try await bed.tally("a", ["status"])
        #expect(status.stdout.contains("came from a pull made after it (2100-01-01 00:00:00 UTC)"), "\(status.stdout)")
        #expect(try await bed.counts("a") == [0, 0, 1, 4])
        #expect(
            try await bed.rows("d1.sqlite", "SELECT status FROM suggestions WHERE id IN (7, 8)") == [
                ["pending"], ["pending"],
            ])
    }
}
