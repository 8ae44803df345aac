/// Where a note stands in moderation: the states of the moderation state machine.
///
/// `promoted` is derived, not stored: a promoted note keeps `status = 'approved'`
/// (the vote page may list approved notes by status) and points at its option
/// through `promoted_option_id` (see migrations/0002_tally_moderation.sql).
/// It is also the `to_status` the log records for a promotion.
package enum NoteState: String, Sendable, CaseIterable, Hashable {
    /// Waiting for a decision.
    case pending
    /// Approved; not (yet) a votable option.
    case approved
    case rejected
    /// Approved and turned into a `community` option.
    case promoted

    /// The state of a stored row, or nil when the combination is not one tally
    /// knows (an unknown status, or an option link on a note that is not approved).
    package init?(storedStatus: String, promotedOptionID: Int64?) {
        switch (storedStatus, promotedOptionID) {
        case ("pending", nil): self = .pending
        case ("approved", nil): self = .approved
        case ("approved", .some): self = .promoted
        case ("rejected", nil): self = .rejected
        default: return nil
        }
    }

    /// The value the `suggestions.status` column holds in this state.
    package var storedStatus: String { self == .promoted ? "approved" : rawValue }

    /// The state an action leads to from this one, or nil when the action is not
    /// allowed here. The whole state machine:
    /// pending → approved | rejected; approved | rejected → pending (reopen);
    /// approved → promoted. A promoted note is final: its option exists and may
    /// already have votes.
    package func applying(_ action: ModerationAction) -> NoteState? {
        action.sources.contains(self) ? action.target : nil
    }
}
