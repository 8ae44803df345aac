import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// A conflict's kind is stored as a value beside its English detail (issue 44/45): every detail the
/// sync writes carries its kind, the ledger keeps the kind in `conflict_kind`, and nothing reads a kind
/// back from the words — except the one upgrade of a ledger made before the column (layout 3), which
/// keeps every row.
@Suite("Sync: a conflict's kind, stored as a value", .timeLimit(.minutes(10)))
struct SyncConflictReasonTests {
    static func written(_ fixture: ModerationFixture) throws -> [(SyncConflictWhy, SyncConflictReason)] {
        _ = try fixture.decide(.approve, 1)
        let earlier = try #require(try SyncLedger(fixture.db).decisions().first)
        return [
            (SyncDecision.decidedOnD1(2), .decidedOnD1),
            (SyncDecision.deletedOnD1(12), .deletedOnD1),
            (SyncDecision.changedOnD1(3, seen: "a", found: "b"), .changedOnD1),
            (SyncDecision.changedOnD1(3, seen: nil, found: "b"), .changedOnD1),
            (SyncDecision.changedOnD1(3, seen: "a", found: "a"), .changedOnD1),
            (SyncDecision.madeAfter(earlier), .madeAfterRefused),
            (SyncDecision.madeAfter(earlier, which: "cannot be sent"), .madeAfterRefused),
            (SyncDecision.cannotSend(3, "its reason contains a NUL character"), .cannotSend),
            (SyncDecision.notRecorded(3), .noteNotRecorded),
            (SyncDecision.recordedBeforeGone(3), .noteNotRecorded),
            (SyncDecision.heldBack(3, pulledAt: "2026-09-24 01:00:00"), .heldBack),
            (SyncDecision.notReplayable, .notReplayable),
            (SyncDecision.triggerOnD1("wipe", "DELETE FROM votes", 3), .triggerOnD1),
        ]
    }

    @Test func everyDetailTheSyncWritesCarriesItsKindAndTheLedgerKeepsIt() throws {
        let fixture = try ModerationFixture()
        let details = try Self.written(fixture)
        for (why, kind) in details { #expect(why.kind == kind, "\(why.detail)") }
        #expect(Set(details.map(\.1)).count == SyncConflictReason.allCases.count, "every kind is written somewhere")
        #expect(SyncDecision.refusedByRule(ModerationError.noteNotFound(3).description).kind == nil)
        // Stored and read back as a value: a detail whose words open like another kind keeps its own.
        let ledger = SyncLedger(fixture.db)
        let seq = try #require(try ledger.decisions().first?.seq)
        let words = SyncConflictWhy(.deletedOnD1, "D1 holds another decision at version 1 (a note's words)")
        try ledger.set(seq, state: .conflict, why: words)
        let stored = try #require(try ledger.decisions().first)
        #expect(stored.conflictReason == .deletedOnD1)
        #expect(stored.standing == .inConflict(.deletedOnD1))
        #expect(try fixture.db.scalar("SELECT conflict_kind FROM tally_sync_decisions")?.storedText == "deletedOnD1")
    }

    /// A ledger of layout 3 (no `conflict_kind`): the upgrade keeps every row and stores each conflict's
    /// kind, read once from the words that layout kept; another rule's refusal stays without a kind.
    @Test func aLayoutThreeLedgerIsUpgradedWithEveryRowAndItsKind() throws {
        let fixture = try ModerationFixture()
        let details = try Self.written(fixture)
        let db = fixture.db
        // Back to layout 3: the columns added since are dropped, the marker says 3.
        try db.executeScript(
            """
            ALTER TABLE tally_sync_decisions DROP COLUMN conflict_kind;
            ALTER TABLE tally_sync_decisions DROP COLUMN changed_content;
            UPDATE tally_sync_version SET version = 3;
            """)
        let template = try #require(try SyncLedger(db).decisions().first)
        let rule = ModerationError.noteNotFound(3).description
        for detail in details.map(\.0.detail) + [rule] {
            try db.execute(
                """
                INSERT INTO tally_sync_decisions (note_id, version, action, from_status, to_status, moderator,
                  created_at, state, detail, seen_key, seen_content)
                VALUES (1, 9, 'approve', 'pending', 'approved', 'mod-a', ?, 'conflict', ?, ?, 'first')
                """, [.text(template.createdAt), .text(detail), SQLValue(template.seen?.key)])
        }
        let before = try db.scalar("SELECT count(*) FROM tally_sync_decisions")?.int64
        // Read as it is by a read-only command: the kinds as the upgrade will store them.
        let readOnly = try SyncLedger(db).decisions().filter { $0.state == .conflict }.map(\.conflictReason)
        try db.transaction(.immediate) { try SyncLedger(db).upgrade() }
        #expect(try SyncLedger(db).storedVersion() == SyncLedger.version)
        #expect(try db.scalar("SELECT count(*) FROM tally_sync_decisions")?.int64 == before)
        let conflicts = try SyncLedger(db).decisions().filter { $0.state == .conflict }
        #expect(conflicts.map(\.conflictReason) == details.map(\.1) + [nil])
        #expect(readOnly == conflicts.map(\.conflictReason))
        #expect(conflicts.map(\.detail) == (details.map(\.0.detail) + [rule]).map(Optional.some))
    }
}
