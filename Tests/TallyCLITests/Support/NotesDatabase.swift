import Foundation
import TallyCore
import TallySQLite

/// Database files for the `notes` tests: the demo, plus hostile notes.
enum NotesDatabase {
    /// Notes a visitor could write to break a listing: terminal escapes, table
    /// pipes and newlines, a spreadsheet formula, 10,000 characters, bidi overrides.
    static let hostile: [(id: Int64, session: String?, content: String, createdAt: String)] = [
        (7, Demo.sessions["s13"], "\u{1B}[2J\u{1B}[31mALERT\u{1B}[0m rm -rf ~\u{7}", "2026-09-24 08:00:00"),
        (
            8, "e1f2a3b4-0000-4000-8000-000000000008", "a | b | c\n| --- |\r\nsecond line\twith tab",
            "2026-09-25T03:04:05.000Z"
        ),
        (9, nil, "=HYPERLINK(\"https://evil.example\",\"click\")", "2026-09-25 10:00:00"),
        (
            10, "e1f2a3b4-0000-4000-8000-000000000008", String(repeating: "0123456789", count: 1_000),
            "2026-09-26 11:00:00"
        ),
        (11, nil, "right-to-left \u{202E}gnp.exe <b>bold</b> *star* `code` \\ back # not a heading", "not a time"),
    ]

    /// Writes the demo to `path`.
    static func demo(at path: String) throws {
        try DatabaseFile.build(at: path) { db in try Demo.write(into: db) }
    }

    /// Writes the demo plus the hostile notes (all pending) to `path`.
    static func hostileDemo(at path: String) throws {
        try DatabaseFile.build(at: path) { db in
            try Demo.write(into: db)
            for note in hostile {
                try db.execute(
                    "INSERT INTO suggestions (id, session_id, content, created_at) VALUES (?, ?, ?, ?)",
                    [.integer(note.id), SQLValue(note.session), .text(note.content), .text(note.createdAt)])
            }
        }
    }

    /// A database with the full schema and one pending note (id 1), for races.
    static func oneNote(at path: String, content: String = "race me") throws {
        try DatabaseFile.build(at: path) { db in
            try Migrator().migrate(db)
            try db.execute("INSERT INTO suggestions (id, session_id, content) VALUES (1, 's', ?)", [.text(content)])
        }
    }

    /// Every row of the tables moderation touches.
    static func tables(_ path: String) throws -> [String: [Row]] {
        let db = try Connection(path: path, mode: .readOnly)
        var result: [String: [Row]] = [:]
        for table in ["suggestions", "survey_options", "moderation_log", "votes"] {
            result[table] = try db.query("SELECT * FROM \(table) ORDER BY rowid")
        }
        return result
    }

    /// The file's bytes, to prove a refused command changed nothing at all.
    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }
}
