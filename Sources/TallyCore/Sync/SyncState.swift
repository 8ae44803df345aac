/// Where one local decision stands between this copy and D1.
package enum SyncState: String, Sendable, Equatable, CaseIterable {
    /// Made here, not yet written into a push.
    case unpushed
    /// Written into a push (a file, or sent by `push --wrangler`), not yet seen in D1's data.
    case pushed
    /// Seen in D1's data: D1's log holds this very decision (note, version, action, moderator, time).
    case confirmed
    /// D1 holds a different decision at this version, or the note moved on D1: not applied.
    case conflict
    /// A conflict the moderator settled by deciding again on the note.
    case settled
    /// A conflict the moderator settled by dropping the local decision on purpose.
    case dropped

    /// True while the decision may still be lost by replacing the local database.
    package var isOutstanding: Bool { self == .unpushed || self == .pushed || self == .conflict }
}
