/// Where one local decision stands between this copy and D1.
package enum SyncState: String, Sendable, Equatable, CaseIterable {
    /// Made here, not yet written into a push.
    case unpushed
    /// Carried by a request that left for D1 and whose answer was not read: the answer was lost, the
    /// wrangler timed out or wrote what tally cannot read, or tally was killed while it ran. Entered before
    /// the request is sent, so the copy never says "unpushed" of a decision D1 may hold. The outcome is
    /// unknown: it is neither withdrawn nor discarded (D1 may hold it); the next push or pull reads D1's
    /// log and settles it (confirmed, conflict, or unpushed again when D1 holds no trace of it).
    case sent
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
    package var isOutstanding: Bool {
        self == .unpushed || self == .sent || self == .pushed || self == .conflict
    }
}
