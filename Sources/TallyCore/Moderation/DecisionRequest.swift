/// One decision a moderator wants written, with what they saw when they made it.
public struct DecisionRequest: Sendable, Equatable {
    /// The note.
    public let noteID: Int64
    /// What to do.
    public let action: ModerationAction
    /// Who decides.
    public let moderator: Moderator
    /// Why (required for reject and reopen).
    public let reason: ModerationReason?
    /// The note's version the moderator acted on: what they passed with
    /// `--expect-version`, or what the command read first.
    public let actedOnVersion: Int64
    /// The state the moderator saw, when known (nil when only a version was given).
    public let actedOnState: NoteState?
    /// When the decision is made (stored as D1's UTC text).
    public let time: Instant
    /// For a promotion: the option's label and section (the note's text, community, by default).
    public let option: OptionDraft
    /// The note's text, session and creation time the moderator decided on, when they must
    /// still be the note's (a replay by `tally pull`); nil when the note is read in the same
    /// transaction (a decision made now is made on the note as it is).
    public let seen: SeenNote?

    /// A decision request; see the properties.
    public init(
        noteID: Int64, action: ModerationAction, moderator: Moderator, reason: ModerationReason? = nil,
        actedOnVersion: Int64, actedOnState: NoteState? = nil, time: Instant, option: OptionDraft = .verbatim,
        seen: SeenNote? = nil
    ) {
        self.noteID = noteID
        self.action = action
        self.moderator = moderator
        self.reason = reason
        self.actedOnVersion = actedOnVersion
        self.actedOnState = actedOnState
        self.time = time
        self.option = option
        self.seen = seen
    }
}
