import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// Fingerprint records are read by column name: the order a query returns its columns in does not
/// change the bytes hashed, and a missing column is an error, not another column hashed in its place.
@Suite("Fingerprint records by column name")
struct CanonicalLayoutTests {
    static func digest(_ db: Connection, _ sql: String) throws -> [UInt8] {
        let statement = try db.prepare(sql)
        let layout = try CanonicalLayout.option.resolved(in: statement)
        var records = CanonicalRecords()
        while try statement.step() { layout.write(statement, to: &records) }
        return records.finish()
    }

    @Test func columnOrderDoesNotChangeTheRecords() throws {
        let db = try Demo.inMemory()
        let canonical = try Self.digest(db, "SELECT id, content, section, created_at FROM survey_options ORDER BY id")
        let shuffled = try Self.digest(db, "SELECT created_at, section, id, content FROM survey_options ORDER BY id")
        #expect(shuffled == canonical)
        // The check can fail: a different value in one column gives other bytes.
        let changed = try Self.digest(
            db, "SELECT id, content || 'x' AS content, section, created_at FROM survey_options ORDER BY id")
        #expect(changed != canonical)
    }

    @Test func aMissingColumnIsAnErrorNamingIt() throws {
        let db = try Demo.inMemory()
        let statement = try db.prepare("SELECT id, content, created_at FROM survey_options")
        #expect(throws: CanonicalLayout.MissingColumns(columns: ["survey_options.section"])) {
            try CanonicalLayout.option.resolved(in: statement)
        }
    }

    /// The layouts are the fingerprint's documented field order (docs/fingerprint.md).
    @Test func theLayoutsKeepTheDocumentedOrder() {
        #expect(CanonicalLayout.option.columns == ["id", "content", "section", "created_at"])
        #expect(
            CanonicalLayout.note.columns == [
                "id", "session_id", "content", "status", "created_at", "promoted_option_id",
            ])
        #expect(
            CanonicalLayout.log.columns == [
                "id", "suggestion_id", "action", "from_status", "to_status", "moderator", "reason", "created_at",
                "version", "option_id",
            ])
    }
}
