/// Which notes a listing shows, by state.
package enum NoteFilter: String, Sendable, CaseIterable {
    /// Waiting for a decision.
    case pending
    /// Stored as approved: approved notes and promoted ones.
    case approved
    case rejected
    /// Approved and turned into an option.
    case promoted
    /// Every note, including any whose stored status tally does not know.
    case all

    /// True when the note is shown under this filter.
    package func matches(_ note: Note) -> Bool {
        switch self {
        case .all: return true
        case .approved: return note.state == .approved || note.state == .promoted
        case .pending: return note.state == .pending
        case .rejected: return note.state == .rejected
        case .promoted: return note.state == .promoted
        }
    }
}
