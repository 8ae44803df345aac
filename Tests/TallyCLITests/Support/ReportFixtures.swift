import Foundation
import TallyCore
import TallySQLite

/// Databases and readers the report's end-to-end tests share.
enum ReportFixtures {
    /// The golden files of the renderer tests: the CLI must print exactly them.
    static func golden(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("TallyRenderTests/Golden/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// A migrated database with these options (id, content, section, created_at) and votes
    /// (option, session, created_at).
    static func database(
        at path: String, options: [(Int64, String, String, String)], votes: [(Int64, String, String)]
    ) throws {
        try DatabaseFile.build(at: path) { db in
            try Migrator().migrate(db)
            for option in options {
                try db.execute(
                    "INSERT INTO survey_options (id, content, section, created_at) VALUES (?, ?, ?, ?)",
                    [.integer(option.0), .text(option.1), .text(option.2), .text(option.3)])
            }
            for vote in votes {
                try db.execute(
                    "INSERT INTO votes (option_id, session_id, created_at) VALUES (?, ?, ?)",
                    [.integer(vote.0), .text(vote.1), .text(vote.2)])
            }
        }
    }

    /// A database built from raw SQL (for schemas that are not tally's).
    static func database(at path: String, sql: String) throws {
        try DatabaseFile.build(at: path) { db in try db.executeScript(sql) }
    }

    /// The JSON report as nested dictionaries.
    static func json(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    /// A file's bytes and the names in its folder, to show a read left everything as it was.
    static func snapshot(_ path: String) throws -> (Data, [String]) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return (
            try Data(contentsOf: URL(fileURLWithPath: path)),
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        )
    }
}
