/// One decision a moderator wants written, with what they saw when they made it.
package struct DecisionRequest: Sendable, Equatable {
    package let noteID: Int64
    package let action: ModerationAction
    package let moderator: Moderator
    /// Why (required for reject and reopen).
    package let reason: ModerationReason?
    /// The note's version the moderator acted on: what they passed with
    /// `--expect-version`, or what the command read first.
    package let actedOnVersion: Int64
    /// The state the moderator saw, when known (nil when only a version was given).
    package let actedOnState: NoteState?
    /// When the decision is made (stored as D1's UTC text).
    package let time: Instant
    /// For a promotion: the option's label and section (the note's text, community, by default).
    package let option: OptionDraft
    /// The note's text, session and creation time the moderator decided on, when they must
    /// still be the note's (a replay by `tally pull`, a key pressed in `notes review`); nil when
    /// the note is read in the same transaction (a decision made now is made on the note as it is).
    package let seen: SeenNote?
    /// The digest (`SeenNote.digest`) of the note the moderator was shown, when that is all the
    /// decision carries back (a page form, `notes approve --expect`); checked as `seen` is.
    package let seenDigest: String?

    /// A decision request; see the properties.
    package init(
        noteID: Int64, action: ModerationAction, moderator: Moderator, reason: ModerationReason? = nil,
        actedOnVersion: Int64, actedOnState: NoteState? = nil, time: Instant, option: OptionDraft = .verbatim,
        seen: SeenNote? = nil, seenDigest: String? = nil
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
        self.seenDigest = seenDigest
    }
}
