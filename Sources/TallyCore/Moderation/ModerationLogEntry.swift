import TallySQLite

/// One row of `moderation_log`: a decision, as it was recorded.
///
/// Action and statuses are kept as text: the log is history, and may hold
/// entries written by another tool; nothing read from it is rejected.
package struct ModerationLogEntry: Sendable, Equatable {
    /// `moderation_log.id`: the order decisions were recorded in.
    package let id: Int64
    /// The note decided about.
    package let noteID: Int64
    /// `approve`, `reject`, `reopen` or `promote`.
    package let action: String
    /// The state before (`pending`, `approved`, `rejected`).
    package let from: String
    /// The state after (`pending`, `approved`, `rejected`, `promoted`).
    package let to: String
    package let moderator: String
    package let reason: String?
    /// When, as stored (UTC text).
    package let createdAt: String
    /// When, read as an instant; nil when the stored text is not a timestamp.
    package let time: Instant?
    /// The note's version after this decision.
    package let version: Int64
    /// The option a promotion created.
    package let optionID: Int64?

    /// An entry as stored; `createdAt` is read into `time` here.
    package init(
        id: Int64, noteID: Int64, action: String, from: String, to: String, moderator: String, reason: String?,
        createdAt: String, version: Int64, optionID: Int64?
    ) {
        self.id = id
        self.noteID = noteID
        self.action = action
        self.from = from
        self.to = to
        self.moderator = moderator
        self.reason = reason
        self.createdAt = createdAt
        self.time = StoredTimestamp.parse(createdAt)
        self.version = version
        self.optionID = optionID
    }

    /// The action, when it is one tally knows.
    package var knownAction: ModerationAction? { ModerationAction(rawValue: action) }

    /// The columns `ModerationLogEntry(row:)` reads, in order.
    static let columns =
        "id, suggestion_id, action, from_status, to_status, moderator, reason, created_at, version, option_id"

    /// An entry from a row selected with `ModerationLogEntry.columns`, read by column name, so a
    /// changed SELECT cannot shift one field into another. Throws `ModerationError.schemaMissing`
    /// naming a column the row lacks.
    init(row: Row) throws {
        let column = { (name: String) throws -> SQLValue in try row.value(name, of: "moderation_log") }
        self.init(
            id: try column("id").int64 ?? 0, noteID: try column("suggestion_id").int64 ?? 0,
            action: try column("action").storedText ?? "", from: try column("from_status").storedText ?? "",
            to: try column("to_status").storedText ?? "", moderator: try column("moderator").storedText ?? "",
            reason: try column("reason").storedText, createdAt: try column("created_at").storedText ?? "",
            version: try column("version").int64 ?? 0, optionID: try column("option_id").int64)
    }

    /// "approved by mod-a at 2026-09-24 01:55:00 UTC", with the option for a promotion.
    package var summary: String { summary(in: nil) }

    /// The summary with its time in `zone` ("… at 2026-09-24 09:55:00 +08:00"); UTC when nil.
    package func summary(in zone: Zone?) -> String {
        let verb = knownAction?.pastTense ?? "\(MessageText.quoted(action)) recorded"
        var text = "\(verb) by \(MessageText.quoted(moderator)) at \(timeText(in: zone))"
        if let optionID { text += " as option #\(optionID)" }
        return text + " (version \(version))"
    }

    /// When, in `zone` with its offset (`2026-09-24 09:55:00 +08:00`), or as D1's UTC text when
    /// `zone` is nil or UTC; the stored text quoted when it is not a timestamp.
    package func timeText(in zone: Zone?) -> String { MessageText.time(createdAt, in: zone) }
}
