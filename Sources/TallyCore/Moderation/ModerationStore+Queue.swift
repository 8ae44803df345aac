import TallySQLite

/// The start of a note's text as a listing shows it: at most `NoteExcerpt.characters` characters (grapheme
/// clusters, never split), read from at most `NoteExcerpt.readScalars` of its stored characters, so a note of
/// 2 MB costs a listing what a short one does. `isWhole` says whether this is the whole text.
package struct NoteExcerpt: Sendable, Equatable {
    /// The characters shown (the whole text when `isWhole`).
    package let text: String
    /// True when `text` is the note's whole text.
    package let isWhole: Bool

    /// How many characters a listing shows of a note: about ten lines on a phone.
    package static let characters = 400
    /// How many of a note's stored characters (SQLite's: code points of text, bytes of a BLOB) a listing
    /// reads: enough for `characters` characters of ordinary text, and a bound on one made of combining marks.
    package static let readScalars = 1_600

    /// The excerpt of a text whose first `readScalars` stored characters (or all, when fewer) are `head`;
    /// `more` when the text goes on after them.
    package init(head: String, more: Bool) {
        let read = head.count
        if !more, read <= Self.characters {
            (text, isWhole) = (head, true)
        } else if read > Self.characters {
            // A cluster's end before the read's last one is the text's too: the rules look back, not ahead.
            (text, isWhole) = (String(head.prefix(Self.characters)), false)
        } else {
            // The read ended inside a run of marks: its last cluster may go on, so it is left out.
            (text, isWhole) = (String(head.dropLast()), false)
        }
    }

    /// The SQL expression a listing selects for a note's excerpt (`head`), over `suggestions`: one stored
    /// character more than `readScalars`, which says whether the text goes on (`length(content)` would read and
    /// count all of a long note).
    static let columns = "substr(content, 1, \(readScalars + 1)) AS head"

    init(row: Row) throws {
        let value = try row.value("head", of: "suggestions")
        var head = value.storedText ?? ""
        var more = false
        switch value {
        case .text(let text) where text.unicodeScalars.count > Self.readScalars:
            more = true
            head = String(String.UnicodeScalarView(text.unicodeScalars.prefix(Self.readScalars)))
        case .blob(let bytes) where bytes.count > Self.readScalars:
            more = true
            head = String(decoding: bytes.prefix(Self.readScalars), as: UTF8.self)
        default: break
        }
        self.init(head: head, more: more)
    }
}

/// A note as a listing shows it: its number, state and author, and its text's excerpt.
package struct NoteSummary: Sendable, Equatable {
    package let id: Int64
    package let session: String?
    /// `suggestions.status` as stored.
    package let status: String
    /// The moderation state, or nil when the stored status is not one tally knows.
    package let state: NoteState?
    package let version: Int64
    /// `created_at` as stored, and read as an instant when it is one.
    package let createdAt: String
    package let created: Instant?
    package let promotedOptionID: Int64?
    package let excerpt: NoteExcerpt

    /// The state's name, or the stored status when tally does not know it.
    package var stateName: String { state?.rawValue ?? status }

    static let columns =
        "id, session_id, status, version, created_at, promoted_option_id, \(NoteExcerpt.columns)"

    init(row: Row) throws {
        let column = { (name: String) throws -> SQLValue in try row.value(name, of: "suggestions") }
        id = try column("id").int64 ?? 0
        session = try column("session_id").storedText
        status = try column("status").storedText ?? ""
        promotedOptionID = try column("promoted_option_id").int64
        state = NoteState(storedStatus: status, promotedOptionID: promotedOptionID)
        version = try column("version").int64 ?? 0
        createdAt = try column("created_at").storedText ?? ""
        created = StoredTimestamp.parse(createdAt)
        excerpt = try NoteExcerpt(row: row)
    }
}

/// One author's notes besides those shown: the latest few, and how many there are in all.
package struct OtherNotes: Sendable, Equatable {
    /// The latest notes, newest (highest number) first, at most `OtherNotes.shown`.
    package let notes: [NoteSummary]
    /// How many there are in all.
    package let total: Int

    /// How many of an author's other notes a page lists.
    package static let shown = 10

    package init(notes: [NoteSummary], total: Int) {
        self.notes = notes
        self.total = total
    }
}

/// Which pending notes the queue shows first.
package enum QueueOrder: String, Sendable, CaseIterable {
    case oldest, newest
}

/// One page of the queue: the pending notes it shows, in order, with what the page needs of their
/// authors. Read in a handful of statements whatever the number or length of the notes.
package struct PendingPage: Sendable {
    /// The page's notes in the order asked.
    package let notes: [PendingNote]
    /// This page's number (from 1) and how many pages the pending notes fill (at least 1).
    package let number: Int
    package let count: Int
    /// How many notes are pending in all.
    package let pending: Int
    package let order: QueueOrder
    /// Per author (session) on the page: how many of her notes are pending in all, and her decided notes.
    package let pendingByAuthor: [String: Int]
    package let othersByAuthor: [String: OtherNotes]

    /// How many notes a queue page shows: what a phone reads in a few screens.
    package static let size = 25
}

/// A pending note on a queue page: its summary, and when its whole text is shown, what a decision
/// made from the page carries back (`SeenNote`; read only for these).
package struct PendingNote: Sendable {
    package let summary: NoteSummary
    package let seen: SeenNote?
}

extension ModerationStore {
    /// The condition of a pending note (the state `NoteState.pending`).
    static let pendingSQL = "status = 'pending' AND promoted_option_id IS NULL"

    /// Page `number` (from 1; past the last, the last) of the pending notes in `order` (by creation time,
    /// then number). The notes' ids are chosen first, so only the page's notes are read whole.
    package func pendingPage(_ number: Int, order: QueueOrder, size: Int = PendingPage.size) throws -> PendingPage {
        let pending = Int(try db.scalar("SELECT count(*) FROM suggestions WHERE \(Self.pendingSQL)")?.int64 ?? 0)
        let count = max(1, (pending + size - 1) / size)
        let number = min(max(1, number), count)
        let direction = order == .oldest ? "ASC" : "DESC"
        let ids = try db.query(
            "SELECT id FROM suggestions WHERE \(Self.pendingSQL) ORDER BY created_at \(direction), id \(direction) "
                + "LIMIT ? OFFSET ?", [.integer(Int64(size)), .integer(Int64((number - 1) * size))]
        ).compactMap { $0[0].int64 }
        var byID: [Int64: NoteSummary] = [:]
        if !ids.isEmpty {
            let list = ids.map { String($0) }.joined(separator: ",")
            for row in try db.query("SELECT \(NoteSummary.columns) FROM suggestions WHERE id IN (\(list))") {
                let summary = try NoteSummary(row: row)
                byID[summary.id] = summary
            }
        }
        var notes: [PendingNote] = []
        for id in ids {
            guard let summary = byID[id] else { continue }
            // The digest only of a note shown whole: a shortened one is decided on its own page.
            let seen = summary.excerpt.isWhole ? try SeenNote.current(id, in: db) : nil
            notes.append(PendingNote(summary: summary, seen: seen))
        }
        var pendingByAuthor: [String: Int] = [:]
        var othersByAuthor: [String: OtherNotes] = [:]
        for session in Set(notes.compactMap(\.summary.session)) {
            pendingByAuthor[session] = Int(
                try db.scalar(
                    "SELECT count(*) FROM suggestions WHERE session_id = ? AND \(Self.pendingSQL)", [.text(session)])?
                    .int64 ?? 0)
            othersByAuthor[session] = try otherNotes(of: session, where: "NOT (\(Self.pendingSQL))")
        }
        return PendingPage(
            notes: notes, number: number, count: count, pending: pending, order: order,
            pendingByAuthor: pendingByAuthor, othersByAuthor: othersByAuthor)
    }

    /// The notes of `session` that match `condition` (SQL over `suggestions`, tally's own text) besides note
    /// `excluding`: the latest `OtherNotes.shown` by number, and how many in all.
    package func otherNotes(of session: String, where condition: String = "1", excluding: Int64? = nil) throws
        -> OtherNotes
    {
        let filter = "session_id = ? AND (\(condition)) AND id IS NOT ?"
        let values: [SQLValue] = [.text(session), excluding.map { .integer($0) } ?? .null]
        let total = Int(try db.scalar("SELECT count(*) FROM suggestions WHERE \(filter)", values)?.int64 ?? 0)
        let ids = try db.query(
            "SELECT id FROM suggestions WHERE \(filter) ORDER BY id DESC LIMIT \(OtherNotes.shown)", values
        ).compactMap { $0[0].int64 }
        guard !ids.isEmpty else { return OtherNotes(notes: [], total: total) }
        let list = ids.map { String($0) }.joined(separator: ",")
        let notes = try db.query(
            "SELECT \(NoteSummary.columns) FROM suggestions WHERE id IN (\(list)) ORDER BY id DESC"
        ).map(NoteSummary.init(row:))
        return OtherNotes(notes: notes, total: total)
    }
}
