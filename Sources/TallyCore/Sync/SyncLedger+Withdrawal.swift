import TallySQLite

/// Who takes back a decision of this copy (an undo, or keeping D1's decision in a conflict), and
/// whether she may take back decisions other moderators made: a decision stays its maker's, and
/// only the copy's owner (serve's `--as`, or whoever runs `tally notes` on the file) acts on anyone's.
package struct Withdrawer: Sendable, Equatable {
    /// The name the withdrawal is recorded under; nil when the command line was given none.
    package let name: String?
    /// True for the copy's owner.
    package let mayActOnOthers: Bool
    /// When, as D1 text (UTC).
    package let at: String

    /// A withdrawer; see the properties.
    package init(name: String?, mayActOnOthers: Bool, at: String) {
        self.name = name
        self.mayActOnOthers = mayActOnOthers
        self.at = at
    }

    /// True when she may take back `decision`.
    package func mayWithdraw(_ decision: SyncDecision) -> Bool { mayActOnOthers || decision.moderator == name }
}

/// What taking back a decision did.
package enum Withdrawal: Sendable, Equatable {
    /// These decisions are now dropped (in the order they were made), recorded under the withdrawer's name.
    case withdrawn([SyncDecision])
    /// Nothing was changed: this decision (the one that would have been taken back) is another moderator's.
    case notYours(SyncDecision)
    /// Nothing was changed: there was nothing to take back.
    case nothing
}

extension SyncLedger {
    /// Withdraws the latest decision on a note while it is unsent (an undo): kept in the ledger as
    /// dropped, with who withdrew it and when, never pushed, never replayed by a pull, which then
    /// brings the note as D1 has it. Decisions dropped before are passed over (a pull enters them after
    /// the ones it replays). Nothing changes when the note's latest decision is sent, settled, in
    /// conflict or not this copy's (`.nothing`), or when it is another moderator's and `by` may not
    /// act on others' decisions (`.notYours`): checked in the same write transaction as the change.
    /// - Throws: `SyncError.outcomeUnknown` when it was sent and D1's answer was not read: D1 may hold it.
    package func withdrawLatest(of noteID: Int64, by withdrawer: Withdrawer) throws -> Withdrawal {
        try write {
            try upgrade()
            guard let latest = try decisions(where: "note_id = \(noteID) AND state <> 'dropped'").last else {
                return .nothing
            }
            // One whose answer was lost may be on D1: withdrawn here, the copy would say it is not.
            if latest.state == .sent { throw SyncError.outcomeUnknown(latest) }
            guard latest.state == .unpushed else { return .nothing }
            guard withdrawer.mayWithdraw(latest) else { return .notYours(latest) }
            try markDropped(latest.seq, by: withdrawer)
            return .withdrawn([latest])
        }
    }

    /// Drops the open conflicts of a note on purpose (keeping D1's decision), and every later
    /// unconfirmed decision on it (made on top of the first of them, so it cannot stand without it);
    /// kept in the ledger as dropped, with who dropped them and when. Nothing changes when the note
    /// has no conflict (`.nothing`), or when one of them is another moderator's and `by` may not act
    /// on others' decisions (`.notYours`, naming the first such): checked in the same write transaction.
    /// - Throws: `SyncError.outcomeUnknown` when a later decision on it was sent and D1's answer was not read.
    package func dropConflicts(of noteID: Int64, by withdrawer: Withdrawer) throws -> Withdrawal {
        try write {
            try upgrade()
            let dropped = try keepingD1Drops(of: noteID)
            if dropped.isEmpty { return .nothing }
            // One whose answer was lost may be on D1: dropped here, the copy would say it is not.
            if let first = dropped.first,
                let sent = try decisions(
                    where: "note_id = \(noteID) AND state = 'sent' AND seq > \(first.seq)"
                ).first
            {
                throw SyncError.outcomeUnknown(sent)
            }
            if let other = dropped.first(where: { !withdrawer.mayWithdraw($0) }) { return .notYours(other) }
            for decision in dropped { try markDropped(decision.seq, by: withdrawer) }
            return .withdrawn(dropped)
        }
    }

    /// The decisions keeping D1's decision on a note drops (`dropConflicts`): its open conflicts and every
    /// later unconfirmed decision on it, in the order they were made; empty when the note has no conflict.
    package func keepingD1Drops(of noteID: Int64) throws -> [SyncDecision] {
        let note = "note_id = \(noteID)"
        guard let first = try decisions(where: "\(note) AND state = 'conflict'").first else { return [] }
        return try decisions(
            where: "\(note) AND (state = 'conflict' OR (state IN ('unpushed', 'pushed') AND seq > \(first.seq)))")
    }

    private func markDropped(_ seq: Int64, by withdrawer: Withdrawer) throws {
        try db.execute(
            "UPDATE tally_sync_decisions SET state = 'dropped', dropped_by = ?, dropped_at = ? WHERE seq = ?",
            [SQLValue(withdrawer.name), .text(withdrawer.at), .integer(seq)])
    }
}
