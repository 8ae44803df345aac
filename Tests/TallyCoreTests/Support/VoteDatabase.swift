import Foundation
import TallyCore
import TallySQLite

/// A small hand-written vote database for one test: migrated schema, then the rows given.
struct VoteDatabase {
    let folder: TemporaryDirectory
    let path: String

    /// Options are (id, content, section, created_at); votes are (option, session, created_at).
    init(
        options: [(Int64, String, String, String)] = VoteDatabase.fiveOptions,
        votes: [(Int64, String, String)], notes: [(String?, String, String, Int64?)] = []
    ) throws {
        folder = try TemporaryDirectory()
        path = folder.path("votes.sqlite")
        try DatabaseFile.build(at: path) { db in
            try Migrator().migrate(db)
            try db.execute("PRAGMA foreign_keys = OFF")
            // One transaction: thousands of rows would otherwise each wait for the disk.
            try db.transaction(.immediate) {
                for option in options {
                    try db.execute(
                        "INSERT INTO survey_options (id, content, section, created_at) VALUES (?, ?, ?, ?)",
                        [.integer(option.0), .text(option.1), .text(option.2), .text(option.3)])
                }
                let insert = try db.prepare("INSERT INTO votes (option_id, session_id, created_at) VALUES (?, ?, ?)")
                for vote in votes {
                    try insert.execute([.integer(vote.0), .text(vote.1), .text(vote.2)])
                }
                for note in notes {
                    try db.execute(
                        "INSERT INTO suggestions (session_id, content, status, promoted_option_id) VALUES (?, ?, ?, ?)",
                        [SQLValue(note.0), .text(note.1), .text(note.2), SQLValue(note.3)])
                }
            }
        }
    }

    static let fiveOptions: [(Int64, String, String, String)] = (1...5).map {
        (Int64($0), "option \($0)", "original", "2026-01-01 00:00:00")
    }

    func open() throws -> Connection { try DatabaseFile.openForReading(path) }

    func figures(_ parameters: ReportParameters) throws -> ReportFigures {
        try Analyzer(parameters: parameters).figures(from: open())
    }

    func report(_ parameters: ReportParameters) throws -> ReportModel {
        try Analyzer(parameters: parameters).report(from: open())
    }
}

extension Instant {
    /// A UTC instant from D1 text, for tests.
    static func utc(_ text: String) -> Instant { StoredTimestamp.parse(text)! }
}
