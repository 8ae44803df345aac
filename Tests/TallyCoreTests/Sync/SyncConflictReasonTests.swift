import Foundation
import Testing

@testable import TallyCore

/// A conflict's reason is read back, as its kind, from the English detail the sync wrote in the ledger
/// (what the command line prints): every detail the sync writes has its kind, and user text quoted
/// inside a detail never changes it.
@Suite("Sync: a conflict's reason, read back from its detail", .timeLimit(.minutes(10)))
struct SyncConflictReasonTests {
    @Test func everyDetailTheSyncWritesReadsBackAsItsKind() throws {
        let fixture = try ModerationFixture()
        _ = try fixture.decide(.approve, 1)
        let earlier = try #require(try SyncLedger(fixture.db).decisions().first)
        let details: [(String, SyncConflictReason)] = [
            (SyncDecision.decidedOnD1(2), .decidedOnD1),
            (SyncDecision.deletedOnD1(12), .deletedOnD1),
            (ModerationError.noteChangedText(3, seen: "a", found: "b", place: "D1"), .changedOnD1),
            (ModerationError.noteChangedText(3, seen: nil, found: "b", place: "D1"), .changedOnD1),
            (ModerationError.noteChangedText(3, seen: "a", found: "a", place: "D1"), .changedOnD1),
            (SyncDecision.madeAfter(earlier), .madeAfterRefused),
            (SyncDecision.madeAfter(earlier, which: "cannot be sent"), .madeAfterRefused),
            (SyncDecision.cannotSend(3, "its reason contains a NUL character"), .cannotSend),
            (SyncDecision.notRecorded(3), .noteNotRecorded),
            (SyncDecision.recordedBeforeGone(3), .noteNotRecorded),
            (SyncDecision.heldBack(3, pulledAt: "2026-09-24 01:00:00"), .heldBack),
            (SyncDecision.notReplayable, .notReplayable),
            (SyncDecision.triggerOnD1("wipe", "DELETE FROM votes", 3), .triggerOnD1),
        ]
        for (detail, kind) in details {
            #expect(SyncConflictReason(detail: detail) == kind, "\(detail)")
        }
        #expect(Set(details.map(\.1)).count == SyncConflictReason.allCases.count, "every kind is written somewhere")
        // What a note says stays its text: a note whose words are another kind's opening.
        let trap = ModerationError.noteChangedText(
            3, seen: "D1 holds another decision at version 1", found: "x", place: "D1")
        #expect(SyncConflictReason(detail: trap) == .changedOnD1)
        // Another moderation rule's refusal on D1's note (its own message) has no kind of these.
        #expect(SyncConflictReason(detail: ModerationError.noteNotFound(3).description) == nil)
        #expect(SyncConflictReason(detail: "") == nil)
    }
}
