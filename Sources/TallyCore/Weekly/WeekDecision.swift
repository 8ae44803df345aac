/// A moderation decision recorded during a week, with the text of the note it was about.
public struct WeekDecision: Sendable, Equatable {
    /// The log entry as recorded.
    public let entry: ModerationLogEntry
    /// The note's text as stored now; nil when the note is not in `suggestions`.
    public let noteContent: String?

    /// A decision and its note's text.
    public init(entry: ModerationLogEntry, noteContent: String?) {
        self.entry = entry
        self.noteContent = noteContent
    }
}
