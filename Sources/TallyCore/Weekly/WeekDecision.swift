/// A moderation decision recorded during a week, with the text of the note it was about.
package struct WeekDecision: Sendable, Equatable {
    /// The log entry as recorded.
    package let entry: ModerationLogEntry
    /// The note's text as stored now; nil when the note is not in `suggestions`.
    package let noteContent: String?
}
