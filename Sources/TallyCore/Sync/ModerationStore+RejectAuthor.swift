import TallySQLite

/// Rejecting a spam author's pending notes in one step: every note through the one write path's checks and
/// writes (`decideInTransaction`), each entered in the ledger, all in one transaction or none.
extension ModerationStore {
    /// What rejecting an author's notes came to.
    package enum AuthorRejection: Sendable, Equatable {
        /// Each pending note rejected, one logged decision each, by number.
        case rejected([Decision])
        /// The author's pending notes through the number shown are no longer the count shown (`found` now):
        /// another decision or a new note came meanwhile; nothing was written.
        case changed(found: Int)
    }

    /// Rejects every pending note of the author (session) of note `noteID` numbered up to `lastID`, when they
    /// are still the `count` notes the moderator was shown (a compare-and-set on the set), with `reason`, each
    /// as `moderator`'s decision at `time`; in one `BEGIN IMMEDIATE` transaction with the ledger's entries, all
    /// or nothing. Nothing is deleted; each note can be reopened. A note without a session is no author's.
    package func rejectAuthor(
        of noteID: Int64, count: Int, through lastID: Int64, moderator: Moderator, reason: ModerationReason,
        time: Instant
    ) throws -> AuthorRejection {
        try inDecisionTransaction {
            guard let session = try note(noteID)?.session else { return .changed(found: 0) }
            let pending = try pendingNotes(of: session, through: lastID)
            guard pending.count == count else { return .changed(found: pending.count) }
            return .rejected(
                try pending.map { id, version in
                    try decideInTransaction(
                        DecisionRequest(
                            noteID: id, action: .reject, moderator: moderator, reason: reason,
                            actedOnVersion: version, actedOnState: .pending, time: time),
                        replaying: false)
                })
        }
    }

    /// The pending notes of `session` numbered up to `lastID` (their numbers and versions), by number.
    package func pendingNotes(of session: String, through lastID: Int64 = .max) throws -> [(Int64, Int64)] {
        try db.query(
            "SELECT id, version FROM suggestions WHERE session_id = ? AND \(Self.pendingSQL) AND id <= ? ORDER BY id",
            [.text(session), .integer(lastID)]
        ).map { ($0[0].int64 ?? 0, $0[1].int64 ?? 0) }
    }
}
