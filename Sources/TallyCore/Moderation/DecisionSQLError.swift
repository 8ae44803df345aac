/// Why decisions could not be written as SQL. Nothing is written then.
package enum DecisionSQLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A log entry cannot be replayed safely.
    case cannotExport(entry: Int64, note: Int64, why: String)
    /// A statement would exceed D1's 100 KB limit.
    case statementTooLarge(entry: Int64, note: Int64, bytes: Int)
    /// A log entry's time cannot be read, so `--since` cannot place it.
    case unreadableTime(entry: Int64, note: Int64, stored: String)

    /// Why, without what to do (a push says that in its own words).
    package var reason: String {
        switch self {
        case .cannotExport(_, _, let why): return why
        case .statementTooLarge(_, _, let bytes):
            return
                "its SQL would need a \(bytes)-byte statement; D1 accepts at most \(DecisionSQL.maximumStatementBytes)"
        case .unreadableTime(_, _, let stored): return "its time \(MessageText.quoted(stored)) is not a timestamp"
        }
    }

    /// Which entry, why, and what to do instead.
    package var description: String {
        switch self {
        case .cannotExport(let entry, let note, let why):
            return "cannot export moderation_log entry \(entry) (note \(note)): \(why); "
                + "export the decisions after it with --since, or correct the entry"
        case .statementTooLarge(let entry, let note, let bytes):
            return "moderation_log entry \(entry) (note \(note)) would need a \(bytes)-byte statement; D1 accepts "
                + "at most \(DecisionSQL.maximumStatementBytes); apply that decision on D1 by hand"
        case .unreadableTime(let entry, let note, let stored):
            return "moderation_log entry \(entry) (note \(note)) has the time \(MessageText.quoted(stored)), which "
                + "is not a timestamp; --since cannot place it; export without --since"
        }
    }
}
