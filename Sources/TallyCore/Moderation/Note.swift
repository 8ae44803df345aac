import TallySQLite

/// A sticky note (a row of `suggestions`) as moderation sees it.
///
/// Text is kept exactly as stored: content is the visitor's, verbatim; it is
/// escaped only when rendered, for the output at hand.
package struct Note: Sendable, Equatable {
    /// `suggestions.id`.
    package let id: Int64
    /// The browser session that wrote the note (may be missing).
    package let session: String?
    /// The note's text, verbatim.
    package let content: String
    /// `suggestions.status` as stored.
    package let status: String
    /// The moderation state, or nil when the stored status is not one tally knows.
    package let state: NoteState?
    /// Bumped by every decision; what concurrent moderators compare and set.
    package let version: Int64
    /// `created_at` as stored.
    package let createdAt: String
    /// `created_at` read as an instant, or nil when it is not a timestamp.
    package let created: Instant?
    /// Who made the latest decision.
    package let reviewedBy: String?
    /// When the latest decision was made, as stored.
    package let reviewedAt: String?
    /// Why, when a reason was given.
    package let reviewReason: String?
    /// The `community` option this note became, when promoted.
    package let promotedOptionID: Int64?

    /// A note as stored; its state and creation time are derived here.
    package init(
        id: Int64, session: String?, content: String, status: String, version: Int64, createdAt: String,
        reviewedBy: String? = nil, reviewedAt: String? = nil, reviewReason: String? = nil,
        promotedOptionID: Int64? = nil
    ) {
        self.id = id
        self.session = session
        self.content = content
        self.status = status
        self.state = NoteState(storedStatus: status, promotedOptionID: promotedOptionID)
        self.version = version
        self.createdAt = createdAt
        self.created = StoredTimestamp.parse(createdAt)
        self.reviewedBy = reviewedBy
        self.reviewedAt = reviewedAt
        self.reviewReason = reviewReason
        self.promotedOptionID = promotedOptionID
    }

    /// The state's name, or the stored status when tally does not know it.
    package var stateName: String { state?.rawValue ?? status }

    /// The columns `Note(row:)` reads, in order.
    static let columns =
        "id, session_id, content, status, version, created_at, reviewed_by, reviewed_at, review_reason, promoted_option_id"

    /// A note from a row selected with `Note.columns`, read by column name, so a changed SELECT
    /// cannot shift one field into another. Throws `ModerationError.schemaMissing` naming a
    /// column the row lacks.
    init(row: Row) throws {
        let column = { (name: String) throws -> SQLValue in try row.value(name, of: "suggestions") }
        self.init(
            id: try column("id").int64 ?? 0, session: try column("session_id").storedText,
            content: try column("content").storedText ?? "", status: try column("status").storedText ?? "",
            version: try column("version").int64 ?? 0, createdAt: try column("created_at").storedText ?? "",
            reviewedBy: try column("reviewed_by").storedText, reviewedAt: try column("reviewed_at").storedText,
            reviewReason: try column("review_reason").storedText,
            promotedOptionID: try column("promoted_option_id").int64)
    }
}

extension Row {
    /// The value of the column `name`, which moderation's own SELECTs always name; a row without
    /// it is `ModerationError.schemaMissing("table.name")`, never another column's value.
    func value(_ name: String, of table: String) throws -> SQLValue {
        guard let value = self[name] else { throw ModerationError.schemaMissing("\(table).\(name)") }
        return value
    }
}
