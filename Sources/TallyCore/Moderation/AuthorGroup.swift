/// The notes one browser session wrote, with the signals a moderator needs
/// about them: several approved notes from one session, and whether that
/// session voted for the options its own notes became.
///
/// Sessions are not people: one person may have several sessions, and these
/// are signals to look at, not proof of anything.
package struct AuthorGroup: Sendable, Equatable {
    /// A promoted note of this session and the author's votes for its option.
    package struct PromotedOption: Sendable, Equatable {
        package let noteID: Int64
        /// The option it became.
        package let optionID: Int64
        /// Votes this same session gave that option.
        package let votesByAuthor: Int
    }

    /// How many approved notes (promoted ones included) make a session worth flagging.
    package static let flagThreshold = 2

    /// The session id, or nil for notes stored without one.
    package let session: String?
    /// Every note of this session, by id.
    package let notes: [Note]
    /// The session's promoted notes, by note id.
    package let promotedOptions: [PromotedOption]

    /// The first 8 characters of the session id: enough to tell sessions apart on screen.
    package var shortSession: String { AuthorGroup.short(session) }

    /// A session as moderators see it: its first 8 characters, `(none)` when missing.
    package static func short(_ session: String?) -> String { session.map { String($0.prefix(8)) } ?? "(none)" }

    /// Notes approved or promoted.
    package var approvedCount: Int { notes.filter { $0.state == .approved || $0.state == .promoted }.count }

    /// True when one (known) session has several approved notes.
    package var isFlagged: Bool { session != nil && approvedCount >= AuthorGroup.flagThreshold }

    /// Whether the session voted for at least one of its own promoted options;
    /// nil when it has none.
    package var votedForOwnOption: Bool? {
        promotedOptions.isEmpty ? nil : promotedOptions.contains { $0.votesByAuthor > 0 }
    }

    /// How many of the session's notes are in each state, in state order, leaving out zeros.
    package var stateCounts: [(state: String, count: Int)] {
        var order: [String] = NoteState.allCases.map(\.rawValue)
        var counts: [String: Int] = [:]
        for note in notes {
            counts[note.stateName, default: 0] += 1
            if !order.contains(note.stateName) { order.append(note.stateName) }
        }
        return order.compactMap { name in counts[name].map { (name, $0) } }
    }

    /// Groups notes by session, in the order of each session's first note;
    /// notes without a session come last, as one group.
    ///
    /// - Parameter ownOptionVotes: note id → votes its author gave its option
    ///   (from `ModerationStore.ownOptionVotes()`).
    package static func grouping(_ notes: [Note], ownOptionVotes: [Int64: Int]) -> [AuthorGroup] {
        var order: [String?] = []
        var bySession: [String?: [Note]] = [:]
        for note in notes.sorted(by: { $0.id < $1.id }) {
            if bySession[note.session] == nil { order.append(note.session) }
            bySession[note.session, default: []].append(note)
        }
        if let index = order.firstIndex(where: { $0 == nil }) { order.append(order.remove(at: index)) }
        return order.map { session in
            let members = bySession[session] ?? []
            let promoted = members.compactMap { note in
                note.promotedOptionID.map {
                    PromotedOption(noteID: note.id, optionID: $0, votesByAuthor: ownOptionVotes[note.id] ?? 0)
                }
            }
            return AuthorGroup(session: session, notes: members, promotedOptions: promoted)
        }
    }
}
