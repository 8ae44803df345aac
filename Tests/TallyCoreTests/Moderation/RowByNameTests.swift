import TallySQLite
import Testing

@testable import TallyCore

/// Notes and log entries are read by column name: a SELECT with its columns in another order
/// reads the same values, and one without a column says which, instead of shifting the others.
@Suite("Notes and log entries read by column name")
struct RowByNameTests {
    @Test func aNoteReadsTheSameWhateverTheColumnOrder() throws {
        let fixture = try ModerationFixture()
        try fixture.decide(.approve, 2, by: "mod-b")
        let reversed = Note.columns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .reversed().joined(separator: ", ")
        let row = try #require(try fixture.db.query("SELECT \(reversed) FROM suggestions WHERE id = 2").first)
        let note = try Note(row: row)
        #expect(note == (try fixture.store.note(2)))
        #expect(note.id == 2)
        #expect(note.content == "second")
        #expect(note.reviewedBy == "mod-b")
        #expect(note.version == 1)
    }

    @Test func aLogEntryReadsTheSameWhateverTheColumnOrder() throws {
        let fixture = try ModerationFixture()
        try fixture.decide(.reject, 3, by: "mod-c", reason: "off topic")
        let reversed = ModerationLogEntry.columns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .reversed().joined(separator: ", ")
        let row = try #require(try fixture.db.query("SELECT \(reversed) FROM moderation_log").first)
        let entry = try ModerationLogEntry(row: row)
        #expect(entry == (try fixture.store.history(of: 3).first))
        #expect(entry.noteID == 3)
        #expect(entry.moderator == "mod-c")
        #expect(entry.reason == "off topic")
        #expect(entry.to == "rejected")
    }

    @Test func aMissingColumnIsNamedNotShifted() throws {
        let fixture = try ModerationFixture()
        // Without `status`, a reading by position would have put `version` in `status`.
        let row = try #require(
            try fixture.db.query(
                "SELECT id, session_id, content, version, created_at, reviewed_by, reviewed_at, review_reason, "
                    + "promoted_option_id FROM suggestions WHERE id = 1"
            ).first)
        #expect(throws: ModerationError.schemaMissing("suggestions.status")) { try Note(row: row) }
        let log = Row(columns: ["id", "suggestion_id"], values: [.integer(1), .integer(1)])
        #expect(throws: ModerationError.schemaMissing("moderation_log.action")) { try ModerationLogEntry(row: log) }
    }
}
