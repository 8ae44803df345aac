/// A decision that was written: the note before and after, and its log entry.
package struct Decision: Sendable, Equatable {
    /// The note as it was.
    package let before: Note
    /// The note as it is now.
    package let after: Note
    /// The entry appended to `moderation_log`.
    package let entry: ModerationLogEntry
}
