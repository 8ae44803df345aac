/// A moderator's decision about a note.
package enum ModerationAction: String, Sendable, CaseIterable, Hashable {
    /// pending → approved.
    case approve
    /// pending → rejected (a reason is required).
    case reject
    /// approved or rejected → pending (a reason is required).
    case reopen
    /// approved → promoted: the note becomes a `community` option.
    case promote

    /// The states this action may be taken from.
    package var sources: Set<NoteState> {
        switch self {
        case .approve, .reject: return [.pending]
        case .reopen: return [.approved, .rejected]
        case .promote: return [.approved]
        }
    }

    /// The state this action leads to.
    package var target: NoteState {
        switch self {
        case .approve: return .approved
        case .reject: return .rejected
        case .reopen: return .pending
        case .promote: return .promoted
        }
    }

    /// True when the decision must say why: undoing or refusing someone's note
    /// is what a later reader most needs explained.
    package var requiresReason: Bool { self == .reject || self == .reopen }

    /// `approved`, `rejected`, `reopened`, `promoted` — for messages.
    package var pastTense: String {
        switch self {
        case .approve: return "approved"
        case .reject: return "rejected"
        case .reopen: return "reopened"
        case .promote: return "promoted"
        }
    }
}
