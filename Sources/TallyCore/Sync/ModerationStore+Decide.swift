import TallySQLite

/// The one write path of moderation, here rather than in Moderation/ because each decision is
/// entered in the sync ledger (`SyncLedger`, Sync's) in its own transaction: Moderation holds the
/// checks and writes (`decideLocked`), Sync adds the ledger, and neither folder needs the one above.
extension ModerationStore {
    /// Writes one decision, all or nothing.
    ///
    /// Inside one `BEGIN IMMEDIATE` transaction (the write lock is taken first,
    /// so concurrent moderators queue instead of interleaving; the connection's
    /// busy timeout makes them wait), it reads the note, refuses the decision
    /// when the note is no longer at the version and state the moderator acted
    /// on or when the state machine does not allow it, inserts the `community`
    /// option for a promotion, updates the note with a compare-and-set
    /// (`WHERE id = ? AND status = ? AND version = ?`) that bumps its version,
    /// and appends exactly one entry to `moderation_log`.
    ///
    /// A decision the note has already had since the moderator's version — or
    /// one that was already made when the note is still at that version — is a
    /// conflict (`ModerationError.conflict`) naming the earlier decision.
    ///
    /// The writes run under `ModerationWriteGuard` (a trigger that would write
    /// elsewhere fails the decision, naming it), and the decision is entered in
    /// the local sync ledger (`SyncLedger`) as unpushed in the same transaction.
    package func decide(_ request: DecisionRequest) throws -> Decision {
        try decide(request, replaying: false)
    }

    /// `decide`; a replay by `tally pull` leaves the ledger's open conflicts as they are
    /// (a new decision by the moderator settles them).
    func decide(_ request: DecisionRequest, replaying: Bool) throws -> Decision {
        if request.action.requiresReason, request.reason == nil {
            throw ModerationError.reasonRequired(request.action)
        }
        return try inDecisionTransaction { try decideInTransaction(request, replaying: replaying) }
    }

    /// Runs `body` (decisions' checks and writes) under `ModerationWriteGuard` in one `BEGIN IMMEDIATE`
    /// transaction, all or nothing: never in a file a pull replaced meanwhile, busy past the timeout as
    /// `ModerationError.databaseBusy`.
    func inDecisionTransaction<T>(_ body: () throws -> T) throws -> T {
        do {
            return try ModerationWriteGuard.run(on: db) {
                try db.transaction(.immediate) {
                    // A pull renames a new file into place while holding the old one's
                    // write lock; whoever gets that lock afterwards must not write into
                    // the old file, which nobody reads any more.
                    if db.hasMoved { throw ModerationError.databaseReplaced(db.path) }
                    return try body()
                }
            }
        } catch let error as SQLiteError where error.isBusy {
            // Busy or locked past the connection's timeout: the transaction never began or was rolled back.
            throw ModerationError.databaseBusy(error.codeDescription)
        }
    }

    /// One decision's checks and writes with its ledger entry, inside `inDecisionTransaction`.
    func decideInTransaction(_ request: DecisionRequest, replaying: Bool) throws -> Decision {
        // Deciding again settles a note's conflict only on the note as D1 has it (after a pull).
        if !replaying, let note = try note(request.noteID) {
            if let stale = try SyncLedger(db).conflictStillShown(on: note) {
                throw SyncError.conflictNotPulled(stale)
            }
            // Nor on a decision taken back (undo, discard) that the copy still shows.
            if let dropped = try SyncLedger(db).droppedStillShown(on: note) {
                throw SyncError.droppedNotPulled(dropped)
            }
        }
        let decision = try decideLocked(request)
        try SyncLedger(db).record(decision.entry, settlingConflicts: !replaying)
        return decision
    }
}
