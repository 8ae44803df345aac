/// Where a decision of this copy stands, as a moderator is told it (the command line and the
/// moderation page read this, never the ledger's raw state or its English detail).
package enum DecisionStanding: Sendable, Equatable {
    /// Made in this copy, not sent (`SyncState.unpushed`): it can still be withdrawn.
    case inThisCopy
    /// Sent, and D1's answer was not read (`SyncState.sent`): D1 may hold it or not. It cannot be
    /// withdrawn; the next push or pull reads D1 and settles it. A push still running counts here too.
    case outcomeUnknown
    /// D1 took the request (or the push file was written), not yet seen in D1's log (`SyncState.pushed`).
    case sentNotConfirmed
    /// D1's log holds this very decision (`SyncState.confirmed`).
    case onD1
    /// D1 did not take it; the kind says why (nil: another moderation rule's refusal, in the detail).
    case inConflict(SyncConflictReason?)
    /// Withdrawn (`notes undo`, the page's undo) or discarded (`notes discard`) (`SyncState.dropped`).
    case withdrawn
    /// A conflict the moderator settled by deciding again (`SyncState.settled`).
    case settled
}

extension SyncDecision {
    /// Where it stands (see `DecisionStanding`).
    package var standing: DecisionStanding {
        switch state {
        case .unpushed: .inThisCopy
        case .sent: .outcomeUnknown
        case .pushed: .sentNotConfirmed
        case .confirmed: .onD1
        case .conflict: .inConflict(conflictReason)
        case .dropped: .withdrawn
        case .settled: .settled
        }
    }
}

extension SyncLedger {
    /// The decision that says where note `id` stands: its latest decision not withdrawn, else its
    /// latest; nil when this copy made none (or has no ledger).
    package func latestDecision(ofNote id: Int64) throws -> SyncDecision? {
        let mine = try decisions(where: "note_id = \(id)")
        return mine.last { $0.state != .dropped } ?? mine.last
    }
}
