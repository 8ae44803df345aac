/// A decision that lost a race: the note is no longer in the state the
/// moderator acted on, so the decision was not written.
public struct ModerationConflict: Sendable, Equatable, CustomStringConvertible {
    /// The note.
    public let noteID: Int64
    /// The decision that was refused.
    public let action: ModerationAction
    /// The version the moderator acted on (`--expect-version`, or the one read first).
    public let actedOnVersion: Int64
    /// The note as it was found when the decision was to be written.
    public let found: Note
    /// The decisions the moderator did not see, oldest first — or, when the note
    /// was still at the version acted on, the decision that already moved it
    /// out of the states this action applies to. Empty when the note changed
    /// without a log entry (outside tally).
    public let decisions: [ModerationLogEntry]

    public init(
        noteID: Int64, action: ModerationAction, actedOnVersion: Int64, found: Note, decisions: [ModerationLogEntry]
    ) {
        self.noteID = noteID
        self.action = action
        self.actedOnVersion = actedOnVersion
        self.found = found
        self.decisions = decisions
    }

    /// True when the earlier decision is the very one this moderator tried to make.
    public var sameDecisionMade: Bool {
        decisions.count == 1 && decisions[0].action == action.rawValue
    }

    public var description: String {
        let now = "it is now \(found.stateName) (version \(found.version))"
        let again = "look again with `tally notes show \(noteID)` and decide again if still needed"
        if sameDecisionMade {
            return "conflict: note \(noteID) was already \(decisions[0].summary); "
                + "your \(action.rawValue) was not applied"
        }
        guard !decisions.isEmpty else {
            return "conflict: note \(noteID) changed without a log entry (outside tally) since version "
                + "\(actedOnVersion); \(now); your \(action.rawValue) was not applied; \(again)"
        }
        let what = decisions.map(\.summary).joined(separator: "; then ")
        let since = found.version == actedOnVersion ? "" : " since version \(actedOnVersion)"
        return "conflict: note \(noteID) changed\(since): \(what); \(now); "
            + "your \(action.rawValue) was not applied; \(again)"
    }
}
