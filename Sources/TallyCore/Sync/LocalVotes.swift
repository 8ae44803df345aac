import Foundation
import TallySQLite

/// The copy's votes, read in one snapshot: the figures compared with D1's and the rows kept
/// are the same rows.
final class LocalVotes {
    enum State {
        case otherDefinition
        case empty
        case holds(bottom: Int64, top: Int64)
    }

    let db: Connection
    let state: State
    let digest: VoteDigest

    /// Nil when the copy has no votes table (a new copy, or not a tally database yet).
    /// `key` is the pull's (`DigestKey`).
    init?(path: String, definition: String, key: DigestKey) throws {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let db = try DatabaseFile.openForReading(path)
        try db.execute("BEGIN")
        guard
            let sql = try db.scalar("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'votes'")?.string
        else {
            try? db.execute("ROLLBACK")
            return nil
        }
        self.db = db
        digest = try VoteDigest.covering(
            "votes",
            columns: try db.query("SELECT name FROM pragma_table_info('votes') ORDER BY cid").compactMap {
                $0[0].string
            }, in: db, key: key)
        if sql != definition {
            state = .otherDefinition
        } else if let extent = try db.query("SELECT min(id), max(id) FROM votes").first,
            let bottom = extent[0].int64, let top = extent[1].int64
        {
            state = .holds(bottom: bottom, top: top)
        } else {
            state = .empty
        }
    }

    /// Writes the copy's votes up to `through`, leaving out the ranges in `skipping`; returns how many.
    func write(through: Int64, skipping: Set<Int64>, to writer: ExportWriter) throws -> Int64 {
        let statement = try db.prepare("SELECT * FROM votes WHERE id <= \(through) ORDER BY id")
        var kept: Int64 = 0
        while try statement.step() {
            let row = statement.row()
            guard let id = row["id"]?.int64 else { continue }
            if skipping.contains(id / VoteDigest.width) { continue }
            try writer.insert(into: "votes", row)
            kept += 1
        }
        return kept
    }

    func close() { try? db.execute("ROLLBACK") }
}
