import Foundation
import TallyCore
import TallySQLite
import Testing

/// A real database file with the full schema and a few notes, for moderation tests.
final class ModerationFixture {
    let folder: TemporaryDirectory
    let path: String
    let db: Connection
    let store: ModerationStore

    /// A fixed clock: decisions made by the fixture are stamped from here, one second apart.
    private(set) var clock = Instant(seconds: 1_790_000_000)  // 2026-09-21 14:13:20 UTC

    /// A migrated database with `notes` as (content, session) inserted as pending, ids from 1.
    init(notes: [(content: String, session: String?)] = [("first", "s-1"), ("second", "s-1"), ("third", "s-2")])
        throws
    {
        folder = try TemporaryDirectory()
        path = folder.path("moderation.sqlite")
        db = try Connection(path: path, mode: .create)
        try Migrator().migrate(db)
        for note in notes {
            try db.execute(
                "INSERT INTO suggestions (session_id, content, created_at) VALUES (?, ?, '2026-09-20 05:05:10')",
                [SQLValue(note.session), .text(note.content)])
        }
        store = try ModerationStore(db)
    }

    /// The next clock tick.
    func tick() -> Instant {
        clock = clock.adding(seconds: 1)
        return clock
    }

    /// Makes a decision acting on the note as it is now.
    @discardableResult
    func decide(
        _ action: ModerationAction, _ id: Int64, by name: String = "mod-a", reason: String? = nil
    ) throws -> Decision {
        let note = try #require(try store.note(id))
        return try store.decide(
            DecisionRequest(
                noteID: id, action: action, moderator: try Moderator(name),
                reason: try reason.map { try ModerationReason($0) }
                    ?? (action.requiresReason ? ModerationReason("because") : nil),
                actedOnVersion: note.version, actedOnState: note.state, time: tick()))
    }

    /// Every row of the tables moderation touches, to prove that nothing changed.
    func snapshot() throws -> [String: [Row]] {
        var tables: [String: [Row]] = [:]
        for table in ["suggestions", "survey_options", "moderation_log", "votes"] {
            tables[table] = try db.query("SELECT * FROM \(table) ORDER BY rowid")
        }
        return tables
    }
}
