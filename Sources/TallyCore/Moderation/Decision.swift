/// A decision that was written: the note before and after, and its log entry.
public struct Decision: Sendable, Equatable {
    /// The note as it was.
    public let before: Note
    /// The note as it is now.
    public let after: Note
    /// The entry appended to `moderation_log`.
    public let entry: ModerationLogEntry
}
